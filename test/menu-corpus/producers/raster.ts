import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Producers "scan" and "photo": another producer's PDF rendered by poppler (pdftoppm), then
 * degraded with sharp and plain pixel arithmetic. A scan is rotated by a degree or three, gets
 * sensor noise and JPEG compression and is wrapped back into an image-only PDF (pdf-lib) with the
 * page's original size. A photo is one page seen at an angle (a perspective warp), lit unevenly,
 * on a darker table, saved as JPEG or PNG. Noise comes from a seeded generator: builds repeat.
 */

/** mulberry32: a small seeded generator. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function renderPages(pdf: Uint8Array, dpi: number, gray: boolean, first?: number): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'menu-raster-'));
  fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
  execFileSync(
    'pdftoppm',
    ['-r', String(dpi), ...(gray ? ['-gray'] : []), ...(first ? ['-f', '1', '-l', String(first)] : []), '-png', 'in.pdf', 'p'],
    {
      cwd: dir,
      stdio: 'pipe',
    },
  );
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('p') && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
}

export interface ScanOptions {
  dpi: number;
  /** Degrees, clockwise. */
  angle: number;
  gray: boolean;
  quality: number;
  /** Noise amplitude (0–255). */
  noise: number;
  seed: number;
}

/** Renders, degrades and re-wraps every page as an image-only PDF. */
export async function scanPdf(pdf: Uint8Array, o: ScanOptions): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf);
  const sizes = source.getPages().map((p) => p.getSize());
  const files = renderPages(pdf, o.dpi, o.gray);
  const out = await PDFDocument.create();
  out.setProducer('menu-corpus scan');
  const random = rng(o.seed);
  try {
    for (const [k, file] of files.entries()) {
      const { data, info } = await sharp(file)
        .rotate(o.angle, { background: '#ffffff' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (let i = 0; i < data.length; i++) {
        const v = (data[i] ?? 0) + (random() - 0.5) * 2 * o.noise;
        data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
      const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .jpeg({ quality: o.quality, mozjpeg: true })
        .toBuffer();
      const img = await out.embedJpg(jpeg);
      const size = sizes[k] ?? { width: 595.28, height: 841.89 };
      const page = out.addPage([size.width, size.height]);
      page.drawImage(img, { x: 0, y: 0, width: size.width, height: size.height });
    }
  } finally {
    fs.rmSync(path.dirname(files[0] ?? os.tmpdir()), { recursive: true, force: true });
  }
  return out.save();
}

export interface PhotoOptions {
  /** How far each corner moves inwards, as fractions of width/height: [tl, tr, br, bl] as [dx, dy]. */
  corners: Array<[number, number]>;
  format: 'jpeg' | 'png';
  seed: number;
  /**
   * The page's resolution in the photo (110 by default: a photo sent on through a messenger,
   * about 1,000 px across the page; a 12 MP phone camera framing an A4 page gives 200–300).
   */
  dpi?: number;
}

/**
 * The first page photographed: a perspective warp (inverse bilinear mapping of the page onto a
 * quadrilateral), a light fall-off from one corner and a grey-brown table around the page.
 */
export async function photoOf(pdf: Uint8Array, o: PhotoOptions): Promise<Uint8Array> {
  const dpi = o.dpi ?? 110;
  const [file] = renderPages(pdf, dpi, false, 1);
  if (!file) throw new Error('no page rendered');
  try {
    const { data: src, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const W = info.width;
    const H = info.height;
    const ch = info.channels;
    const pad = Math.round(W * 0.06);
    const OW = W + 2 * pad;
    const OH = H + 2 * pad;
    const out = Buffer.alloc(OW * OH * 3);
    const random = rng(o.seed);
    // Destination quad corners (tl, tr, br, bl) in output pixels.
    const base: Array<[number, number]> = [
      [pad, pad],
      [pad + W, pad],
      [pad + W, pad + H],
      [pad, pad + H],
    ];
    const q = base.map(([x, y], i) => {
      const [dx, dy] = o.corners[i] ?? [0, 0];
      const sx = i === 1 || i === 2 ? -1 : 1;
      const sy = i >= 2 ? -1 : 1;
      return [x + sx * dx * W, y + sy * dy * H] as [number, number];
    });
    // Inverse bilinear: for each output pixel find (u, v) with P = bilinear(q, u, v) by Newton steps.
    const [p0, p1, p2, p3] = q as [[number, number], [number, number], [number, number], [number, number]];
    for (let y = 0; y < OH; y++) {
      for (let x = 0; x < OW; x++) {
        let u = (x - pad) / W;
        let v = (y - pad) / H;
        for (let it = 0; it < 6; it++) {
          const fx = (1 - u) * (1 - v) * p0[0] + u * (1 - v) * p1[0] + u * v * p2[0] + (1 - u) * v * p3[0] - x;
          const fy = (1 - u) * (1 - v) * p0[1] + u * (1 - v) * p1[1] + u * v * p2[1] + (1 - u) * v * p3[1] - y;
          const dxu = -(1 - v) * p0[0] + (1 - v) * p1[0] + v * p2[0] - v * p3[0];
          const dxv = -(1 - u) * p0[0] - u * p1[0] + u * p2[0] + (1 - u) * p3[0];
          const dyu = -(1 - v) * p0[1] + (1 - v) * p1[1] + v * p2[1] - v * p3[1];
          const dyv = -(1 - u) * p0[1] - u * p1[1] + u * p2[1] + (1 - u) * p3[1];
          const det = dxu * dyv - dxv * dyu || 1e-9;
          u -= (fx * dyv - fy * dxv) / det;
          v -= (fy * dxu - fx * dyu) / det;
        }
        const o3 = (y * OW + x) * 3;
        // Light: brighter towards the top left, darker at the bottom right.
        const light = 1.05 - 0.35 * ((x / OW + y / OH) / 2) + (random() - 0.5) * 0.06;
        if (u < 0 || u > 1 || v < 0 || v > 1) {
          out[o3] = 96 * light;
          out[o3 + 1] = 84 * light;
          out[o3 + 2] = 70 * light;
          continue;
        }
        const sx = Math.min(W - 1, Math.round(u * (W - 1)));
        const sy = Math.min(H - 1, Math.round(v * (H - 1)));
        const i3 = (sy * W + sx) * ch;
        for (let c = 0; c < 3; c++) {
          const val = (src[i3 + (ch >= 3 ? c : 0)] ?? 0) * light * (c === 2 ? 0.93 : 1);
          out[o3 + c] = val > 255 ? 255 : val;
        }
      }
    }
    // The lens's softness is the same on the page whatever the resolution: in pixels it grows with it.
    const img = sharp(out, { raw: { width: OW, height: OH, channels: 3 } }).blur((0.6 * dpi) / 110);
    return new Uint8Array(
      o.format === 'png'
        ? await img.png({ compressionLevel: 9, palette: true, colours: 64 }).toBuffer()
        : await img.jpeg({ quality: 72 }).toBuffer(),
    );
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
