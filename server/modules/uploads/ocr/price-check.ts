import type { OcrLine, OcrWord } from './hocr.ts';
import { doubtPieces, doubtSpans, type DoubtSpan } from './reread.ts';
import { stackPieces, type Sheet } from './sheet.ts';

/**
 * A second opinion on every price, from another engine. Tesseract's LSTM reads some typefaces'
 * digits confidently wrong ("5,50" as "5,90" on a LaTeX scan, "12,00" as "17,00" on a photo, at
 * 90+ confidence) and reads them the same way again when enlarged: its second look is no second
 * opinion. GNU Ocrad (Debian's `ocrad`) tells characters by their shapes' features: it errs in
 * other ways, and reads a sheet of prices in milliseconds. Every price word is cut out enlarged
 * (as `reread.ts` cuts doubted words), all on one sheet; where Ocrad reads a whole price whose
 * digits differ, the page pass's word loses its confidence, so its item is flagged for review.
 * Which of the two is right is not known, so the word is not changed. Where Ocrad reads no whole
 * price (it drops thin or tiny glyphs: "7,20" as "i2o"), it says nothing.
 */

/** A word that is a price with cents, a currency sign on either side allowed. */
const PRICE_WORD = /^[€$£]?\d{1,4}[.,]\d{2}€?$/u;
/** The amount of a price word or of a reading: digits with cents, anything else only around it. */
const AMOUNT = /^[€$£]?(\d{1,4}[.,]\d{2})€?$/u;
/** Price words checked per page at most (a page of a wine list has about 60). */
export const MAX_PRICES = 120;
/** The confidence (0–100) a price word keeps when the two engines read different amounts. */
export const DISPUTED_CONF = 20;
const SHEET_MARGIN = 24;

export interface PriceCheck {
  spans: DoubtSpan[];
  sheet: Sheet;
}

/** The page's price words, each cut out enlarged, on one sheet for Ocrad. Null without prices. */
export function priceSheet(grey: Uint8Array, width: number, height: number, lines: OcrLine[]): PriceCheck | null {
  const spans = doubtSpans(lines, width, height, new Set(), (w) => PRICE_WORD.test(w.text), MAX_PRICES).filter((s) => s.words.length === 1);
  if (!spans.length) return null;
  return { spans, sheet: stackPieces(doubtPieces(grey, width, spans), SHEET_MARGIN) };
}

interface OrfChar {
  x: number;
  y: number;
  h: number;
  text: string;
}

/**
 * The characters of Ocrad's results file (`-x`, "ORF"): per character its box and its guesses,
 * best first ("184 73 38 63; 2, '0'1, 'o'0"); one without a guess is kept as "?".
 */
export function parseOrf(orf: string): OrfChar[] {
  const chars: OrfChar[] = [];
  for (const line of orf.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+);\s*(\d+)(?:,\s*'(.*?)'\d+)?/u.exec(line);
    if (!m) continue;
    chars.push({ x: Number(m[1]), y: Number(m[2]), h: Number(m[4]), text: Number(m[5]) > 0 ? (m[6] ?? '?') : '?' });
  }
  return chars;
}

/** What Ocrad read on each piece of the sheet: its characters whose middle stands in the piece's rows, left to right. */
export function readingsOfSheet(chars: OrfChar[], sheet: Sheet): string[] {
  return sheet.rows.map((row) =>
    chars
      .filter((c) => c.y + c.h / 2 >= row.y0 - sheet.margin / 2 && c.y + c.h / 2 <= row.y1 + sheet.margin / 2)
      .sort((a, b) => a.x - b.x)
      .map((c) => c.text)
      .join(''),
  );
}

const amountDigits = (text: string): string | null => AMOUNT.exec(text.replace(/\s+/g, ''))?.[1]?.replace(/\D/g, '') ?? null;

/**
 * Marks each price word that another Tesseract reading of the same page (`other`: the language
 * pass's, in English, over the same pixels) read with other digits as disputed. A language's
 * model reads digits in its own way: the Italian one read a photo's "12,00" as "17,00" and
 * "12,90" where the English one read both right. The word whose box overlaps the price's most
 * (half its width at least) on the same line is the other reading. Returns how many.
 */
export function disputeByOtherReading(lines: OcrLine[], other: OcrLine[]): number {
  const others = other.flatMap((l) => l.words).filter((w) => AMOUNT.test(w.text));
  let disputed = 0;
  for (const word of lines.flatMap((l) => l.words)) {
    if (!PRICE_WORD.test(word.text)) continue;
    const overlap = (o: OcrWord) => (Math.min(o.y1, word.y1) > Math.max(o.y0, word.y0) ? Math.min(o.x1, word.x1) - Math.max(o.x0, word.x0) : 0);
    const best = others.reduce<OcrWord | null>((a, o) => (overlap(o) > (a ? overlap(a) : 0) ? o : a), null);
    if (!best || overlap(best) < 0.5 * (word.x1 - word.x0)) continue;
    if (amountDigits(best.text) === amountDigits(word.text)) continue;
    word.conf = Math.min(word.conf, DISPUTED_CONF);
    disputed++;
  }
  return disputed;
}

/**
 * Marks each price word whose amount Ocrad read otherwise (`readings`, one per span) as disputed:
 * its confidence drops to DISPUTED_CONF. Returns how many.
 */
export function disputePrices(spans: DoubtSpan[], readings: string[]): number {
  let disputed = 0;
  spans.forEach((span, i) => {
    const word = span.words[0] as OcrWord;
    const second = amountDigits(readings[i] ?? '');
    if (second === null) return;
    if (second === amountDigits(word.text)) {
      word.checked = true;
      return;
    }
    word.conf = Math.min(word.conf, DISPUTED_CONF);
    disputed++;
  });
  return disputed;
}
