import { baselineOf, type OcrLine, type OcrWord } from './hocr.ts';
import { enlargeRegion, linesOfPiece, type Piece, type Sheet } from './sheet.ts';

/**
 * Words the page pass doubts, read again enlarged. On a phone photo the small print of a price
 * table's header ("1/4 l  1/2 l  1 l") or a bold name is a dozen pixels tall, and Tesseract
 * reads it with a low confidence and wrong ("v4I 121 11", "Vinodellacasa 0550"). Each stretch of
 * doubted words on a line is cut out, enlarged to the size Tesseract reads best, and all of a
 * page's stretches are read in one run on one sheet (`sheet.ts`). A reading replaces the page
 * pass's words only when Tesseract is surer of it.
 */

export interface DoubtSpan {
  /** The line and its words in the stretch. */
  line: number;
  words: OcrWord[];
  /** The crop, pixels of the page. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** How much the crop is enlarged on the sheet. */
  scale: number;
  /** The baseline under the stretch, pixels of the page. */
  base: number;
}

/** Words Tesseract gives less confidence than this (0–100) are read again. */
export const DOUBT_BELOW = 60;
/** Stretches read again per page at most, the least sure first. */
export const MAX_SPANS = 16;
/**
 * Height a line's letters (ascenders to descenders) are enlarged to on the sheet, pixels: on the
 * corpus's phone photos 80 read the small print better than 48 or 64.
 */
const SHEET_LINE_HEIGHT = 80;
/** A reading must be at least this sure (its least sure word) to replace anything. */
const SURE = 70;
/** An amount with cents, as a price is printed. */
const PRICE = /\d+[.,]\d{2}(?!\d)/g;
/** A reading must be this much surer (its least sure word) than the page pass's to replace it. */
const SURER_BY = 8;

/**
 * A word ending in what OCR makes of a raised mark the marks pass did not read ("Pickle?”"):
 * enlarged, the mark would be read as digits on the line ("Pickle 1,7.10") and join the name.
 */
const MARK_TAIL = /\p{L}[^\p{L}\p{N}\s.,;:)\]]+$/u;

const minConf = (words: OcrWord[]) => Math.min(...words.map((w) => w.conf));

/**
 * The stretches of doubted words of a page: neighbouring words of one line below DOUBT_BELOW, no
 * farther apart than the line's letter height (a wider gap is a tab stop or another column).
 * Words a raised mark follows (`marked`: the marks pass reads the mark; a crop would catch it and
 * read it as digits on the line) and words that stand raised are not read again. Each stretch
 * is cut out with a little of the line's height around it, and no farther sideways than its
 * neighbours' boxes.
 */
export function doubtSpans(
  lines: OcrLine[],
  width: number,
  height: number,
  marked: ReadonlySet<OcrWord> = new Set(),
  pick: (word: OcrWord) => boolean = (w) => w.conf < DOUBT_BELOW && /[\p{L}\p{N}]/u.test(w.text),
  limit = MAX_SPANS,
): DoubtSpan[] {
  const spans: Array<DoubtSpan & { doubt: number }> = [];
  lines.forEach((line, index) => {
    if (line.y1 - line.y0 < 6) return;
    const descent = Math.max(0, line.descenders);
    const rise = Math.max(4, line.xSize - descent);
    const baseAt = (x: number) => line.y1 + line.offset + line.slope * (x - line.x0);
    const raised = (w: OcrWord) => w.y1 < baseAt((w.x0 + w.x1) / 2) - 0.3 * rise;
    const words = [...line.words].sort((a, b) => a.x0 - b.x0);
    let run: OcrWord[] = [];
    const close = (next: OcrWord | undefined) => {
      if (!run.length) return;
      const first = run[0] as OcrWord;
      const last = run[run.length - 1] as OcrWord;
      const before = words[words.indexOf(first) - 1];
      const pad = 0.15 * rise;
      const x0 = Math.max(0, Math.round(Math.max(first.x0 - pad, before ? before.x1 + 1 : 0)));
      const x1 = Math.min(width, Math.round(Math.min(last.x1 + pad, next ? next.x0 - 1 : width)));
      // Up and down from the baseline under the stretch (its own where the line's is off it: a
      // line drawn across two columns) by the line's row height, not the words' boxes: a doubted
      // word's box may reach into the next line, and half a line of letters at the crop's edge
      // is read as letters too.
      const base = baselineOf(line, run)((first.x0 + last.x1) / 2);
      const top = base - rise;
      const bottom = base + Math.max(descent, 0.25 * rise);
      const y0 = Math.max(0, Math.round(top - 0.15 * rise));
      const y1 = Math.min(height, Math.round(bottom + 0.1 * rise));
      const scale = Math.min(4, Math.max(1, SHEET_LINE_HEIGHT / (bottom - top)));
      if (x1 - x0 >= 4) spans.push({ line: index, words: run, x0, y0, x1, y1, scale, base, doubt: minConf(run) });
      run = [];
    };
    for (const word of words) {
      const previous = run[run.length - 1];
      if (previous && word.x0 - previous.x1 > rise) close(word);
      if (pick(word) && !raised(word) && !marked.has(word) && !MARK_TAIL.test(word.text)) run.push(word);
      else close(word);
    }
    close(undefined);
  });
  return spans
    .sort((a, b) => a.doubt - b.doubt)
    .slice(0, limit)
    .map(({ doubt: _, ...span }) => span);
}

