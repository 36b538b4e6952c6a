import type { PageText, TextRun } from '../extract/types.ts';

/**
 * Tesseract's hOCR → the positioned text the layout analysis reads (the same `PageText` that
 * pdf-text.ts builds from a PDF's text layer): one run per word, on its line's baseline, in page
 * points. Tesseract reports no fonts, so the runs' size comes from the line's height, snapped to
 * the page's few text sizes, and `bold` from how much ink a word has for its size.
 */

export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  conf: number;
}

export interface OcrLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Baseline: y = y1 + offset + slope × (x − x0). */
  slope: number;
  offset: number;
  /** Tesseract's row height (x-height + ascenders + descenders), pixels. */
  xSize: number;
  descenders: number;
  words: OcrWord[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
}

function bbox(title: string): [number, number, number, number] | null {
  const m = /bbox (-?\d+) (-?\d+) (-?\d+) (-?\d+)/.exec(title);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] : null;
}

const num = (title: string, key: string): number | null => {
  const m = new RegExp(`${key} (-?[\\d.]+)`).exec(title);
  return m ? Number(m[1]) : null;
};

/** The lines and words of a Tesseract hOCR document (its own output: a small, regular subset of XHTML). */
export function parseHocr(hocr: string): OcrLine[] {
  const lines: OcrLine[] = [];
  const lineRe = /<span class='ocr_(?:line|caption|textfloat|header)' id='[^']*' title="([^"]*)"[^>]*>([\s\S]*?)\n\s*<\/span>/g;
  const wordRe = /<span class='ocrx_word' id='[^']*' title='([^']*)'[^>]*>(.*?)<\/span>/g;
  for (const lm of hocr.matchAll(lineRe)) {
    const title = lm[1] ?? '';
    const box = bbox(title);
    if (!box) continue;
    const base = /baseline (-?[\d.]+) (-?[\d.]+)/.exec(title);
    const words: OcrWord[] = [];
    for (const wm of (lm[2] ?? '').matchAll(wordRe)) {
      const wbox = bbox(wm[1] ?? '');
      const text = decode(wm[2] ?? '').trim();
      if (!wbox || !text) continue;
      words.push({ text, x0: wbox[0], y0: wbox[1], x1: wbox[2], y1: wbox[3], conf: num(wm[1] ?? '', 'x_wconf') ?? 0 });
    }
    if (!words.length) continue;
    lines.push({
      x0: box[0], y0: box[1], x1: box[2], y1: box[3],
      slope: base ? Number(base[1]) : 0,
      offset: base ? Number(base[2]) : 0,
      xSize: num(title, 'x_size') ?? box[3] - box[1],
      descenders: num(title, 'x_descenders') ?? 0,
      words,
    });
  }
  return lines;
}

const median = (values: number[]): number => {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Sizes within 15 % of each other are one size (OCR measures each line a little differently). */
function snapSizes(sizes: number[]): (size: number) => number {
  const sorted = [...sizes].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const s of sorted) {
    const g = groups[groups.length - 1];
    if (g && s <= median(g) * 1.15) g.push(s);
    else groups.push([s]);
  }
  const centres = groups.map(median);
  return (size) => centres.reduce((best, c) => (Math.abs(c - size) < Math.abs(best - size) ? c : best), size);
}

/**
 * A word's stroke weight: the mean length of its horizontal runs of ink (dark pixels per run)
 * over its line's em. Bold strokes are about half as thick again as regular ones.
 */
function inkOf(word: OcrWord, grey: Uint8Array | undefined, width: number, em: number): number {
  if (!grey || em <= 0) return 0;
  let dark = 0;
  let runs = 0;
  const x1 = Math.min(width, word.x1);
  for (let y = Math.max(0, word.y0); y < word.y1; y++) {
    let inInk = false;
    for (let x = Math.max(0, word.x0); x < x1; x++) {
      const ink = (grey[y * width + x] as number) < 128;
      if (ink) {
        dark++;
        if (!inInk) runs++;
      }
      inInk = ink;
    }
  }
  return runs ? dark / runs / em : 0;
}

export interface PageGeometry {
  page: number;
  /** Pixels of the OCR'd image. */
  widthPx: number;
  heightPx: number;
  /** The page in points (a PDF page's size, or the photo at an assumed A4 width). */
  widthPt: number;
  /** The prepared image (0 = ink), to tell bold words from regular ones. */
  grey?: Uint8Array;
}

/** Words with a confidence below this are noise (specks, the edge of a table). */
const MIN_WORD_CONFIDENCE = 20;
/** A gap between words up to this share of the em is a word space. */
const WORD_SPACE = 0.9;

/**
 * Raised footnote marks glued to a word are read as quotes and asterisks ("Lachs**”°"): such a
 * tail after a letter is dropped.
 */
function cleanWord(text: string): string {
  return text.replace(/(?<=\p{Ll})[\d,]*['"”“’‘*°^!?]+[\d,'"”“’‘*°^!?]*$/u, '') || text;
}

/** Words whose ink is less tall than this share of the line's em are dot leaders. */
const LEADER_HEIGHT = 0.3;

/** One OCR'd page measured for the conversion: its lines with each line's em (pixels) and its words' stroke weights. */
export interface MeasuredPage {
  page: number;
  widthPx: number;
  heightPx: number;
  widthPt: number;
  lines: OcrLine[];
  /** Per line: its em in pixels. */
  ems: number[];
  /** Per line, per word: the word's stroke weight (see `inkOf`). */
  inks: number[][];
}

/**
 * The em of a line from its words' ink heights: capitals, digits and ascenders reach about 0.74 em
 * above the baseline, x-height letters 0.53 em, descenders 0.21 em below.
 */
function emOf(l: OcrLine): number {
  const ems = l.words
    .filter((w) => /[\p{L}\p{N}]/u.test(w.text))
    .map((w) => {
      const letters = w.text.replace(/[^\p{L}\p{N}]/gu, '');
      const high = /[\p{Lu}\p{N}bdfhklt]|[\u00c0-\u024f]/u.test(letters) ? 0.74 : 0.53;
      const low = /[gjpqyQ]/.test(letters) ? 0.21 : 0;
      return (w.y1 - w.y0) / (high + low);
    });
  // The lower median: a word box swollen by a speck must not make the line look larger.
  const sorted = ems.sort((a, b) => a - b);
  return Math.max(4, sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : l.xSize - Math.max(0, l.descenders));
}

/** Measures a page while its image is at hand (the image is not kept). */
export function measurePage(lines: OcrLine[], geometry: PageGeometry): MeasuredPage {
  const ems = lines.map(emOf);
  const inks = lines.map((l, i) => l.words.map((w) => inkOf(w, geometry.grey, geometry.widthPx, ems[i] ?? 0)));
  return { page: geometry.page, widthPx: geometry.widthPx, heightPx: geometry.heightPx, widthPt: geometry.widthPt, lines, ems, inks };
}

export function hocrToPageText(lines: OcrLine[], geometry: PageGeometry): PageText {
  return toPageTexts([measurePage(lines, geometry)])[0] as PageText;
}

/**
 * The pages of one document → positioned text. Sizes are snapped and bold told from regular
 * across the whole document, not per page: a page holding only a heading (a photo of the last
 * section's title) has nothing of its own to compare it with.
 */
export function toPageTexts(pages: MeasuredPage[]): PageText[] {
  const snap = snapSizes(pages.flatMap((p) => p.ems.map((e) => (e * p.widthPt) / p.widthPx)));
  // Bold: words inkier than most words of the document, relative to their size.
  const typicalInk = median(pages.flatMap((p) => p.lines.flatMap((l, i) => l.words.flatMap((w, j) => (w.text.length >= 3 ? [p.inks[i]?.[j] ?? 0] : [])))));
  return pages.map((p) => convertPage(p, snap, typicalInk));
}

function convertPage(measured: MeasuredPage, snap: (size: number) => number, typicalInk: number): PageText {
  const { lines, ems } = measured;
  const k = measured.widthPt / measured.widthPx;
  const runs: TextRun[] = [];
  lines.forEach((line, i) => {
    const em = ems[i] ?? 0;
    const size = snap(em * k);
    const lineInk = median(measured.inks[i] ?? []);
    const bold = typicalInk > 0 && lineInk > typicalInk * 1.25;
    const kept = line.words.filter((word) => {
      // A lone low-confidence blob is noise; a word inside a line of good words is kept.
      if (word.conf < MIN_WORD_CONFIDENCE && !/[\p{L}\p{N}]{2}/u.test(word.text)) return false;
      // Dot leaders: ink no taller than a dot (Tesseract reads them as dots or as letters).
      if (word.y1 - word.y0 < LEADER_HEIGHT * em) return false;
      // Runs of punctuation (leaders and rules read as "……", "_..").
      return !/^[\p{P}\p{S}]{3,}$/u.test(word.text) || /[€$£¥]/u.test(word.text);
    });
    // Words a space apart form one run, as a PDF's text chunk would; a wider gap (a tab stop, an
    // erased leader, a column gutter) separates runs.
    const groups: OcrWord[][] = [];
    for (const word of kept) {
      const g = groups[groups.length - 1];
      const prev = g?.[g.length - 1];
      if (g && prev && word.x0 - prev.x1 <= WORD_SPACE * em) g.push(word);
      else groups.push([word]);
    }
    groups.forEach((g, j) => {
      const first = g[0] as OcrWord;
      const last = g[g.length - 1] as OcrWord;
      const cx = (first.x0 + last.x1) / 2;
      const baseline = line.y1 + line.offset + line.slope * (cx - line.x0);
      runs.push({
        text: g.map((w) => cleanWord(w.text)).join(' '),
        x: first.x0 * k,
        y: baseline * k,
        width: Math.max(1, last.x1 - first.x0) * k,
        size,
        font: bold ? 'ocr-bold' : 'ocr',
        bold,
        italic: false,
        ...(j > 0 ? { spaceBefore: true } : {}),
        ...(j < groups.length - 1 ? { spaceAfter: true } : {}),
      });
    });
  });
  return { page: measured.page, width: measured.widthPt, height: measured.heightPx * k, runs };
}
