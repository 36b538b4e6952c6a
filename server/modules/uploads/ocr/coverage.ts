import type { OcrLine } from './hocr.ts';

/**
 * Text Tesseract's page layout analysis left out. On some pages (a column of bold names on a
 * photo, text beside a picture) it takes a block for an image and writes no words for it, although
 * the ink is text. The page's ink is compared with the boxes of the words it did write: regions
 * of ink no word covers, shaped like lines of text, are read again on their own (`ocr/index.ts`).
 */

export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Cells of this many pixels square are the unit of the comparison. */
const CELL = 8;
/** A cell holding at least this many ink pixels (of 64) has ink. */
const INK_PIXELS = 4;
/**
 * Regions read again per page at most. All are read in one Tesseract run, stacked on one sheet,
 * so a few more cost little: a photo of a column of small-capital names can leave a region per
 * line (six left the seventh name of one menu unread), and a phone photo whose first pass read
 * no price leaves one per price (twelve left four prices of a bakery menu unread).
 */
export const MAX_REGIONS = 24;

/**
 * Regions of ink that no word box covers, big enough and dense enough to be text: at least two
 * cells (16 px) tall and six (48 px) wide, a fifth of their cells inked, ten pixel rows with ink
 * (not a rule), not more than a quarter of the page (a picture), the largest first, at most
 * MAX_REGIONS. Pixels under 128 are ink.
 */
export function uncoveredRegions(grey: Uint8Array, width: number, height: number, lines: OcrLine[]): Region[] {
  const gw = Math.ceil(width / CELL);
  const gh = Math.ceil(height / CELL);
  const ink = new Uint8Array(gw * gh);
  const counts = new Uint16Array(gw * gh);
  for (let y = 0; y < height; y++) {
    const row = (y / CELL) | 0;
    for (let x = 0; x < width; x++) if ((grey[y * width + x] as number) < 128) counts[row * gw + ((x / CELL) | 0)]!++;
  }
  for (let i = 0; i < counts.length; i++) ink[i] = (counts[i] as number) >= INK_PIXELS ? 1 : 0;
  // Covered: every word's box and a cell around it (its letters' rims, the space to the next word).
  for (const l of lines)
    for (const w of l.words) {
      const [cx0, cy0] = [Math.max(0, Math.floor(w.x0 / CELL) - 1), Math.max(0, Math.floor(w.y0 / CELL) - 1)];
      const [cx1, cy1] = [Math.min(gw - 1, Math.floor(w.x1 / CELL) + 1), Math.min(gh - 1, Math.floor(w.y1 / CELL) + 1)];
      for (let cy = cy0; cy <= cy1; cy++) ink.fill(0, cy * gw + cx0, cy * gw + cx1 + 1);
    }
  // Components of uncovered ink cells: letters and words of a line joined across two empty cells
  // sideways, the lines of a block across two empty cells above and below.
  const seen = new Uint8Array(gw * gh);
  const regions: Array<Region & { cells: number }> = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    seen[start] = 1;
    const stack = [start];
    const box = { x0: gw, y0: gh, x1: 0, y1: 0, cells: 0 };
    while (stack.length) {
      const p = stack.pop() as number;
      const cx = p % gw;
      const cy = (p - cx) / gw;
      box.cells++;
      box.x0 = Math.min(box.x0, cx);
      box.x1 = Math.max(box.x1, cx);
      box.y0 = Math.min(box.y0, cy);
      box.y1 = Math.max(box.y1, cy);
      for (let dy = -3; dy <= 3; dy++)
        for (let dx = -3; dx <= 3; dx++) {
          const [nx, ny] = [cx + dx, cy + dy];
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          const q = ny * gw + nx;
          if (ink[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    const [bw, bh] = [box.x1 - box.x0 + 1, box.y1 - box.y0 + 1];
    if (bh < 2 || bw < 6 || box.cells < 0.2 * bw * bh || bw * bh > 0.25 * gw * gh) continue;
    const region = { x0: box.x0 * CELL, y0: box.y0 * CELL, x1: Math.min(width, (box.x1 + 1) * CELL), y1: Math.min(height, (box.y1 + 1) * CELL) };
    // Letters are a dozen pixel rows tall at least; a rule across two cells is a few.
    let inkRows = 0;
    for (let y = region.y0; y < region.y1; y++) {
      let dark = 0;
      for (let x = region.x0; x < region.x1 && dark < 2; x++) if ((grey[y * width + x] as number) < 128) dark++;
      if (dark >= 2) inkRows++;
    }
    if (inkRows >= 10) regions.push({ ...region, cells: box.cells });
  }
  return regions
    .sort((a, b) => b.cells - a.cells)
    .slice(0, MAX_REGIONS)
    .map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 }));
}

/** A region's pixels with a margin of white around them (Tesseract reads a crop better with one), as a PGM. */
export function cropPgm(grey: Uint8Array, width: number, region: Region, margin = 16): { pgm: Buffer; grey: Uint8Array; width: number; height: number } {
  const cw = region.x1 - region.x0 + 2 * margin;
  const ch = region.y1 - region.y0 + 2 * margin;
  const out = new Uint8Array(cw * ch).fill(255);
  for (let y = region.y0; y < region.y1; y++) out.set(grey.subarray(y * width + region.x0, y * width + region.x1), (y - region.y0 + margin) * cw + margin);
  return { pgm: Buffer.concat([Buffer.from(`P5\n${cw} ${ch}\n255\n`, 'latin1'), out]), grey: out, width: cw, height: ch };
}

/**
 * The lines read in a crop, moved back onto the page (the crop's `margin` and the region's
 * corner); words that overlap a word the page already has (the crop's edge may hold a piece of
 * one) are dropped.
 */
export function placeLines(found: OcrLine[], region: Region, margin: number, page: OcrLine[]): OcrLine[] {
  const [dx, dy] = [region.x0 - margin, region.y0 - margin];
  const existing = page.flatMap((l) => l.words);
  const overlaps = (w: { x0: number; y0: number; x1: number; y1: number }) =>
    existing.some((e) => {
      const ix = Math.min(w.x1, e.x1) - Math.max(w.x0, e.x0);
      const iy = Math.min(w.y1, e.y1) - Math.max(w.y0, e.y0);
      return ix > 0 && iy > 0 && ix * iy > 0.3 * (w.x1 - w.x0) * (w.y1 - w.y0);
    });
  return found
    .map((l) => ({
      ...l,
      x0: l.x0 + dx,
      y0: l.y0 + dy,
      x1: l.x1 + dx,
      y1: l.y1 + dy,
      words: l.words
        .map((w) => ({
          ...w,
          x0: w.x0 + dx,
          y0: w.y0 + dy,
          x1: w.x1 + dx,
          y1: w.y1 + dy,
          ...(w.chars ? { chars: w.chars.map((c) => ({ ...c, x0: c.x0 + dx, y0: c.y0 + dy, x1: c.x1 + dx, y1: c.y1 + dy })) } : {}),
        }))
        .filter((w) => !overlaps(w)),
    }))
    .filter((l) => l.words.length);
}