/** One image of every stretch, enlarged, for a sheet (`sheet.ts`). */
export function doubtPieces(grey: Uint8Array, width: number, spans: DoubtSpan[]): Piece[] {
  return spans.map((s) => enlargeRegion(grey, width, s, s.scale));
}

/**
 * The readings of the sheet put back on the page (the stretches' pieces start at `firstPiece`): a
 * stretch's words are replaced by what was read on its row when its least sure word is SURE and
 * surer than the least sure word it replaces by SURER_BY, it says about as much (half to twice
 * the letters and digits), keeps the prices read, and caught no mark. Lines are changed in place; returns how
 * many stretches were replaced.
 */
export function placeRereads(found: OcrLine[], spans: DoubtSpan[], sheet: Sheet, lines: OcrLine[], firstPiece = 0): number {
  let replaced = 0;
  spans.forEach((span, i) => {
    // Moved back and shrunk onto the page, each word as tall as the words it replaces, down to
    // the baseline unless it has letters that go below: the line's size, baseline and word
    // spacing are measured on its words' boxes, and a box read on the enlarged crop is measured
    // differently (a single letter's, a neighbouring line's letters at the crop's edge).
    const [top, bottom] = [Math.min(...span.words.map((w) => w.y0)), Math.max(...span.words.map((w) => w.y1))];
    const within = <T extends { y0: number; y1: number; text: string }>(b: T): T => ({ ...b, y0: top, y1: /[gjpqyQ,;]/.test(b.text) ? bottom : Math.max(top + 2, Math.min(bottom, span.base)) });
    const back = <T extends { x0: number; y0: number; x1: number; y1: number }>(b: T): T => ({
      ...b,
      x0: span.x0 + b.x0 / span.scale,
      y0: span.y0 + b.y0 / span.scale,
      x1: span.x0 + b.x1 / span.scale,
      y1: span.y0 + b.y1 / span.scale,
    });
    const line = lines[span.line] as OcrLine;
    const kept = line.words.filter((w) => !span.words.includes(w));
    // What the crop caught of a neighbour (a box that reached into the stretch) stays the neighbour's.
    const overlapsKept = (w: OcrWord) => kept.some((k) => Math.min(w.x1, k.x1) - Math.max(w.x0, k.x0) > 0.3 * (w.x1 - w.x0));
    const words = linesOfPiece(found, sheet, firstPiece + i)
      .flatMap((l) => l.words)
      .filter((w) => w.text.trim())
      .map((w) => {
        // From the word's letters where Tesseract gave them: it sometimes gives a word the box of the rest of its line.
        const chars = w.chars?.filter((c) => c.x1 > c.x0).map(back);
        const box = chars?.length ? { x0: Math.min(...chars.map((c) => c.x0)), x1: Math.max(...chars.map((c) => c.x1)) } : {};
        return { ...within({ ...back(w), ...box }), ...(chars ? { chars } : {}) };
      })
      .filter((w) => !overlapsKept(w))
      .sort((a, b) => a.x0 - b.x0)
      // A word's box ends where the next begins (then `hocr.ts` shrinks it to its ink's rows).
      .map((w, j, all) => {
        const next = all[j + 1];
        return next && w.x1 > next.x0 ? { ...w, x1: Math.max(w.x0 + 1, next.x0 - 1) } : w;
      });
    // A raised mark caught at the crop's edge ("Mare’"): the marks pass reads marks.
    if (!words.length || words.some((w) => MARK_TAIL.test(w.text))) return;
    // Letters and digits only: a marker's bracket read as "=" says nothing.
    const letters = (ws: OcrWord[]) => ws.reduce((n, w) => n + w.text.replace(/[^\p{L}\p{N}]/gu, '').length, 0);
    const [before, after] = [letters(span.words), letters(words)];
    if (after < 0.5 * before || after > 2 * before) return;
    if (minConf(words) < Math.max(SURE, minConf(span.words) + SURER_BY)) return;
    // A price stays the price the page pass read ("5,50" is not re-read as "5,90", "24,01" not
    // as "24,0"): a doubted digit is the price repairs' job (`hocr.ts`), and an enlarged blur is
    // read as confidently wrong as right. A reading may make a price of what was none ("1900").
    const prices = (ws: OcrWord[]) => ws.flatMap((w) => w.text.match(PRICE) ?? []).join(' ');
    if (prices(span.words) && prices(words) !== prices(span.words)) return;
    if (words.map((w) => w.text).join(' ') === span.words.map((w) => w.text).join(' ')) return;
    line.words = [...kept, ...words].sort((a, b) => a.x0 - b.x0);
    replaced++;
  });
  return replaced;
}
