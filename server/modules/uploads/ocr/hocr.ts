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
  /** A price a second engine read the same (`price-check.ts`). */
  checked?: boolean;
  /** Its letters' boxes, when Tesseract wrote them (`hocr_char_boxes`). */
  chars?: OcrChar[];
}

export interface OcrChar {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
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

/**
 * The lines and words of a Tesseract hOCR document (its own output: a small, regular subset of
 * XHTML), with each word's letter boxes when it has them (`ocrx_cinfo`).
 */
export function parseHocr(hocr: string): OcrLine[] {
  const lines: OcrLine[] = [];
  const tagRe = /<span class='(ocr_line|ocr_caption|ocr_textfloat|ocr_header|ocrx_word|ocrx_cinfo)'[^>]*?title=(?:"([^"]*)"|'([^']*)')[^>]*>/g;
  let line: OcrLine | null = null;
  let word: OcrWord | null = null;
  const close = () => {
    if (word && line) {
      if (word.chars) word.text = word.chars.map((c) => c.text).join('');
      if (word.text) line.words.push(word);
    }
    word = null;
  };
  for (const m of hocr.matchAll(tagRe)) {
    const kind = m[1] as string;
    const title = m[2] ?? m[3] ?? '';
    const end = (m.index ?? 0) + m[0].length;
    const content = hocr.slice(end, hocr.indexOf('</span>', end) >>> 0);
    if (kind === 'ocrx_cinfo') {
      const box = /x_bboxes (-?\d+) (-?\d+) (-?\d+) (-?\d+)/.exec(title);
      const text = decode(content).trim();
      if (word && box && text) (word.chars ??= []).push({ text, x0: Number(box[1]), y0: Number(box[2]), x1: Number(box[3]), y1: Number(box[4]) });
      continue;
    }
    close();
    const box = bbox(title);
    if (!box) continue;
    if (kind === 'ocrx_word') {
      if (!line) continue;
      word = { text: content.includes('<span') ? '' : decode(content).trim(), x0: box[0], y0: box[1], x1: box[2], y1: box[3], conf: num(title, 'x_wconf') ?? 0 };
      continue;
    }
    const base = /baseline (-?[\d.]+) (-?[\d.]+)/.exec(title);
    line = {
      x0: box[0], y0: box[1], x1: box[2], y1: box[3],
      slope: base ? Number(base[1]) : 0,
      offset: base ? Number(base[2]) : 0,
      xSize: num(title, 'x_size') ?? box[3] - box[1],
      descenders: num(title, 'x_descenders') ?? 0,
      words: [],
    };
    lines.push(line);
  }
  close();
  return lines.filter((l) => l.words.length);
}

