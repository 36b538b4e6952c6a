import sharp from 'sharp';
import { UPLOAD_IMAGE_MAX_MEGAPIXELS } from '../../../../shared/constants.ts';
import { groundFromEdges, paperLevel } from './ground.ts';
import { findPage, warpPage } from './rectify.ts';

/**
 * Turns a page image (a phone photo or a rendered scan) into what Tesseract reads best: upright
 * (EXIF orientation), grey, at a resolution where body text is 25–40 px high, a photographed page
 * cut out and made flat (`rectify.ts`), lit evenly (the
 * paper's brightness is estimated per block and divided out, which also fades the table around a
 * photographed page), contrast raised (gamma 3), and deskewed (the angle whose horizontal projection profile has the
 * sharpest peaks, searched over ±8°).
 */

/** Decoded pixels allowed per image: refuses decompression bombs before their pixels are decoded. */
export const OCR_MAX_INPUT_PIXELS = UPLOAD_IMAGE_MAX_MEGAPIXELS * 1_000_000;
/** Neither side may be longer than this (a 1 × 50,000,000 strip is no page either). */
export const OCR_MAX_SIDE = 20_000;
/** The prepared page's long side, in pixels (about 300 dpi on A4). */
const TARGET_LONG_SIDE = 3300;
const MAX_SKEW_DEGREES = 8;
const GAMMA = Uint8Array.from({ length: 256 }, (_, v) => Math.round(255 * (v / 255) ** 3));

export type ImageProblemCode = 'not_image' | 'too_large' | 'damaged';

/** An image that cannot be read (the code tells which message the venue gets). */
export class ImageProblem extends Error {
  override readonly name = 'ImageProblem';
  constructor(readonly code: ImageProblemCode, message: string) {
    super(message);
  }
}

export interface PreparedPage {
  /** Prepared page as a binary PGM (what Tesseract reads from stdin without decoding). */
  pgm: Buffer;
  /** The same pixels (grey, 0 = ink), for measuring stroke weight of words. */
  grey: Uint8Array;
  width: number;
  height: number;
  /** Rotation applied to straighten the text (degrees, counter-clockwise positive). */
  skew: number;
  /** A photographed page cut out of the photo and made flat (`rectify.ts`), before the rotation. */
  warp?: PageWarp;
}

/**
 * How a flattened page maps back onto the photo: `matrix` (a homography) takes a pixel of the
 * flattened page (`width` pixels wide) to a pixel of the photo as resized (`photoWidth` ×
 * `photoHeight` pixels).
 */
export interface PageWarp {
  matrix: number[];
  width: number;
  photoWidth: number;
  photoHeight: number;
}

const SHARP_OPTIONS = { limitInputPixels: OCR_MAX_INPUT_PIXELS, failOn: 'error' } as const;

/**
 * Size and format of an image, checked against the limits from its header alone, then decoded
 * once at a small size so a truncated or corrupt file is refused here and not halfway through OCR.
 */
export async function inspectImage(bytes: Uint8Array): Promise<{ width: number; height: number; format: string }> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header only (no pixels are decoded): its size is checked here, with our message.
    meta = await sharp(bytes, { ...SHARP_OPTIONS, limitInputPixels: false }).metadata();
  } catch (err) {
    throw new ImageProblem('not_image', `not an image: ${(err as Error).message}`);
  }
  const { width = 0, height = 0, format = '' } = meta;
  if (!['jpeg', 'png', 'webp'].includes(format)) throw new ImageProblem('not_image', `unsupported format ${format}`);
  if (!width || !height) throw new ImageProblem('damaged', 'image without dimensions');
  if (width * height > OCR_MAX_INPUT_PIXELS || width > OCR_MAX_SIDE || height > OCR_MAX_SIDE) {
    throw new ImageProblem('too_large', `${width}×${height} pixels`);
  }
  if ((meta.pages ?? 1) > 1) throw new ImageProblem('not_image', 'animated images are not pages');
  try {
    await sharp(bytes, SHARP_OPTIONS).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch (err) {
    throw new ImageProblem('damaged', (err as Error).message);
  }
  return { width, height, format };
}

