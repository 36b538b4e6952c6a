import type { OcrLine } from './hocr.ts';

/**
 * Pieces of a page read in one Tesseract run instead of one run each (a run costs ~0.1 s of model
 * loading before it reads anything): stacked one under the other on a white sheet, each at the
 * sheet's left margin, with white between them; what Tesseract reads is then sorted back to its
 * piece by where it stands on the sheet. Pure.
 */

export interface Piece {
  pixels: Uint8Array;
  w: number;
  h: number;
}

export interface Sheet {
  /** The sheet as a binary PGM (Tesseract reads it from stdin). */
  pgm: Buffer;
  /** Where each piece stands: its top-left corner on the sheet and its height. */
  rows: Array<{ x0: number; y0: number; y1: number }>;
  margin: number;
}

export function stackPieces(pieces: Piece[], margin: number): Sheet {
  const width = Math.max(1, ...pieces.map((p) => p.w)) + 2 * margin;
  const rows: Sheet['rows'] = [];
  let y = margin;
  for (const p of pieces) {
    rows.push({ x0: margin, y0: y, y1: y + p.h });
    y += p.h + 2 * margin;
  }
  const height = Math.max(1, y - margin);
  const sheet = new Uint8Array(width * height).fill(255);
  pieces.forEach((p, i) => {
    const { x0, y0 } = rows[i] as Sheet['rows'][number];
    for (let r = 0; r < p.h; r++) sheet.set(p.pixels.subarray(r * p.w, (r + 1) * p.w), (y0 + r) * width + x0);
  });
  return { pgm: Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), sheet]), rows, margin };
}

/**
 * The lines Tesseract read on piece `i` of the sheet (their middle within its rows, give or take
 * half a margin), moved so that the piece's top-left corner is 0,0 again; words, letters and all.
 */
export function linesOfPiece(found: OcrLine[], sheet: Sheet, i: number): OcrLine[] {
  const row = sheet.rows[i];
  if (!row) return [];
  const [dx, dy] = [-row.x0, -row.y0];
  const move = <T extends { x0: number; y0: number; x1: number; y1: number }>(b: T): T => ({ ...b, x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy });
  return found
    .filter((l) => {
      const middle = (l.y0 + l.y1) / 2;
      return middle >= row.y0 - sheet.margin / 2 && middle <= row.y1 + sheet.margin / 2;
    })
    .map((l) => ({ ...move(l), words: l.words.map((w) => ({ ...move(w), ...(w.chars ? { chars: w.chars.map(move) } : {}) })) }));
}

/**
 * A region of the page enlarged `scale` times (bilinear), as a piece for a sheet. Pixels outside
 * the page, and left of `whiteLeftOf`, are white.
 */
export function enlargeRegion(grey: Uint8Array, width: number, region: { x0: number; y0: number; x1: number; y1: number }, scale: number, whiteLeftOf = -Infinity): Piece {
  const sw = region.x1 - region.x0;
  const sh = region.y1 - region.y0;
  const w = Math.max(1, Math.round(sw * scale));
  const h = Math.max(1, Math.round(sh * scale));
  const height = grey.length / width;
  const at = (x: number, y: number) => {
    const px = region.x0 + x;
    const py = region.y0 + y;
    return px < whiteLeftOf || px < 0 || py < 0 || px >= width || py >= height ? 255 : (grey[py * width + px] as number);
  };
  const pixels = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / scale - 0.5));
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx;
      const low = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx;
      pixels[y * w + x] = Math.round(top * (1 - ty) + low * ty);
    }
  }
  return { pixels, w, h };
}
