import type { OcrLine, OcrWord } from './hocr.ts';
import { enlargeRegion, linesOfPiece, stackPieces, type Sheet } from './sheet.ts';

/**
 * Raised footnote marks (allergen codes "1,7", "G,S,Mu") read again at a size Tesseract can read.
 * On a scan they are a few pixels tall: the page pass drops them as specks or reads them as quotes
 * and question marks. Each mark right after a word (ink above the word's lower half, nothing
 * below it) is cut out, enlarged, and all of a page's marks are read in one Tesseract run on a
 * sheet that stacks them, one row each (`ocr/index.ts`). What is read replaces the page pass's
 * words there; the conversion (`hocr.ts`) then sees small raised words, as for a clear print.
 */

export interface MarkZone {
  /** The line and the word the mark follows. */
  line: number;
  word: OcrWord;
  /** Letters of the word that are the mark as the page pass read it ("Margherita”"): cut off when the mark is read. */
  tail: number;
  /** The mark's ink, pixels of the page. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Marks read per page at most (a menu has one per item at most, and rarely 80 items a page). */
export const MAX_MARKS = 80;
/** Height the marks' ink is enlarged to on the sheet, pixels (Tesseract reads capitals of 30–40 px best). */
const SHEET_INK_HEIGHT = 40;
/** White around each mark on the sheet, pixels. */
const SHEET_MARGIN = 24;

const isInk = (grey: Uint8Array, width: number, x: number, y: number) => (grey[y * width + x] as number) < 128;

/**
 * How many signs end the word that are a mark as the page pass read it ("Margherita”",
 * "Flädlesuppe"”>"). Punctuation (a comma, a bracket) is the text's own, and letters and digits
 * stay: Tesseract's letter boxes are too rough to tell a raised one (hocr.ts cuts raised letters
 * off on its own).
 */
function signsAtEnd(word: OcrWord): number {
  const chars = word.chars ?? [];
  let keep = chars.length;
  while (keep > 1 && !/[\p{L}\p{N}.,;:)\]]/u.test((chars[keep - 1] as { text: string }).text)) keep--;
  return chars.length - keep;
}

/**
 * The raised marks of a page: for each word ending in a letter or digit, ink that starts within
 * about an em of its right edge, stands wholly above the lower half of the word's letters (so not
 * the next word, nor a comma), is no taller than most of the word's height, and ends where a gap of
 * half an em follows.
 */
export function markZones(grey: Uint8Array, width: number, height: number, lines: OcrLine[]): MarkZone[] {
  const zones: MarkZone[] = [];
  lines.forEach((line, index) => {
    for (const word of line.words) {
      if (zones.length >= MAX_MARKS) continue;
      const base = Math.round(line.y1 + line.offset + line.slope * ((word.x0 + word.x1) / 2 - line.x0));
      // The height of the line's tallest letters (a word's own box may stop at its x-height).
      const tall = base - Math.min(word.y0, line.y0);
      if (tall < 8) continue;
      const tail = signsAtEnd(word);
      const chars = word.chars ?? [];
      const keep = chars.length - tail;
      const kept = tail ? chars.slice(0, keep).map((c) => c.text).join('') : word.text;
      if (!/[\p{L}\p{N}][^\p{L}\p{N}]*$/u.test(kept)) continue;
      // Marks sit above the upper third of x-height letters; their band goes up a little beyond the word.
      const top = Math.max(0, Math.round(Math.min(line.y0, word.y0) - 0.35 * tall));
      const bottom = Math.round(base - 0.4 * tall);
      const lowTop = Math.round(base - 0.35 * tall);
      const lowBottom = Math.min(height - 1, base - 1);
      const inkIn = (x: number, y0: number, y1: number) => {
        for (let y = y0; y <= y1; y++) if (isInk(grey, width, x, y)) return true;
        return false;
      };
      const start = tail ? (chars[keep]?.x0 ?? word.x1) : word.x1 + 1;
      const end = Math.min(width - 1, Math.round(word.x1 + 3.5 * tall));
      const columns = (bandTop: number, bandBottom: number): [number, number] | null => {
        let first = -1;
        let last = -1;
        let gap = 0;
        for (let x = start; x <= end; x++) {
          // Ink down in the letters' lower half: the next word or a comma, not a raised mark; at
          // the start, the word's own last letter reaching past its box.
          if (inkIn(x, lowTop, lowBottom)) {
            if (first < 0 && x - start < 0.25 * tall) continue;
            // Ink that runs on down into a letter (the arm of a "V" after small capitals) is that letter.
            if (first >= 0 && gap === 0) return null;
            break;
          }
          if (inkIn(x, bandTop, bandBottom)) {
            if (first < 0) first = x;
            last = x;
            gap = 0;
          } else if (first >= 0 && ++gap > 0.5 * tall) break;
          if (first < 0 && x - start > 0.9 * tall) break;
        }
        return first < 0 || last - first < 1 ? null : [first, last];
      };
      const wide = columns(top, bottom);
      if (!wide) continue;
      // The mark's rows: the block of ink rows up from the lowest one (the line above may reach
      // down into the band; it is apart from the mark by blank rows).
      const rowInk = (y: number) => {
        for (let x = wide[0]; x <= wide[1]; x++) if (isInk(grey, width, x, y)) return true;
        return false;
      };
      let y1 = bottom;
      while (y1 >= top && !rowInk(y1)) y1--;
      let y0 = y1;
      for (let y = y1, blank = 0; y >= top; y--) {
        if (rowInk(y)) {
          y0 = y;
          blank = 0;
        } else if (++blank > 2) break;
      }
      // A speck or a middle dot (marks reach above the x-height), ink as tall as the word (a
      // bracket, the next word's capital), or ink that goes on above the band.
      if (y1 < top || y1 - y0 < Math.max(3, 0.2 * tall) || y1 - y0 > 0.8 * tall || y0 <= top || y0 > base - 0.6 * tall) continue;
      const narrow = columns(y0, y1);
      if (!narrow) continue;
      const [first, last] = narrow;
      zones.push({ line: index, word, tail, x0: first, y0, x1: last + 1, y1: y1 + 1 });
    }
  });
  return zones;
}