/** Paper brightness per block of `block` pixels (a high percentile: text is dark, paper light), smoothed. */
function backgroundGrid(grey: Uint8Array, width: number, height: number, block: number): { grid: Float32Array; gw: number; gh: number } {
  const gw = Math.ceil(width / block);
  const gh = Math.ceil(height / block);
  const grid = new Float32Array(gw * gh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < gh; by++) {
    for (let bx = 0; bx < gw; bx++) {
      hist.fill(0);
      let n = 0;
      const y1 = Math.min(height, (by + 1) * block);
      const x1 = Math.min(width, (bx + 1) * block);
      for (let y = by * block; y < y1; y += 2) {
        for (let x = bx * block; x < x1; x += 2) {
          hist[grey[y * width + x] as number]!++;
          n++;
        }
      }
      // The 90th percentile: the paper, even where a block is half text.
      let seen = 0;
      let v = 255;
      for (; v > 0; v--) {
        seen += hist[v] as number;
        if (seen >= n * 0.1) break;
      }
      grid[by * gw + bx] = Math.max(v, 24);
    }
  }
  // Smooth (3×3 mean, twice) so block edges do not show.
  for (let pass = 0; pass < 2; pass++) {
    const copy = grid.slice();
    for (let by = 0; by < gh; by++) {
      for (let bx = 0; bx < gw; bx++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const yy = by + dy;
            const xx = bx + dx;
            if (yy < 0 || xx < 0 || yy >= gh || xx >= gw) continue;
            sum += copy[yy * gw + xx] as number;
            n++;
          }
        }
        grid[by * gw + bx] = sum / n;
      }
    }
  }
  return { grid, gw, gh };
}

/**
 * What lies around a photographed page (a table, a hand) is darker than the paper and reaches the
 * image's edge: flood-filled from the edges through dark pixels, it becomes paper-white, so it
 * leaves no dark frame that Tesseract would take for an image block.
 */
function whitenSurroundings(source: Uint8Array, out: Uint8Array, width: number, height: number): void {
  const ground = groundFromEdges(source, width, height, 0.65 * paperLevel(source, 5));
  for (let p = 0; p < ground.length; p++) if (ground[p]) out[p] = 255;
}

/** Divides each pixel by the paper's brightness around it (bilinear between block centres). */
function flattenIllumination(grey: Uint8Array, width: number, height: number): Uint8Array {
  const block = Math.max(16, Math.round(Math.max(width, height) / 60));
  const { grid, gw, gh } = backgroundGrid(grey, width, height, block);
  const out = new Uint8Array(grey.length);
  // Where each column falls between block centres, worked out once (not once per pixel).
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const fxs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const gx = Math.min(gw - 1, Math.max(0, (x + 0.5) / block - 0.5));
    x0s[x] = Math.floor(gx);
    x1s[x] = Math.min(gw - 1, (x0s[x] as number) + 1);
    fxs[x] = gx - (x0s[x] as number);
  }
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const fy = gy - y0;
    const topRow = y0 * gw;
    const bottomRow = y1 * gw;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const x0 = x0s[x] as number;
      const x1 = x1s[x] as number;
      const fx = fxs[x] as number;
      const top = (grid[topRow + x0] as number) * (1 - fx) + (grid[topRow + x1] as number) * fx;
      const bottom = (grid[bottomRow + x0] as number) * (1 - fx) + (grid[bottomRow + x1] as number) * fx;
      const bg = top * (1 - fy) + bottom * fy;
      const v = ((grey[row + x] as number) * 255) / bg;
      out[row + x] = v >= 255 ? 255 : v;
    }
  }
  whitenSurroundings(grey, out, width, height);
  return out;
}

/**
 * The skew of the text lines in degrees (positive: lines rise to the right), from the horizontal
 * projection profile of the ink: the angle at which rows of ink are sharpest (largest sum of
 * squared row counts), coarse then fine. Over the whole width, and in three vertical strips apart:
 * a page whose columns set their lines at different heights (a variant header over one column
 * only) has its sharpest rows over the whole width where a slant lines the columns up (a straight
 * scan came out at -0.75°). The strips do not see that, but measure a true slant less finely (the
 * corpus scans: 0.06° off on average either way, at most 0.25° in strips): the whole width's angle
 * stands unless the strips' is more than 0.3° from it.
 */
export function estimateSkew(grey: Uint8Array, width: number, height: number): number {
  const step = Math.max(1, Math.round(width / 900));
  let count = 0;
  for (let y = 0; y < height; y += step) for (let x = 0; x < width; x += step) if ((grey[y * width + x] as number) < 110) count++;
  if (count < 200) return 0;
  // Typed arrays, sized by a first count: the points are scored about a hundred times over.
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  let i = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if ((grey[y * width + x] as number) < 110) [xs[i], ys[i++]] = [x / step, y / step];
    }
  }
  const whole = profileSkew(xs, ys, width / step, height / step, 1);
  const strips = profileSkew(xs, ys, width / step, height / step, 3);
  return Math.abs(strips - whole) > 0.3 ? strips : whole;
}

