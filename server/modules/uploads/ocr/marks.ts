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
  /**
   * How many glyphs stand between the mark's commas, as its ink shows them ("1,2,3" → [1, 1, 1]):
   * small commas between raised digits are what OCR loses first ("123").
   */
  groups: number[];
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
 * The letters of the word that are the mark as the page pass read it: its signs at the end, or
 * everything after the last letter when that holds a sign (the mark read as digits and quotes glued
 * on the name: "Stew'?*4°.\"4").
 */
function markTail(word: OcrWord): number {
  const chars = word.chars ?? [];
  let lastLetter = chars.length;
  while (lastLetter > 0 && !/\p{L}/u.test((chars[lastLetter - 1] as { text: string }).text)) lastLetter--;
  const after = chars.slice(lastLetter).map((c) => c.text).join('');
  const signs = signsAtEnd(word);
  return lastLetter > 0 && after.length > signs && /[^\p{L}\p{N}.,;:)\]]/u.test(after) ? chars.length - lastLetter : signs;
}

/**
 * The glyphs of a mark between its commas, from its ink. Each column of ink either reaches up into
 * the mark's upper half (a digit's or letter's) or not (a comma's, a digit's foot). A run of low
 * columns that reaches below the digits' foot is a comma (it may touch the digit before it, so
 * blank columns alone do not part them); between commas, each run of tall columns is one glyph.
 */