/** One image of every mark, enlarged, one row each (`sheet.ts`). */
export function markSheet(grey: Uint8Array, width: number, zones: MarkZone[]): Sheet {
  const pieces = zones.map((z) => {
    const inkHeight = z.y1 - z.y0;
    const scale = Math.min(8, Math.max(1, SHEET_INK_HEIGHT / inkHeight));
    const pad = Math.max(2, Math.round(0.3 * inkHeight));
    // Left of the mark is the word's last letter: white, or its edge is read as a "1".
    return enlargeRegion(grey, width, { x0: z.x0 - pad, y0: z.y0 - pad, x1: z.x1 + pad, y1: z.y1 + pad }, scale, z.x0);
  });
  return stackPieces(pieces, SHEET_MARGIN);
}

/** What a mark may read: codes (letters or numbers) separated by commas. */
const MARK_TEXT = /^[\p{L}\d]{1,3}(?:,[\p{L}\d]{1,3})*$/u;

/**
 * The marks read on the sheet put back on the page: each row's words (joined, without spaces) that
 * read as codes become a word at the mark's place on its line, replacing what the page pass wrote
 * there (specks, quotes, question marks). Lines are changed in place.
 */
export function placeMarks(found: OcrLine[], zones: MarkZone[], sheet: Sheet, lines: OcrLine[]): number {
  let placed = 0;
  zones.forEach((zone, i) => {
    const words = linesOfPiece(found, sheet, i)
      .flatMap((l) => l.words)
      .sort((a, b) => a.x0 - b.x0);
    const text = words
      .map((w) => w.text)
      .join('')
      .replace(/[.;]/g, ',')
      .replace(/^,+|,+$/g, '');
    if (!MARK_TEXT.test(text)) return;
    const line = lines[zone.line] as OcrLine;
    const inside = (w: OcrWord) => {
      const [cx, cy] = [(w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2];
      return w !== zone.word && cx >= zone.x0 - 2 && cx <= zone.x1 + 2 && cy >= zone.y0 - 4 && cy <= zone.y1 + 4;
    };
    const mark: OcrWord = { text, x0: zone.x0, y0: zone.y0, x1: zone.x1, y1: zone.y1, conf: Math.min(...words.map((w) => w.conf)) };
    if (zone.tail && zone.word.chars) {
      // The word without the letters that were the mark.
      const chars = zone.word.chars.slice(0, zone.word.chars.length - zone.tail);
      const shortened: OcrWord = { ...zone.word, text: chars.map((c) => c.text).join(''), x1: Math.min(zone.word.x1, zone.x0 - 1), chars };
      line.words = line.words.map((w) => (w === zone.word ? shortened : w));
    }
    line.words = [...line.words.filter((w) => !inside(w)), mark].sort((a, b) => a.x0 - b.x0);
    placed++;
  });
  return placed;
}