/** The sharpest angle of the ink points' projection profile, taken in `strips` vertical strips apart. */
function profileSkew(xs: Float64Array, ys: Float64Array, width: number, height: number, strips: number): number {
  const rows = Math.ceil(height) + Math.ceil(width) + 2;
  const offset = Math.ceil(width) + 1;
  const stripWidth = Math.ceil(width / strips);
  const bins = new Float64Array(rows * strips);
  // Each point's strip, as the first bin of its strip's rows (the same at every angle).
  const stripStart = Int32Array.from(xs, (x) => Math.floor(x / stripWidth) * rows);
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round((ys[i] as number) + (xs[i] as number) * t) + offset;
      if (r >= 0 && r < rows) bins[(stripStart[i] as number) + r]!++;
    }
    let s = 0;
    for (let i = 0; i < bins.length; i++) s += (bins[i] as number) * (bins[i] as number);
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let d = -MAX_SKEW_DEGREES; d <= MAX_SKEW_DEGREES; d += 0.5) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 0.5; d <= coarse + 0.5; d += 0.05) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return Math.round(best * 100) / 100;
}

interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Its ink pixels. */
  size: number;
}

/** Connected groups of ink pixels (4-neighbourhood), with their boxes; big ones are not collected. */
function inkBlobs(grey: Uint8Array, width: number, height: number, maxPixels: number): Blob[] {
  const seen = new Uint8Array(grey.length);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  const visit = (q: number) => {
    if (!seen[q] && (grey[q] as number) < 128) {
      seen[q] = 1;
      stack.push(q);
    }
  };
  for (let start = 0; start < grey.length; start++) {
    if (seen[start] || (grey[start] as number) >= 128) continue;
    seen[start] = 1;
    stack.push(start);
    const blob: Blob = { x0: width, y0: height, x1: 0, y1: 0, size: 0 };
    while (stack.length) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      blob.size++;
      if (x < blob.x0) blob.x0 = x;
      if (x > blob.x1) blob.x1 = x;
      if (y < blob.y0) blob.y0 = y;
      if (y > blob.y1) blob.y1 = y;
      // The four neighbours, written out: an array per pixel kept the collector busy.
      if (x > 0) visit(p - 1);
      if (x < width - 1) visit(p + 1);
      if (y > 0) visit(p - width);
      if (y < height - 1) visit(p + width);
    }
    if (blob.size <= maxPixels) blobs.push(blob);
  }
  return blobs;
}

/**
 * Erases dot leaders (rows of four or more small dots or flat dashes, nothing printed between
 * them): Tesseract reads them as letters and glues them to the item name or the price. Single
 * dots (i, full stops, commas) and hyphens stay.
 */
export function eraseLeaders(grey: Uint8Array, width: number, height: number): void {
  const blobs = inkBlobs(grey, width, height, 4000);
  const heights = blobs.filter((b) => b.size >= 30).map((b) => b.y1 - b.y0 + 1).sort((a, b) => a - b);
  const letter = heights[Math.floor(heights.length / 2)] ?? 0;
  if (letter < 8) return;
  // Dots, and the dashes a fine leader becomes on a scan (its dots run together in pieces of
  // different lengths, no taller than a dot).
  const dots = blobs
    .filter((b) => {
      const [w, h] = [b.x1 - b.x0 + 1, b.y1 - b.y0 + 1];
      return h <= 0.45 * letter && ((w <= 0.6 * letter && w <= 2.5 * h) || (h <= 0.3 * letter && w <= 8 * letter));
    })
    .sort((a, b) => a.x0 - b.x0);
  // Chains of dots on one line, each within two letter heights of the previous one.
  const used = new Set<Blob>();
  dots.forEach((d, at) => {
    if (used.has(d)) return;
    const chain = [d];
    let last = d;
    const cy = (b: Blob) => (b.y0 + b.y1) / 2;
    // Nothing is printed between two dots of a leader: a dot after a digit (the decimal point of
    // "…… 4.50") ends the chain and stays.
    const clearBetween = (a: Blob, b: Blob) => {
      const top = Math.max(0, Math.round(cy(a) - letter));
      const bottom = Math.min(height - 1, Math.round(cy(a) + 0.25 * letter));
      for (let y = top; y <= bottom; y++) for (let x = a.x1 + 2; x <= b.x0 - 2; x++) if ((grey[y * width + x] as number) < 128) return false;
      return true;
    };
    // Dots before this one in the order start left of its end: none can follow it.
    for (let k = at + 1; k < dots.length; k++) {
      const e = dots[k] as Blob;
      if (e.x0 <= last.x1 || used.has(e)) continue;
      if (e.x0 - last.x1 > 2 * letter) break;
      if (Math.abs(cy(e) - cy(last)) <= 0.25 * letter) {
        if (!clearBetween(last, e)) break;
        chain.push(e);
        last = e;
      }
    }
    if (chain.length < 4) return;
    for (const b of chain) used.add(b);
    // The chain's box and a pixel around it: the dots' grey rims and the fainter dots between
    // them, which are not ink at 128 but still are to Tesseract (nothing dark is printed there).
    const [x0, x1] = [Math.max(0, chain[0]!.x0 - 1), Math.min(width, last.x1 + 2)];
    const [y0, y1] = [Math.max(0, Math.min(...chain.map((b) => b.y0)) - 1), Math.min(height - 1, Math.max(...chain.map((b) => b.y1)) + 1)];
    for (let y = y0; y <= y1; y++) grey.fill(255, y * width + x0, y * width + x1);
  });
}