function glyphGroups(grey: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): number[] {
  const height = y1 - y0 + 1;
  const tallBelow = y0 + 0.45 * height;
  const columns: Array<{ top: number; bottom: number } | null> = [];
  for (let x = x0; x <= x1; x++) {
    let top = -1;
    let bottom = -1;
    for (let y = y0; y <= y1; y++)
      if (isInk(grey, width, x, y)) {
        if (top < 0) top = y;
        bottom = y;
      }
    columns.push(top < 0 ? null : { top, bottom });
  }
  const tall = columns.filter((c): c is { top: number; bottom: number } => c !== null && c.top < tallBelow);
  // The digits' foot: the row most tall columns end on (the median's).
  const foot = tall.map((c) => c.bottom).sort((a, b) => a - b)[Math.floor(tall.length / 2)];
  if (foot === undefined) return [];
  const groups = [0];
  // Runs of one kind of column: blank, tall or low. A low run is a comma when it reaches below
  // the digits' foot, or stands apart (blank on both sides): a digit's foot serif does neither.
  let run: 'tall' | 'low' | null = null;
  let lowDescends = false;
  let lowAfterBlank = false;
  columns.forEach((c, i) => {
    const kind = c === null ? null : c.top < tallBelow ? 'tall' : 'low';
    if (kind !== run) {
      if (run === 'low' && (lowDescends || (lowAfterBlank && kind === null))) groups.push(0);
      if (kind === 'tall') (groups[groups.length - 1] as number)++;
      lowDescends = false;
      lowAfterBlank = i > 0 && run === null;
      run = kind;
    }
    if (kind === 'low' && (c as { bottom: number }).bottom >= foot + Math.max(2, 0.1 * height)) lowDescends = true;
  });
  // A low run before the first glyph (a speck, the letter before) parts nothing; one after the
  // last is never closed.
  while (groups.length > 1 && groups[0] === 0) groups.shift();
  return groups;
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
      const tail = markTail(word);
      const chars = word.chars ?? [];
      const keep = chars.length - tail;
      const kept = tail ? chars.slice(0, keep).map((c) => c.text).join('') : word.text;
      if (!/[\p{L}\p{N}][^\p{L}\p{N}]*$/u.test(kept)) continue;
      // Marks sit above the upper third of x-height letters; their band goes up a little beyond the word.
      const top = Math.max(0, Math.round(Math.min(line.y0, word.y0) - 0.35 * tall));
      const bottom = Math.round(base - 0.4 * tall);
      const lowTop = Math.round(base - 0.35 * tall);
      const lowBottom = Math.min(height - 1, base - 1);
      // Letters stand on the baseline; a raised mark's comma may reach down into the lower half, not there.
      const footTop = Math.round(base - 0.15 * tall);
      const inkIn = (x: number, y0: number, y1: number) => {
        for (let y = y0; y <= y1; y++) if (isInk(grey, width, x, y)) return true;
        return false;
      };
      // The right end of the last letter standing on the baseline at column `x`: all the ink
      // joined to it (a "T"'s bar, an "r"'s arm reach right of its stem), unless that runs on
      // far to the right (the letter touches the mark): then the column after its stem.
      const letterEnd = (x: number) => {
        const reach = letterReach(grey, width, x, footTop, lowBottom, { x0: Math.round(x - 2 * tall), x1: Math.round(x + tall), y0: top, y1: Math.min(height - 1, Math.round(base + 0.4 * tall)) });
        if (reach <= x + 0.35 * tall) return reach + 1;
        while (x < word.x1 && inkIn(x, footTop, lowBottom)) x++;
        return x;
      };
      // Where the mark glued on the word starts: Tesseract's letter boxes are too rough (a "*" box
      // starting inside the "y" before it, a "”" box after the mark's "1,"), so it is found in
      // the ink, right to left: past low ink (leader dots) to the mark's raised ink, then on to
      // the last letter on the baseline.
      const raisedStart = () => {
        const inkOnly = (x: number) => inkIn(x, top, bottom) && !inkIn(x, lowTop, lowBottom);
        let x = word.x1;
        while (x > word.x0 && !inkOnly(x)) x--;
        if (x <= word.x0) return null;
        while (x > word.x0 && !inkIn(x, footTop, lowBottom)) x--;
        return x <= word.x0 ? null : letterEnd(x);
      };
      // Without signs read for the mark, it starts after the word's box, or after its last letter
      // where that reaches past the box.
      const afterBox = () => {
        for (let x = word.x1; x >= word.x1 - 0.3 * tall && x > word.x0; x--) if (inkIn(x, footTop, lowBottom)) return Math.max(word.x1 + 1, letterEnd(x));
        return word.x1 + 1;
      };
      const start = tail ? (raisedStart() ?? chars[keep]?.x0 ?? word.x1) : afterBox();
      const end = Math.min(width - 1, Math.round(word.x1 + 3.5 * tall));
      const columns = (bandTop: number, bandBottom: number): [number, number] | null => {
        let first = -1;
        let last = -1;
        let gap = 0;
        for (let x = start; x <= end; x++) {
          // Ink down at the baseline: the next word or a comma, not a raised mark (whose commas
          // may reach into the letters' lower half); at the start, the word's own last letter
          // reaching past its box.
          if (inkIn(x, footTop, lowBottom)) {
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
      zones.push({ line: index, word, tail, x0: first, y0, x1: last + 1, y1: y1 + 1, groups: glyphGroups(grey, width, first, y0, last, y1) });
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
    const read = regroupDigits(text, zone.groups);
    if (!MARK_TEXT.test(read)) return;
    const line = lines[zone.line] as OcrLine;
    const inside = (w: OcrWord) => {
      const [cx, cy] = [(w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2];
      return w !== zone.word && cx >= zone.x0 - 2 && cx <= zone.x1 + 2 && cy >= zone.y0 - 4 && cy <= zone.y1 + 4;
    };
    const mark: OcrWord = { text: read, x0: zone.x0, y0: zone.y0, x1: zone.x1, y1: zone.y1, conf: Math.min(...words.map((w) => w.conf)) };
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

/**
 * A mark of digits put between the commas its ink shows, when it holds as many digits as the ink
 * has glyphs ("123" over [1, 1, 1] → "1,2,3"; "13,14" over [1, 1, 2] → "1,3,14"). Anything else
 * (letter codes, a count that differs: touching digits) is left as read.
 */
export function regroupDigits(text: string, groups: number[]): string {
  const digits = text.replace(/,/g, '');
  // Commas OCR read stay (a comma that does not reach below the digits is not seen in the ink).
  if (groups.length <= text.length - digits.length + 1) return text;
  if (!/^\d+$/.test(digits) || groups.some((g) => g === 0)) return text;
  if (groups.reduce((a, b) => a + b, 0) !== digits.length) return text;
  let at = 0;
  return groups.map((g) => digits.slice(at, (at += g))).join(',');
}

/**
 * The rightmost column of the ink joined (8-connected, within `box`) to the ink of column `x`
 * between rows `y0` and `y1`.
 */
function letterReach(grey: Uint8Array, width: number, x: number, y0: number, y1: number, box: { x0: number; y0: number; x1: number; y1: number }): number {
  const seen = new Set<number>();
  const stack: number[] = [];
  for (let y = y0; y <= y1; y++) if (isInk(grey, width, x, y)) stack.push(y * width + x);
  let reach = x;
  while (stack.length) {
    const at = stack.pop() as number;
    if (seen.has(at)) continue;
    seen.add(at);
    const [px, py] = [at % width, Math.floor(at / width)];
    reach = Math.max(reach, px);
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const [nx, ny] = [px + dx, py + dy];
        if (nx < box.x0 || nx > box.x1 || ny < box.y0 || ny > box.y1 || nx < 0 || nx >= width) continue;
        if (!seen.has(ny * width + nx) && isInk(grey, width, nx, ny)) stack.push(ny * width + nx);
      }
  }
  return reach;
}