const median = (values: number[]): number => {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/**
 * Sizes within about 7 % of each other are one size (OCR measures each line a little
 * differently): each size moves to the median of the sizes around it until it settles (a mode of
 * the document's sizes), so a run of slightly different measurements ends on one value.
 */
function snapSizes(sizes: number[]): (size: number) => number {
  const sorted = [...sizes].sort((a, b) => a - b);
  const around = (c: number) => median(sorted.filter((s) => Math.abs(s - c) <= 0.07 * c)) || c;
  const modeOf = (size: number) => {
    let c = size;
    for (let i = 0; i < 6; i++) {
      const next = around(c);
      if (Math.abs(next - c) < 1e-6) break;
      c = next;
    }
    return c;
  };
  // Modes closer than 7 % are one size: the one most sizes went to.
  const votes = new Map<number, number>();
  for (const s of sorted) votes.set(modeOf(s), (votes.get(modeOf(s)) ?? 0) + 1);
  const modes = [...votes.keys()].sort((a, b) => a - b);
  const final = new Map<number, number>();
  for (let i = 0; i < modes.length; ) {
    let j = i;
    while (j + 1 < modes.length && (modes[j + 1] as number) <= (modes[i] as number) * 1.07) j++;
    const group = modes.slice(i, j + 1);
    const winner = group.reduce((best, m) => ((votes.get(m) ?? 0) > (votes.get(best) ?? 0) ? m : best));
    for (const m of group) final.set(m, winner);
    i = j + 1;
  }
  return (size) => final.get(modeOf(size)) ?? modeOf(size);
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
const WORD_SPACE = 1.2;

/**
 * Raised footnote marks glued to a word are read as quotes and asterisks ("Lachs**”°"): such a
 * tail after a letter is dropped.
 */
function cleanWord(text: string): string {
  return text.replace(/(?<=\p{L})[\d,]*['"”“’‘*°^!?:;|~®©]+[\d,'"”“’‘*°^!?:;|~®©@/]*$/u, '') || text;
}

/**
 * The diameter sign of pizza sizes ("Ø26cm", "Ø 26 cm") is read as G, 0, O, Q or D, its stroke
 * sometimes as a digit or bracket of its own ("0926cm"): no pizza is 926 cm wide.
 */
function repairDiameter(text: string): string {
  return text.replace(/(?<=^|\s)[G0OQ@D][9/)|]?\s?(\d{2})\s?cm(?=\s|$)/g, 'Ø$1cm');
}

/** The diet markers menus print (V, VG, VE, GF) and the letters OCR reads small G as. */
const DIET_MARKERS = new Set(['V', 'VG', 'VE', 'GF']);
const MISREAD_G: Record<string, string> = { VC: 'VG', VO: 'VG', CF: 'GF', GE: 'GF' };
/** Lower-case markers after a name as OCR reads small capitals (F read as r, G as c). */
const BARE_MARKERS: Record<string, string> = { v: 'V', vg: 'VG', vc: 'VG', ve: 'VE', gf: 'GF', cf: 'GF', gr: 'GF', cr: 'GF' };

/**
 * Tokens at the end of a run without a letter, made of footnote marks as OCR reads them ("|?",
 * "”?", ":!0"). A bar after a fraction is the "l" of a size ("1/2 |", `repairVolumeLabels`).
 */
export function dropTrailingMarks(text: string): string {
  let out = text;
  for (;;) {
    const m = /\s+(\S+)$/u.exec(out);
    const token = m?.[1] ?? '';
    if (token === '|' && /\d\/\d$/.test(out.slice(0, m?.index))) return out;
    if (!m || /\p{L}/u.test(token) || !/['"”“’‘*°^!?:;|~<>]/u.test(token) || (token.match(/\d/g)?.length ?? 0) > 1 || /^[€$£]/u.test(token)) return out;
    out = out.slice(0, m.index);
  }
}

/**
 * Diet markers in brackets at the end of a run, as OCR reads them ("[v]", "[vc)", "(v cf)"):
 * written as the layout analysis knows them ("(V)", "(VG)", "(V, GF)"); anything else is left.
 */
export function repairDietMarkers(text: string): string {
  // A marker on a line of its own, under a wrapped name ("(v)", "(vG)").
  const alone = /^[([{]\s*(\p{L}{1,4}?)\s*[)\]}jJl1]?$/u.exec(text);
  const aloneMarkers = alone ? readMarkers((alone[1] as string).toLowerCase()) : null;
  if (aloneMarkers?.length) return `(${aloneMarkers.join(', ')})`;
  // Bare markers after a name, read in lower case ("Risotto v", "Fries vc", "Affiné v cr"): words
  // of no menu language, so they are taken for the markers.
  const bare = /^(.*\p{L}{3,}[^\s\d]*)((?:\s+(?:v|vg|vc|ve|gf|cf|gr|cr)){1,2})$/iu.exec(text);
  if (bare && /\p{Ll}/u.test(bare[2] as string)) {
    const parts = (bare[2] as string).trim().split(/\s+/).map((p) => BARE_MARKERS[p.toLowerCase()] as string);
    return `${bare[1]} ${parts.join(' ')}`;
  }
  const m = /\s[([{|]\s*([\p{L}]{1,2}(?:[\s,/]+[\p{L}]{1,2})*)\s*[)\]}|]?$/u.exec(text);
  if (m) {
    const parts = (m[1] as string).split(/[\s,/]+/).map((p) => MISREAD_G[p.toUpperCase()] ?? p.toUpperCase());
    if (parts.every((p) => DIET_MARKERS.has(p))) return `${text.slice(0, m.index)} (${parts.join(', ')})`;
  }
  // Read worse on a small photo: the bracket glued to the name, the closing one read as j or l,
  // the separators lost and letters misread ("Cappuceino[vj", "[vej", "|vcr)", "[vs]", "[y]").
  const glued = /(?<=\p{L}{3}[^\s\d]*)\s?[([{|]\s*(\p{L}{1,4}?)\s*[)\]}|jJl1]?$/u.exec(text);
  const markers = glued ? readMarkers((glued[1] as string).toLowerCase()) : null;
  return glued && markers ? `${text.slice(0, glued.index)} (${markers.join(', ')})` : text;
}

/** Lower-case letters of diet markers as OCR reads them, per marker (longest first). */
const MARKER_READINGS: Array<[string, string]> = [
  ['vg', 'VG'], ['vc', 'VG'], ['vs', 'VG'], ['vo', 'VG'], ['ve', 'VE'], ['gf', 'GF'], ['cf', 'GF'], ['cr', 'GF'], ['gr', 'GF'], ['v', 'V'], ['y', 'V'],
];

/** Letters run together ("vcr") as a sequence of diet markers ("V", "GF"), or null. */
function readMarkers(letters: string): string[] | null {
  if (!letters) return [];
  for (const [reading, marker] of MARKER_READINGS) {
    if (!letters.startsWith(reading)) continue;
    const rest = readMarkers(letters.slice(reading.length));
    if (rest && !rest.includes(marker)) return [marker, ...rest];
  }
  return null;
}

/** A run that is a price as OCR may read it: a currency sign, digits (or o/O/l/I among them), two decimals. */
const PRICE_SHAPE = /^([€$£]\s?)?(?=[\dOolI]*\d)([\dOolI]{1,4})(?:([.,]| )([\dOolI]{2}))?(\s?€)?$/u;

/** A run that is one price with two decimals ("12,50", "€ 9.00", "3,50 €"). */
const DECIMAL_PRICE = /^[€$£]?\s?(\d{1,3})[.,](\d{2})(\s?€)?$/u;

/**
 * Price-shaped runs repaired as OCR misreads them, only where the whole run is a price: o/O → 0
 * and l/I → 1 among its digits ("12,5O"), a space for the decimal separator ("£10 00"), and a
 * decimal point OCR lost ("450" on a page whose prices all have two decimals, within their range).
 */
export function repairPrices(runs: TextRun[]): void {
  const decimals = runs.map((r) => /\d([.,])[\dOolI]{2}(\s?€)?$/u.exec(r.text)?.[1]).filter((d): d is string => Boolean(d));
  const sep = decimals.filter((d) => d === ',').length * 2 > decimals.length ? ',' : '.';
  const digits = (t: string) => t.replace(/[oO]/g, '0').replace(/[lI]/g, '1');
  const pointless: TextRun[] = [];
  for (const run of runs) {
    // What is left of an erased leader before a price ("_1,40 €", ".3,50 €").
    const led = /^[._…·\-–—]+(?=[€$£]?\s?\d)/u.exec(run.text);
    if (led && PRICE_SHAPE.test(run.text.slice(led[0].length))) run.text = run.text.slice(led[0].length);
    const m = PRICE_SHAPE.exec(run.text);
    if (!m) continue;
    const [sign = '', whole = '', mark, cents, euro = ''] = [m[1], m[2] as string, m[3], m[4], m[5]];
    if (cents !== undefined) run.text = `${sign}${digits(whole)}${mark === ' ' ? sep : mark}${digits(cents)}${euro}`;
    else if (/^\d{3,4}$/.test(whole)) pointless.push(run);
    else if (sign || euro) run.text = `${sign}${digits(whole)}${euro}`;
  }
  // A page of prices with two decimals, nearly all of them: a bare three- or four-digit price
  // among them within their range lost its decimal point. Four digits also need cents the page
  // uses ("1900" on a page of ",00" and ",50" prices), so a year such as "2024" stays a year.
  const decimal = runs.flatMap((r) => {
    const m = DECIMAL_PRICE.exec(r.text);
    return m ? [{ amount: Number(m[1]) + Number(m[2]) / 100, cents: m[2] as string, size: r.size }] : [];
  });
  // Digits set much smaller than the prices (allergen codes run together, "378") are no price.
  const priceSize = median(decimal.map((d) => d.size));
  const candidates = pointless.filter((run) => run.size >= 0.75 * priceSize);
  const amounts = decimal.map((d) => d.amount);
  const pageCents = new Set(decimal.map((d) => d.cents));
  repairCents(runs);
  if (amounts.length < 4) return;
  const [low, high] = [Math.min(...amounts), Math.max(...amounts)];
  const repairs = candidates.flatMap((run) => {
    const m = PRICE_SHAPE.exec(run.text) as RegExpExecArray;
    const [sign = '', whole = '', euro = ''] = [m[1], m[2] as string, m[5]];
    const cents = whole.slice(-2);
    const value = Number(whole) / 100;
    if (whole.length === 4 && !pageCents.has(cents)) return [];
    return value >= low * 0.8 && value <= high * 1.2 ? [{ run, text: `${sign}${whole.slice(0, -2)}${sep}${cents}${euro}` }] : [];
  });
  // Only where nearly every price has its decimals: a page of whole-number prices keeps them.
  // (Bare whole numbers are few, and the repairs are a minority of the page's prices.)
  // (Raised allergen codes, set much smaller, are no whole-number prices.)
  const bare = runs.filter((r) => r.size >= 0.75 * priceSize && /^[€$£]?\s?\d{1,2}(\s?€)?$/u.test(r.text)).length;
  if (bare > 0.2 * amounts.length) return;
  // More repairs than that only where each stands in a column of decimal prices, right-aligned
  // with one on another line (a scan whose commas faded: "9,50  1300  18,00" under
  // "8,00  11,00  15,00"); a wine list's vintages stand by the names, not in the price column.
  // Or between two decimal prices on its line ("12,00  1600  22,00"). (A repaired price joins the
  // column: "1500" is right-aligned with "1600" only.)
  const decimalAt = (run: TextRun, where: (p: TextRun) => boolean) => runs.some((p) => p !== run && DECIMAL_PRICE.test(p.text) && where(p));
  const inPriceColumn = (run: TextRun) =>
    decimalAt(run, (p) => Math.abs(p.x + p.width - run.x - run.width) <= 0.5 * run.size && Math.abs(p.y - run.y) > 0.5 * run.size) ||
    [-1, 1].every((side) => decimalAt(run, (p) => Math.abs(p.y - run.y) <= 0.3 * run.size && side * (p.x - run.x) > 0 && Math.abs(p.x - run.x) <= 8 * run.size));
  const few = bare + repairs.length <= 0.4 * amounts.length;
  if (few) for (const { run, text } of repairs) run.text = text;
  let left = few ? [] : repairs;
  for (let changed = true; changed; ) {
    const now = left.filter(({ run }) => inPriceColumn(run));
    for (const { run, text } of now) run.text = text;
    left = left.filter((r) => !now.includes(r));
    changed = now.length > 0;
  }
}

/**
 * One size label of a wine or water table as OCR reads it: a decimal ("0,2 l"), a fraction
 * ("1/4 l", its slash lost or its "l" read as a 1 or a bar: "141", "1/41", "1/2 |") or a whole
 * litre ("1 l", "11").
 */
const VOLUME_READING = /(?:(0[.,]\d{1,2})|1\/?([248])|(1))\s?[1lI|](?=\s|$)/gy;

/** The size labels a run reads as, when it reads as nothing else; null otherwise. */
function volumeReadings(text: string): Array<{ label: string; spelled: boolean }> | null {
  const labels: Array<{ label: string; spelled: boolean }> = [];
  const trimmed = text.trim();
  VOLUME_READING.lastIndex = 0;
  while (VOLUME_READING.lastIndex < trimmed.length) {
    const m = VOLUME_READING.exec(trimmed);
    if (!m) return null;
    const [reading, decimal, eighths, whole] = m;
    // A decimal of a litre read with a 1 after it is a size already: no price has cents like "0,21".
    labels.push({ label: `${decimal ?? (eighths ? `1/${eighths}` : whole)} l`, spelled: Boolean(decimal) || /[/lI|]/.test(reading) });
    while (trimmed[VOLUME_READING.lastIndex] === ' ') VOLUME_READING.lastIndex++;
  }
  return labels.length ? labels : null;
}

/**
 * A glass size and its price read as one token, the size's "l" read as a 1 or a bar and the
 * spaces lost ("0,5 l 5,90 €" → "0,515,90 €"): no amount has two decimal marks.
 */
const SIZE_THEN_PRICE = /^(0[.,]\d{1,2})\s?[1lI|]\s?([€$£]?\s?\d{1,3}[.,]\d{2}(?:\s?€)?)$/u;

/**
 * Glass and bottle sizes over a drinks table, their unit read as a digit or a bar: a run that
 * reads as two or more sizes ("0,21  0,41"), or two or more runs side by side on one baseline that
 * each read as sizes ("141  1/2 |  11"), one of them with its slash or its "l" as printed. No
 * menu prices two drinks at 21 and 41 cents side by side, or heads a column with 141, so they
 * are the sizes "0,2 l  0,4 l" and "1/4 l  1/2 l  1 l".
 */
export function repairVolumeLabels(runs: TextRun[]): void {
  const write = (run: TextRun, labels: Array<{ label: string }>) => {
    run.text = labels.map((l) => l.label).join('  ');
  };
  for (const run of runs) {
    const glued = SIZE_THEN_PRICE.exec(run.text);
    if (glued) run.text = `${glued[1]} l ${glued[2]}`;
    const labels = volumeReadings(run.text);
    if (labels && labels.length >= 2 && labels.some((l) => l.spelled)) write(run, labels);
  }
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const used = new Set<TextRun>();
  for (const first of sorted) {
    if (used.has(first)) continue;
    const row = runs.filter((r) => Math.abs(r.y - first.y) <= 0.3 * r.size).sort((a, b) => a.x - b.x);
    row.forEach((r) => used.add(r));
    // Stretches of neighbouring runs that read as sizes.
    let stretch: Array<{ run: TextRun; labels: Array<{ label: string; spelled: boolean }> }> = [];
    const close = () => {
      if (stretch.length >= 2 && stretch.some((s) => s.labels.some((l) => l.spelled))) for (const s of stretch) write(s.run, s.labels);
      stretch = [];
    };
    for (const run of row) {
      const labels = volumeReadings(run.text);
      if (labels) stretch.push({ run, labels });
      else close();
    }
    close();
  }
}

/** Cents' last digits OCR reads for a 0 on a small or blurred print (3,00 → 3,06; 1,40 → 1,49; 3,80 → 3,88). */
const ZERO_MISREAD = /^([€$£]?\s?\d{1,3}[.,]\d)([689])(\s?€)?$/u;
/** Prices in the page that support the cents repair at least. */
const CENTS_SUPPORT = 6;

/**
 * A price whose cents end in 6, 8 or 9 on a page where the other prices' cents end in 0 (at
 * least CENTS_SUPPORT of them, and three times as many as those that do not): OCR read the 0 wrong. Prices ending in 5 or 9 after a 9 ("2,95",
 * "9,99") are kept: menus price that way on purpose.
 */
function repairCents(runs: TextRun[]): void {
  const cents = runs.flatMap((r) => {
    const m = /^[€$£]?\s?\d{1,3}[.,](\d{2})(\s?€)?$/u.exec(r.text);
    return m ? [{ run: r, cents: m[1] as string }] : [];
  });
  const odd = cents.filter((c) => !c.cents.endsWith('0'));
  if (cents.length - odd.length < Math.max(CENTS_SUPPORT, 3 * odd.length)) return;
  for (const { run, cents: c } of odd) {
    const m = ZERO_MISREAD.exec(run.text);
    if (m && c[0] !== '9') run.text = `${m[1]}0${m[3] ?? ''}`;
  }
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
 * The baseline under some words of a line: where their letters without descenders end (a line
 * Tesseract drew across columns of a curved photo has no one straight baseline), else the line's.
 */
export function baselineOf(l: OcrLine, words: OcrWord[]): (x: number) => number {
  const bottoms = words.filter((w) => /[\p{L}\p{N}]/u.test(w.text) && !/[gjpqyQ,;()[\]{}|/@$§]/u.test(w.text)).map((w) => w.y1);
  const lineAt = (x: number) => l.y1 + l.offset + l.slope * (x - l.x0);
  if (words.length === l.words.length) return lineAt;
  if (!bottoms.length) return amountsBaseline(l, words, lineAt);
  const own = median(bottoms);
  // Far from the line's, the words' own bottoms stand unless the words stand clear above the line's
  // baseline: Tesseract drew one line over two rows ("Secondi", a heading in the next column, on
  // the line of a dish half a row lower).
  const height = median(words.filter((w) => /[\p{L}\p{N}]/u.test(w.text)).map((w) => w.y1 - w.y0));
  return (x) => {
    const line = lineAt(x);
    return Math.abs(own - line) <= 0.3 * (l.y1 - l.y0) || line - own > 0.5 * height ? own : line;
  };
}

/**
 * A run of amounts only ("17,00") stands on its digits' baseline: its box's bottom, or a sixth of
 * the box above it where the box holds a decimal comma's tail. Where the line's baseline is well
 * outside that span (by more than 0.15 of the line's height: a line Tesseract drew across two
 * columns of a tilted photo), the middle of the span; otherwise the line's, which on a straight
 * page is the surer of the two.
 */
function amountsBaseline(l: OcrLine, words: OcrWord[], lineAt: (x: number) => number): (x: number) => number {
  if (!words.every((w) => /^\d{1,4}[.,]\d{2}$/.test(w.text))) return lineAt;
  const bottom = median(words.map((w) => w.y1));
  const raised = median(words.map((w) => w.y1 - (w.text.includes(',') ? 0.17 * (w.y1 - w.y0) : 0)));
  const [tolerance, far] = [0.15 * (l.y1 - l.y0), 0.6 * (l.y1 - l.y0)];
  const own = (raised + bottom) / 2;
  return (x) => {
    const line = lineAt(x);
    const within = line >= raised - tolerance && line <= bottom + tolerance;
    return within || Math.abs(own - line) > far ? line : own;
  };
}

/** A round or square bracket's height, in ems (ascender top to descender bottom). */
const BRACKET_HEIGHT = 0.95;
/** A short code in brackets ("(V)", "[GF", "(vG)"). */
const BRACKETED = /^[([{][^\p{L}\p{N}]*(?:[\p{L}\p{N}][^\p{L}\p{N}]*){1,4}$/u;

/**
 * The em of a line from its words' ink heights: capitals, digits and ascenders reach about 0.74 em
 * above the baseline, x-height letters 0.53 em, descenders 0.21 em below.
 */
function emOf(l: OcrLine, words: OcrWord[] = l.words): number {
  const baselineAt = baselineOf(l, words);
  const lettered = words.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
  // A bracketed marker measures the line only when nothing else does ("Margarita (V)": the name).
  const unbracketed = lettered.filter((w) => !BRACKETED.test(w.text));
  const ems = (unbracketed.length ? unbracketed : lettered)
    .map((w) => {
      const letters = w.text.replace(/[^\p{L}\p{N}]/gu, '');
      // A bracketed marker ("(V)", "[GF]"): its brackets reach from above the capitals to below
      // the baseline, about an em, whatever letters OCR read inside (a lower-case "v" measured
      // against the x-height made a marker twice the names' size, and a section heading).
      if (BRACKETED.test(w.text)) return (w.y1 - w.y0) / BRACKET_HEIGHT;
      const high = /[\p{Lu}\p{N}bdfhklt]|[\u00c0-\u024f]/u.test(letters) ? 0.74 : 0.53;
      // The ink above the baseline: descenders (and a box swollen below by them) do not count.
      const base = baselineAt((w.x0 + w.x1) / 2);
      const above = base - w.y0;
      // A raised word (a footnote mark) or a baseline Tesseract got wrong: the whole box instead.
      // So is a baseline through the word's upper half: Tesseract drew one line over two columns
      // set at different heights ("temporada" beside the higher "Bebidas" measured 2 pt).
      if (w.y1 < base - 0.15 * (w.y1 - w.y0) || above < 0.5 * (w.y1 - w.y0)) return (w.y1 - w.y0) / (high + (/[gjpqyQ]/.test(letters) ? 0.21 : 0));
      return above / high;
    });
  // The lower median: a word box swollen by a speck must not make the line look larger.
  const sorted = ems.sort((a, b) => a - b);
  if (!sorted.length) return 0;
  return Math.max(4, sorted[Math.floor((sorted.length - 1) / 2)] as number);
}

/**
 * The word's box shrunk to the rows that hold its ink: Tesseract often gives every word of a line
 * the line's full height, which says nothing of the word's own letters (capitals, descenders).
 */
function tighten(word: OcrWord, grey: Uint8Array | undefined, width: number, height: number): OcrWord {
  if (!grey) return word;
  const x0 = Math.max(0, word.x0);
  const x1 = Math.min(width, word.x1);
  const rowHasInk = (y: number) => {
    let dark = 0;
    for (let x = x0; x < x1; x++) if ((grey[y * width + x] as number) < 128 && ++dark >= 2) return true;
    return false;
  };
  let y0 = Math.max(0, word.y0);
  let y1 = Math.min(height, word.y1);
  while (y0 < y1 - 1 && !rowHasInk(y0)) y0++;
  while (y1 - 1 > y0 && !rowHasInk(y1 - 1)) y1--;
  return y1 - y0 >= 2 ? { ...word, y0, y1 } : word;
}

/**
 * A footnote mark Tesseract read as the end of a word ("MELANGE®S" for "MELANGE" and a raised
 * "C,G", "VGSSM" for "VG" and a raised "G,S,Mu"): the letters after the last one standing on the
 * baseline whose bottom is raised well above it become a word of their own (the layout analysis
 * then sees a raised mark). `baseline` is the line's baseline under the word when known: where
 * the raised tail is most of the word's letters, their median bottom is the tail's, not the
 * baseline. Marks and punctuation inside the tail may have a box down to the baseline (Tesseract
 * gives some letters the line's height): they go with the raised letters around them.
 */
export function splitRaisedTail(word: OcrWord, baseline?: number, inkBetween?: (x0: number, x1: number, y0: number, y1: number) => boolean): OcrWord[] {
  const chars = word.chars;
  if (!chars || chars.length < 2) return [word];
  // The word's own baseline: the line's when it runs under the word's letters (the lowest
  // letter bottoms, give or take), else where most of its letters end (the line's may be off
  // where Tesseract joined columns into one line).
  const bottoms = chars.map((c) => c.y1);
  const lowest = Math.max(...bottoms);
  const base = baseline !== undefined && Math.abs(baseline - lowest) <= 0.25 * (word.y1 - word.y0) + 2 ? Math.min(lowest, Math.max(baseline, median(bottoms))) : median(bottoms);
  const standing = chars.filter((c) => Math.abs(c.y1 - base) <= 0.15 * (c.y1 - c.y0) + 2);
  if (standing.length < 2) return [word];
  const height = median(standing.map((c) => base - c.y0));
  // Raised: the bottom well above the baseline (no letter of a word ends there; quotes and
  // apostrophes at the end of a word are marks too).
  const raised = (c: OcrChar) => c.y1 < base - 0.3 * height && c.y1 - c.y0 < 1.5 * height;
  const alnum = (c: OcrChar) => /[\p{L}\p{N}]/u.test(c.text);
  let cut = chars.length;
  while (cut > 1) {
    const c = chars[cut - 1] as OcrChar;
    // Punctuation between raised letters goes with them whatever its box.
    if (raised(c) || (!alnum(c) && cut < chars.length && raised(chars[cut - 2] as OcrChar))) cut--;
    else break;
  }
  while (cut < chars.length && !raised(chars[cut] as OcrChar)) cut++;
  // Letter boxes out of order (one starting left of the letter before it): Tesseract read the
  // letters but boxed them wrongly, so where the tail starts is unknown. In a photo it read
  // "SALVAJE⁴" as "SALVAJE" with the "J" boxed over "JE" and the "E" over the raised "4": the
  // name is right as read, and cutting at the boxes would take its last letter for the mark.
  if (chars.some((c, i) => i > 0 && c.x0 < (chars[i - 1] as OcrChar).x0)) return [word];
  // A mark is a short tail after a real word; never most of the word.
  if (cut === chars.length || cut < 2 || chars.length - cut > Math.max(3, cut / 2) || !/[\p{L}\p{N}]/u.test(chars.slice(0, cut).map((c) => c.text).join(''))) return [word];
  // Tesseract's letter boxes can be far off: a tail with ink down on the baseline under it
  // ("Mariscos", the last small capital of "SALVAJE") stands on the line and is no mark.
  const tail = chars.slice(cut);
  const [tx0, tx1] = [Math.min(...tail.map((c) => c.x0)), Math.max(...tail.map((c) => c.x1))];
  if (inkBetween?.(tx0, tx1, Math.round(base - 0.2 * height), Math.round(base - 1))) return [word];
  const part = (list: OcrChar[]): OcrWord => ({
    text: list.map((c) => c.text).join(''),
    x0: Math.min(...list.map((c) => c.x0)),
    y0: Math.min(...list.map((c) => c.y0)),
    x1: Math.max(...list.map((c) => c.x1)),
    y1: Math.max(...list.map((c) => c.y1)),
    conf: word.conf,
    chars: list,
  });
  return [part(chars.slice(0, cut)), part(chars.slice(cut))];
}

/** Measures a page while its image is at hand (the image is not kept). */
export function measurePage(found: OcrLine[], geometry: PageGeometry): MeasuredPage {
  const { grey, widthPx, heightPx } = geometry;
  // Some ink (two pixels or more) in a box of the page: a letter there.
  const inkBetween = grey
    ? (x0: number, x1: number, y0: number, y1: number) => {
        let dark = 0;
        for (let y = Math.max(0, y0); y <= Math.min(heightPx - 1, y1); y++)
          for (let x = Math.max(0, x0); x < Math.min(widthPx, x1); x++) if ((grey[y * widthPx + x] as number) < 128 && ++dark >= 2) return true;
        return false;
      }
    : undefined;
  const lines = found.map((l) => ({ ...l, words: l.words.flatMap((w) => splitRaisedTail(w, l.y1 + l.offset + l.slope * ((w.x0 + w.x1) / 2 - l.x0), inkBetween)).map((w) => tighten(w, grey, widthPx, heightPx)) }));
  const ems = lines.map((l) => emOf(l) || Math.max(4, l.xSize - Math.max(0, l.descenders)));
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
  const grouped = pages.map(groupPage);
  // Sizes per run, not per line: Tesseract's line may cross columns set in different sizes.
  const snap = snapSizes(grouped.flatMap((p, i) => p.groups.map((g) => (g.em * (pages[i] as MeasuredPage).widthPt) / (pages[i] as MeasuredPage).widthPx)));
  const boldAbove = boldThreshold(pages.flatMap((p) => p.lines.flatMap((l, i) => l.words.flatMap((w, j) => (w.text.length >= 3 ? [p.inks[i]?.[j] ?? 0] : [])))));
  return pages.map((p, i) => convertPage(p, grouped[i] as GroupedPage, snap, boldAbove));
}

/**
 * The stroke weight (ink per stroke for the size, `inkOf`) above which a word is bold, from the
 * document's words. Where the weights fall into two groups (Otsu's split of the sorted weights,
 * the heavier group's mean at least 1.2 times the lighter's), halfway between the two: a menu
 * whose names are bold has about as many bold words as regular ones, and a quarter above the
 * median left half of its names regular on a phone's photo. Otherwise a quarter above the
 * median (a few bold headings among regular text).
 */
export function boldThreshold(weights: number[]): number {
  const sorted = weights.filter((w) => w > 0).sort((a, b) => a - b);
  if (!sorted.length) return Infinity;
  const fallback = 1.25 * median(sorted);
  const n = sorted.length;
  const prefix = [0];
  for (const w of sorted) prefix.push((prefix[prefix.length - 1] as number) + w);
  let best = { between: 0, light: 0, heavy: 0 };
  for (let i = 1; i < n; i++) {
    const light = (prefix[i] as number) / i;
    const heavy = ((prefix[n] as number) - (prefix[i] as number)) / (n - i);
    const between = (i / n) * (1 - i / n) * (heavy - light) ** 2;
    if (between > best.between) best = { between, light, heavy };
  }
  // Each group a tenth of the words at least: a handful of heavy specks is no second weight.
  const heavyShare = sorted.filter((w) => w > (best.light + best.heavy) / 2).length / n;
  if (best.light > 0 && best.heavy >= 1.2 * best.light && heavyShare >= 0.1 && heavyShare <= 0.9) return (best.light + best.heavy) / 2;
  return fallback;
}

interface WordGroup {
  line: OcrLine;
  words: OcrWord[];
  /** The group's em (pixels) and its words' median stroke weight. */
  em: number;
  ink: number;
  first: boolean;
  last: boolean;
}

interface GroupedPage {
  groups: WordGroup[];
  /** Small raised words (footnote marks) with their line's em. */
  raised: Array<{ word: OcrWord; em: number }>;
}

/** A page's words in runs: noise and leaders dropped, raised marks apart, words a space apart together. */
function groupPage(measured: MeasuredPage): GroupedPage {
  const out: GroupedPage = { groups: [], raised: [] };
  measured.lines.forEach((line, i) => {
    const em = measured.ems[i] ?? 0;
    const inkOfWord = new Map(line.words.map((w, j) => [w, measured.inks[i]?.[j] ?? 0]));
    const readable = line.words.filter((word) => {
      // A lone low-confidence blob is noise; a word inside a line of good words is kept.
      if (word.conf < MIN_WORD_CONFIDENCE && !/[\p{L}\p{N}]{2}/u.test(word.text)) return false;
      // Dot leaders: ink no taller than a dot (Tesseract reads them as dots or as letters).
      if (word.y1 - word.y0 < LEADER_HEIGHT * em) return false;
      // A rule or leader read as one character over and over ("000000000", "ooooo").
      if (/^(.)\1{4,}$/u.test(word.text)) return false;
      // Runs of punctuation (leaders and rules read as "……", "_..").
      return !/^[\p{P}\p{S}]{3,}$/u.test(word.text) || /[€$£¥]/u.test(word.text);
    });
    // A sign that stands for nothing on a menu, alone between wide gaps: a boxed marker or a speck
    // OCR read as "=" or "~" (after "Porridge" it made the line a heading's size).
    const stray = (w: OcrWord, i: number) => {
      const [left, right] = [readable[i - 1], readable[i + 1]];
      return /^[=~^_<>|¦•°#"'`´]+$/u.test(w.text) && (!left || w.x0 - left.x1 > WORD_SPACE * em) && (!right || right.x0 - w.x1 > WORD_SPACE * em);
    };
    const kept = readable.filter((w, i) => !stray(w, i));
    // Small words raised above the baseline are footnote marks (allergen codes).
    // A short code whose ink ends a third of an em above the baseline is one too, even when its
    // letters look almost as tall as the line's (a low-resolution scan blurs small capitals).
    const raisedBy = (w: OcrWord, lift: number) => {
      const height = w.y1 - w.y0;
      return (height < 0.65 * em && lift > 0.25 * em) || (height < 0.9 * em && lift > 0.33 * em && w.text.replace(/[^\p{L}\p{N}]/gu, '').length <= 4);
    };
    // Against the word before it too: a line Tesseract drew across two columns set at different
    // heights (a tilted photo) has a baseline that fits neither ("Gravy ¹˒⁹˒¹⁰" after a
    // description in the next column, its marks level with the line's baseline there).
    const before = (w: OcrWord) => {
      const i = kept.indexOf(w);
      const left = i > 0 ? (kept[i - 1] as OcrWord) : undefined;
      return left && /\p{L}{2}/u.test(left.text) && w.x0 - left.x1 <= 0.6 * em && w.x0 >= left.x1 - 2 ? left : undefined;
    };
    const raised = (w: OcrWord) => {
      if (raisedBy(w, line.y1 + line.offset + line.slope * ((w.x0 + w.x1) / 2 - line.x0) - w.y1)) return true;
      const left = before(w);
      // (A word's box reaches below the baseline by its descenders.)
      return left !== undefined && raisedBy(w, left.y1 - (/[gjpqy]/.test(left.text) ? 0.2 * em : 0) - w.y1);
    };
    for (const w of kept.filter(raised)) out.raised.push({ word: w, em });
    // Words a space apart form one run, as a PDF's text chunk would; a wider gap (a tab stop, an
    // erased leader, a column gutter) separates runs.
    const groups: OcrWord[][] = [];
    for (const word of kept.filter((w) => !raised(w))) {
      const g = groups[groups.length - 1];
      const prev = g?.[g.length - 1];
      if (g && prev && word.x0 - prev.x1 <= WORD_SPACE * em) g.push(word);
      else groups.push([word]);
    }
    groups.forEach((words, j) =>
      out.groups.push({
        line,
        words,
        em: emOf(line, words) || em,
        ink: median(words.map((w) => inkOfWord.get(w) ?? 0)),
        first: j === 0,
        last: j === groups.length - 1,
      }),
    );
  });
  return out;
}

function convertPage(measured: MeasuredPage, grouped: GroupedPage, snap: (size: number) => number, boldAbove: number): PageText {
  const k = measured.widthPt / measured.widthPx;
  const runs: TextRun[] = [];
  // Footnote marks: a run of their own, small and raised as in a PDF, which the layout analysis
  // attaches as a superscript; what Tesseract made of them without a letter or digit ("“”", "'")
  // is dropped.
  for (const { word: w } of grouped.raised) {
    const text = w.text.replace(/[^\p{L}\p{N},]/gu, '');
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    runs.push({ text, x: w.x0 * k, y: w.y1 * k, width: Math.max(1, w.x1 - w.x0) * k, size: ((w.y1 - w.y0) / 0.74) * k, font: 'ocr', bold: false, italic: false, conf: w.conf });
  }
  for (const { line, words, em, ink, first: isFirst, last: isLast } of grouped.groups) {
    const first = words[0] as OcrWord;
    const last = words[words.length - 1] as OcrWord;
    const baseline = baselineOf(line, words)((first.x0 + last.x1) / 2);
    const bold = ink > boldAbove;
    runs.push({
      text: repairDiameter(repairDietMarkers(dropTrailingMarks(words.map((w) => cleanWord(w.text)).join(' ')))),
      x: first.x0 * k,
      y: baseline * k,
      width: Math.max(1, last.x1 - first.x0) * k,
      size: snap(em * k),
      font: bold ? 'ocr-bold' : 'ocr',
      bold,
      italic: false,
      ...(!isFirst ? { spaceBefore: true } : {}),
      ...(!isLast ? { spaceAfter: true } : {}),
      conf: Math.min(...words.map((w) => w.conf)),
      ...(words.some((w) => w.checked) && words.every((w) => w.checked || !/\d/.test(w.text)) ? { checked: true } : {}),
    });
  }
  repairPrices(runs);
  repairVolumeLabels(runs);
  return { page: measured.page, width: measured.widthPt, height: measured.heightPx * k, runs };
}