/** Grey pixels (one byte each), e.g. a PGM page rendered by pdftoppm. */
export interface GreyImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** A binary PGM ("P5", 8 bits) as pdftoppm writes it with `-gray`; null when it is not one. */
export function parsePgm(data: Uint8Array): GreyImage | null {
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 64)).toString('latin1');
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(head);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  const offset = m[0].length;
  if (data.length < offset + width * height) return null;
  return { pixels: data.subarray(offset, offset + width * height), width, height };
}

/** A page image ready for Tesseract (see the module comment). */
export async function preparePage(input: Uint8Array | GreyImage): Promise<PreparedPage> {
  let w: number;
  let h: number;
  let source: ReturnType<typeof sharp>;
  if ('pixels' in input) {
    // A page we rendered ourselves (pdftoppm's PGM): trusted size, no container to decode.
    [w, h] = [input.width, input.height];
    source = sharp(input.pixels, { raw: { width: w, height: h, channels: 1 }, limitInputPixels: OCR_MAX_INPUT_PIXELS });
  } else {
    const { width: w0, height: h0 } = await inspectImage(input);
    const meta = await sharp(input, SHARP_OPTIONS).metadata();
    const swapped = (meta.orientation ?? 1) >= 5;
    [w, h] = swapped ? [h0, w0] : [w0, h0];
    source = sharp(input, SHARP_OPTIONS);
  }
  const scale = Math.min(2.5, Math.max(0.3, TARGET_LONG_SIDE / Math.max(w, h)));
  let width = Math.max(1, Math.round(w * scale));
  let height = Math.max(1, Math.round(h * scale));
  const raw = await source
    .rotate()
    .greyscale()
    .resize(width, height, { fit: 'fill', kernel: scale > 1 ? 'cubic' : 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  width = raw.info.width;
  height = raw.info.height;
  let pixels: Uint8Array = new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.length);
  let warp: PageWarp | undefined;
  // A photo: the page seen at an angle is cut out and made flat (a rendered PDF page is flat).
  const page = 'pixels' in input ? null : findPage(pixels, width, height);
  if (page) {
    const flat = warpPage(pixels, width, height, page, TARGET_LONG_SIDE);
    warp = { matrix: flat.matrix, width: flat.width, photoWidth: width, photoHeight: height };
    [pixels, width, height] = [flat.grey, flat.width, flat.height];
  }
  let grey: Uint8Array = flattenIllumination(pixels, width, height);
  const skew = estimateSkew(grey, width, height);
  if (Math.abs(skew) >= 0.15) {
    // Rotate about the centre and keep the original frame (the corners are paper-white).
    // One channel out (a white background makes it three: three times the pixels to turn).
    const rotated = await sharp(grey, { raw: { width, height, channels: 1 } })
      .rotate(skew, { background: { r: 255, g: 255, b: 255 } })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rw = rotated.info.width;
    const left = Math.max(0, Math.floor((rw - width) / 2));
    const top = Math.max(0, Math.floor((rotated.info.height - height) / 2));
    const src = rotated.data;
    const out = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) out.set(src.subarray((y + top) * rw + left, (y + top) * rw + left + width), y * width);
    grey = out;
  }
  // Faint ink (thin grey price digits in a photo) is darkened, the paper stays white: gamma 3 when
  // the darkest ink is still grey, none when it is black already.
  const hist = new Uint32Array(256);
  for (let i = 0; i < grey.length; i += 7) hist[grey[i] as number]!++;
  let darkest = 0;
  for (let seen = 0, n = Math.ceil(grey.length / 7); darkest < 255 && seen < n * 0.01; darkest++) seen += hist[darkest] as number;
  if (darkest > 70) for (let i = 0; i < grey.length; i++) grey[i] = GAMMA[grey[i] as number] as number;
  eraseLeaders(grey, width, height);
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  return { pgm: Buffer.concat([header, grey]), grey, width, height, skew, ...(warp ? { warp } : {}) };
}
