import sharp from 'sharp';
import { UPLOAD_MAX_OCR_PAGES } from '../../../../shared/constants.ts';
import type { MenuDraft, PageText } from '../extract/types.ts';
import { cropPgm, placeLines, uncoveredRegions } from './coverage.ts';
import { measurePage, parseHocr, toPageTexts, type MeasuredPage, type OcrLine, type OcrWord } from './hocr.ts';
import { type MarkZone, markSheet, markZones, placeMarks } from './marks.ts';
import { doubtPieces, doubtSpans, placeRereads } from './reread.ts';
import { disputeByOtherReading, disputePrices, parseOrf, priceSheet, readingsOfSheet } from './price-check.ts';
import { linesOfPiece, stackPieces, type Piece, type Sheet } from './sheet.ts';
import { detectLanguage, guessLanguage, menuWordsLanguage } from './language.ts';
import { parsePgm, preparePage, type GreyImage, type PageWarp, type PreparedPage } from './preprocess.ts';
import { OCR_LANGUAGES, OCRAD, PDFTOPPM, runTool, TESSERACT, ToolError } from './tools.ts';

export { ImageProblem, inspectImage, OCR_MAX_INPUT_PIXELS } from './preprocess.ts';
export { ocrUnavailable, ToolError } from './tools.ts';

/**
 * OCR of scanned PDF pages and photos, a page at a time, the next one prepared while Tesseract
 * reads this one (memory holds two page images at most): render (pdftoppm) or decode (sharp),
 * prepare (preprocess.ts), recognise (tesseract, hOCR), convert to the positioned text the
 * layout analysis reads (hocr.ts).
 */

/** Pages OCR'd per upload at most (photos or scanned PDF pages). */
export const OCR_MAX_PAGES = UPLOAD_MAX_OCR_PAGES;
/** Wall time of one page's Tesseract run. */
export const OCR_PAGE_TIMEOUT_MS = 30_000;
/** A photo is taken to be a page this wide (A4, points): positions and sizes come out in points. */
const PHOTO_PAGE_WIDTH_PT = 595;
/** Pixels of a rendered PDF page at most (300 dpi on A4 is 8.7 MP; larger pages get fewer dpi). */
const RENDER_MAX_PIXELS = 10_000_000;
const RENDER_DPI = 300;
/** What raised marks are read as (codes and their commas): nothing else can be mistaken for them. */
const MARK_CHARACTERS = '0123456789,ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** White around a region read again (Tesseract reads a crop better with a margin). */
const CROP_MARGIN = 16;
/** More white between two regions stacked on one sheet: a line never runs from one into the next. */
const REGION_GAP = 64;

sharp.cache(false);

export interface OcrPageOptions {
  page: number;
  /** Tesseract models to read with (default: all six menu languages). */
  languages?: readonly string[];
  /** The page's size in points when known (a PDF page); photos get an A4 width. */
  widthPt?: number;
  timeoutMs?: number;
  /** Another model's reading of (part of) the same page, in its pixels: the language pass's. */
  otherReading?: OcrLine[];
}

/** One page image → positioned words. Throws ImageProblem for unusable images, ToolError when tesseract fails. */
export async function ocrImage(bytes: Uint8Array, options: OcrPageOptions): Promise<OcrPageText> {
  const prepared = await preparePage(bytes);
  return withGeometry(toPageTexts([await recognise(prepared, options)])[0] as PageText, prepared);
}

/**
 * An OCR'd page: `skew` is the angle (degrees) the page image was turned by to straighten its
 * lines, about the page's centre; the runs are in the straightened page's points.
 */
export interface OcrPageText extends PageText {
  skew?: number;
  /** A photographed page made flat before it was read (`rectify.ts`): how it maps onto the photo. */
  warp?: PageWarp;
}

const withGeometry = (page: PageText, { skew, warp }: Pick<PreparedPage, 'skew' | 'warp'>): OcrPageText => ({ ...page, ...(skew ? { skew } : {}), ...(warp ? { warp } : {}) });

/** Tesseract's hOCR of an image (page segmentation `psm`: 3 a page, 6 one block of text). */
async function tesseract(pgm: Buffer, psm: number, options: OcrPageOptions & { signal?: AbortSignal }, timeoutMs: number, config: string[] = []): Promise<OcrLine[]> {
  // Letter boxes too (hocr_char_boxes): footnote marks read as a word's last letters are cut off by them.
  const args = ['stdin', 'stdout', '-l', (options.languages ?? OCR_LANGUAGES).join('+'), '--psm', String(psm), '--dpi', '300', '-c', 'hocr_char_boxes=1', ...config.flatMap((c) => ['-c', c]), 'hocr'];
  const hocr = await runTool(TESSERACT, args, {
    input: pgm,
    timeoutMs,
    maxOutputBytes: 8 * 1024 * 1024,
    // One thread per Tesseract: its OpenMP threads spin and are slower than one on a shared machine.
    env: { OMP_THREAD_LIMIT: '1' },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return parseHocr(hocr.toString('utf8'));
}

/** The same marks' zones (the same words, the same ink): their sheet would be the same. */
function sameZones(a: MarkZone[], b: MarkZone[]): boolean {
  const shape = ({ word: _word, ...rest }: MarkZone) => JSON.stringify(rest);
  return a.length === b.length && a.every((z, i) => z.word === b[i]?.word && shape(z) === shape(b[i] as MarkZone));
}

/** The median row height of the page's lines (Tesseract's ascenders to descenders), pixels. */
function medianRowHeight(lines: OcrLine[]): number {
  const heights = lines.map((l) => l.xSize).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/** Ocrad's results file (characters with their boxes and guesses) for an image; milliseconds for a sheet of prices. */
function ocrad(pgm: Buffer, timeoutMs: number): Promise<Buffer> {
  return runTool(OCRAD, ['--format=utf8', '--force', '--output=/dev/null', '--export=-', '-'], { input: pgm, timeoutMs, maxOutputBytes: 4 * 1024 * 1024 });
}

/**
 * Tesseract on a prepared page. Then the ink no word covers, shaped like text (a block its layout
 * analysis took for a picture, `coverage.ts`), and the words it doubts, enlarged (`reread.ts`),
 * are read again in one run, all on one sheet; every price is read again by a second engine
 * (Ocrad, `price-check.ts`); and the raised marks after words are read again enlarged, all on one
 * sheet (`marks.ts`). Not when `quick` (the language pass); always within
 * the page's time.
 */
async function recognise(prepared: Pick<PreparedPage, 'pgm' | 'grey' | 'width' | 'height'>, options: OcrPageOptions & { quick?: boolean }): Promise<MeasuredPage> {
  const started = Date.now();
  const lines = await tesseract(prepared.pgm, 3, options, options.timeoutMs ?? OCR_PAGE_TIMEOUT_MS);
  return options.quick ? measuredPage(prepared, lines, options) : refine(prepared, lines, options, started);
}

/** The page's lines as positioned text (`measurePage`). */
function measuredPage(prepared: Pick<PreparedPage, 'grey' | 'width' | 'height'>, lines: OcrLine[], options: OcrPageOptions): MeasuredPage {
  return measurePage(lines, {
    page: options.page,
    widthPx: prepared.width,
    heightPx: prepared.height,
    widthPt: options.widthPt ?? PHOTO_PAGE_WIDTH_PT,
    grey: prepared.grey,
  });
}

/**
 * The ink no word covers (`regions`) and the words Tesseract doubts read again, in one run on one
 * sheet (`sheet.ts`): each run costs a model load. Words in `marked` are left to the marks pass.
 */
async function rereadDoubts(
  prepared: Pick<PreparedPage, 'grey' | 'width' | 'height'>,
  lines: OcrLine[],
  options: OcrPageOptions,
  regions: ReturnType<typeof uncoveredRegions>,
  marked: ReadonlySet<OcrWord>,
  deadline: number,
): Promise<void> {
  const spans = doubtSpans(lines, prepared.width, prepared.height, marked);
  const leftForRegions = deadline - Date.now();
  if ((regions.length || spans.length) && leftForRegions >= 1000) {
    const regionPieces = regions.map((region) => {
      const crop = cropPgm(prepared.grey, prepared.width, region, CROP_MARGIN);
      return { pixels: crop.grey, w: crop.width, h: crop.height };
    });
    const sheet = stackPieces([...regionPieces, ...doubtPieces(prepared.grey, prepared.width, spans)], REGION_GAP);
    const found = await tesseract(sheet.pgm, 6, options, leftForRegions);
    placeRereads(found, spans, sheet, lines, regions.length);
    // Read as one block with the doubted words enlarged around them, a region of smaller text
    // may come back empty (Tesseract drops lines far smaller than the block's as noise): those
    // are read again on a sheet of their own. Not a strip lower than the page's words: raised
    // marks or specks (the marks pass reads marks; read here they would be read twice).
    const rowHeight = medianRowHeight(lines);
    const unread = spans.length ? regions.flatMap((r, i) => (r.y1 - r.y0 >= rowHeight && !linesOfPiece(found, sheet, i).length ? [i] : [])) : [];
    const leftForUnread = deadline - Date.now();
    let again: { found: OcrLine[]; sheet: Sheet } | null = null;
    if (unread.length && leftForUnread >= 1000) {
      const alone = stackPieces(
        unread.map((i) => regionPieces[i] as Piece),
        REGION_GAP,
      );
      again = { found: await tesseract(alone.pgm, 6, options, leftForUnread), sheet: alone };
    }
    // Placed one region after the other: a region's words that overlap words already placed are dropped.
    regions.forEach((region, i) => {
      const k = unread.indexOf(i);
      const read = again && k >= 0 ? linesOfPiece(again.found, again.sheet, k) : linesOfPiece(found, sheet, i);
      lines.push(...placeLines(read, region, CROP_MARGIN, lines));
    });
  }
}

/**
 * What follows Tesseract's page pass (`lines`, read with `options.languages` from `started`): the
 * uncovered and doubted regions read again, the prices checked, the raised marks read.
 */
async function refine(prepared: Pick<PreparedPage, 'pgm' | 'grey' | 'width' | 'height'>, lines: OcrLine[], options: OcrPageOptions, started: number): Promise<MeasuredPage> {
  const budget = options.timeoutMs ?? OCR_PAGE_TIMEOUT_MS;
  const regions = uncoveredRegions(prepared.grey, prepared.width, prepared.height, lines);
  const zonesBefore = markZones(prepared.grey, prepared.width, prepared.height, lines);
  const marked = new Set(zonesBefore.map((z) => z.word));
  // The marks pass reads its sheet beside the re-reading (one process a core). Its reading is
  // used when the re-reading changed none of the marks' zones (it leaves marked words alone, so
  // mostly it does not); otherwise the marks are read again after it, as before.
  const readMarks = (zones: MarkZone[], left: number, signal?: AbortSignal) => {
    const sheet = markSheet(prepared.grey, prepared.width, zones);
    const marksOptions = { ...options, languages: ['eng'], ...(signal ? { signal } : {}) };
    return { sheet, found: tesseract(sheet.pgm, 6, marksOptions, left, [`tessedit_char_whitelist=${MARK_CHARACTERS}`]) };
  };
  const stopEarly = new AbortController();
  const early = zonesBefore.length && budget - (Date.now() - started) >= 1000 ? readMarks(zonesBefore, budget - (Date.now() - started), stopEarly.signal) : null;
  early?.found.catch(() => undefined); // Awaited below, or its zones changed: never unhandled.
  try {
    await rereadDoubts(prepared, lines, options, regions, marked, started + budget);
    if (options.otherReading) disputeByOtherReading(lines, options.otherReading);
    // Every price, read again by another engine (`price-check.ts`).
    const prices = priceSheet(prepared.grey, prepared.width, prepared.height, lines);
    if (prices) {
      const orf = await ocrad(prices.sheet.pgm, Math.max(1000, budget - (Date.now() - started)));
      disputePrices(prices.spans, readingsOfSheet(parseOrf(orf.toString('utf8')), prices.sheet));
    }
    // Then the raised marks after words, on a sheet of their own with only codes allowed.
    const zones = markZones(prepared.grey, prepared.width, prepared.height, lines);
    if (early && sameZones(zones, zonesBefore)) placeMarks(await early.found, zones, early.sheet, lines);
    else {
      stopEarly.abort();
      const left = budget - (Date.now() - started);
      if (zones.length && left >= 1000) {
        const marks = readMarks(zones, left);
        placeMarks(await marks.found, zones, marks.sheet, lines);
      }
    }
    return measuredPage(prepared, lines, options);
  } finally {
    stopEarly.abort(); // A reading that failed half-way leaves no Tesseract behind.
  }
}

/**
 * Renders one page of a PDF (its bytes go to pdftoppm's stdin) to grey pixels, at most
 * RENDER_MAX_PIXELS. pdftoppm writes a raw PGM: encoding a PNG would take longer than the OCR.
 */
export async function renderPdfPage(pdf: Uint8Array, page: number, widthPt: number, heightPt: number, timeoutMs = OCR_PAGE_TIMEOUT_MS): Promise<GreyImage> {
  const inches = (Math.max(1, widthPt) / 72) * (Math.max(1, heightPt) / 72);
  const dpi = Math.max(50, Math.min(RENDER_DPI, Math.floor(Math.sqrt(RENDER_MAX_PIXELS / inches))));
  const pgm = await runTool(PDFTOPPM, ['-r', String(dpi), '-f', String(page), '-l', String(page), '-gray', '-'], {
    input: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    timeoutMs,
    maxOutputBytes: RENDER_MAX_PIXELS * 1.2 + 1024,
  });
  const image = parsePgm(pgm);
  if (!image) throw new ToolError('pdftoppm wrote no page image', 'exit');
  return image;
}

export interface OcrRunOptions {
  /** After each page (1-based count). */
  onPage?: (done: number, total: number) => void | Promise<void>;
  /** Checked between pages: stop early (shutdown). */
  shouldStop?: () => boolean;
}

/** Too many pages to OCR in one upload. */
export class TooManyOcrPages extends Error {
  override readonly name = 'TooManyOcrPages';
  constructor(readonly pages: number) {
    super(`${pages} pages to OCR, at most ${OCR_MAX_PAGES}`);
  }
}

function stopIf(options: OcrRunOptions): void {
  if (options.shouldStop?.()) throw Object.assign(new Error('stopped'), { name: 'ExtractionStopped' });
}

/**
 * A band across the page (40 % of its height, full resolution) where it holds the most ink, for the
 * language pass: read in a fraction of the page's time, and at full resolution, so the function
 * words of a low-resolution photo are still read. (The middle of a page cut out of a photo may
 * be blank paper under a short menu.)
 */
function inkiestBand(prepared: Pick<PreparedPage, 'pgm' | 'grey' | 'width' | 'height'>): Pick<PreparedPage, 'pgm' | 'grey' | 'width' | 'height'> & { top: number } {
  const { grey, width } = prepared;
  const height = Math.max(1, Math.floor(prepared.height * 0.4));
  const ink = new Float64Array(prepared.height + 1);
  for (let y = 0; y < prepared.height; y++) {
    let dark = 0;
    for (let x = 0; x < width; x += 4) if ((grey[y * width + x] as number) < 128) dark++;
    ink[y + 1] = (ink[y] as number) + dark;
  }
  let top = Math.floor(prepared.height * 0.2);
  let most = -1;
  for (let y = 0; y + height <= prepared.height; y += Math.max(1, Math.floor(height / 20))) {
    const sum = (ink[y + height] as number) - (ink[y] as number);
    if (sum > most) [most, top] = [sum, y];
  }
  const band = grey.subarray(top * width, (top + height) * width);
  const pgm = Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), band]);
  return { pgm, grey: band, width, height, top };
}

/** Lines read on a band of a page moved down onto the page (`dy` pixels). */
const movedDown = (lines: OcrLine[], dy: number): OcrLine[] =>
  lines.map((l) => ({ ...l, y0: l.y0 + dy, y1: l.y1 + dy, words: l.words.map((w) => ({ ...w, y0: w.y0 + dy, y1: w.y1 + dy })) }));

/** How the first page was read: the menu's languages, the page when read already, the English band's lines. */
interface FirstPage {
  languages: readonly string[];
  page: MeasuredPage | null;
  otherReading: OcrLine[];
}

/** Ocrad's plain text of an image: a rough reading in tens of milliseconds. */
async function ocradText(pgm: Buffer, timeoutMs: number): Promise<string> {
  return (await runTool(OCRAD, ['--format=utf8', '-'], { input: pgm, timeoutMs, maxOutputBytes: 4 * 1024 * 1024 })).toString('utf8');
}

/**
 * The first page: its language told by the English band pass (`inkiestBand`, `detectLanguage`),
 * the page read with it. Beside the band's Tesseract run (two processes, one a core) the whole
 * page is read already with the language Ocrad's rough reading of the band suggests
 * (`guessLanguage`), or in English without a guess: an English menu, or one whose band tells
 * nothing, then waits for no second pass after the band's, and a guessed language the band
 * confirms saves the band's time. When the band names a language, a pass beside it in another
 * one is stopped and the page read again in the band's; when the band tells nothing, the pass's
 * own reading decides (its function words, else its menu words), and is kept when they name the
 * language it was read in.
 */
async function readFirstPage(prepared: PreparedPage, where: { page: number; widthPt?: number }): Promise<FirstPage> {
  const english = { ...where, languages: ['eng'] } as const;
  const bandImage = inkiestBand(prepared);
  const bandRead = recognise(bandImage, { ...english, quick: true });
  bandRead.catch(() => undefined); // Awaited below: never unhandled.
  const stop = new AbortController();
  try {
    const guess = guessLanguage(await ocradText(bandImage.pgm, OCR_PAGE_TIMEOUT_MS).catch(() => '')) ?? 'eng';
    const beside = { ...where, languages: [guess] };
    let started = Date.now();
    let pass = tesseract(prepared.pgm, 3, { ...beside, signal: stop.signal }, OCR_PAGE_TIMEOUT_MS);
    pass.catch(() => undefined); // Awaited below, or stopped: never unhandled.
    const band = await bandRead;
    let otherReading = movedDown(band.lines, bandImage.top);
    const detected = detectLanguage(toPageTexts([band]));
    if (detected && detected !== 'eng') {
      if (detected !== guess) return { languages: [detected], page: null, otherReading };
      return { languages: [detected], page: await refine(prepared, await pass, { ...beside, otherReading }, started), otherReading };
    }
    if (detected === 'eng') {
      if (guess !== 'eng') {
        // The band says English: the English pass the guess took the place of.
        stop.abort();
        started = Date.now();
        pass = tesseract(prepared.pgm, 3, english, OCR_PAGE_TIMEOUT_MS);
      }
      return { languages: ['eng'], page: await refine(prepared, await pass, { ...english, otherReading }, started), otherReading };
    }
    // The band tells nothing: the whole page's reading beside it (in the guessed language, or in
    // English) tells by its function words, with more of them than the band. It is kept when they
    // say it was read in its language, or when they say nothing and its menu words do ("Wein",
    // "Suppe": a wine list, bare dish names). Menu words alone never pick another single model:
    // without function words the six read the page, as before.
    const lines = await pass;
    const read = measuredPage(prepared, lines, beside);
    otherReading = read.lines;
    const pages = toPageTexts([read]);
    const told = detectLanguage(pages);
    if ((told ?? menuWordsLanguage(pages)) === guess) return { languages: [guess], page: await refine(prepared, lines, beside, started), otherReading };
    return { languages: told ? [told] : OCR_LANGUAGES, page: null, otherReading };
  } finally {
    stop.abort();
  }
}

/**
 * Reads pages one after the other. The menu's language is told first by its function words
 * (`language.ts`) in a quick English pass over the inkiest band of the first page; when that band does not
 * tell, by the whole first page's reading in the guessed language (`readFirstPage`). Then every page is
 * read once with that language's model alone (better diacritics than six at once, and several
 * times faster); without a clear language, all six models read the pages. Sizes and bold are told
 * across all pages at the end (`toPageTexts`).
 */
async function ocrPages(count: number, prepare: (index: number) => Promise<{ prepared: PreparedPage; widthPt?: number }>, options: OcrRunOptions): Promise<OcrPageText[]> {
  if (count > OCR_MAX_PAGES) throw new TooManyOcrPages(count);
  const measured: MeasuredPage[] = [];
  const geometry: Array<Pick<PreparedPage, 'skew' | 'warp'>> = [];
  let languages: readonly string[] | null = null;
  // The next page is prepared (rendered, flattened, deskewed: about a second of this thread's
  // time) while Tesseract, a process of its own, reads this one: two pages in memory at most.
  const ahead = (i: number) => {
    const next = prepare(i);
    next.catch(() => undefined); // Its failure is thrown where it is awaited, not as unhandled.
    return next;
  };
  let next = ahead(0);
  for (let i = 0; i < count; i++) {
    stopIf(options);
    const { prepared, widthPt } = await next;
    if (i + 1 < count) next = ahead(i + 1);
    let page: MeasuredPage | null = null;
    // The language pass's English reading: a second opinion on the page's prices (`price-check.ts`).
    let otherReading: OcrLine[] | undefined;
    if (!languages) {
      const first = await readFirstPage(prepared, { page: i + 1, ...(widthPt ? { widthPt } : {}) });
      [languages, page, otherReading] = [first.languages, first.page, first.otherReading];
    }
    measured.push(page ?? (await recognise(prepared, { page: i + 1, widthPt, languages, ...(otherReading ? { otherReading } : {}) })));
    geometry.push({ skew: prepared.skew, ...(prepared.warp ? { warp: prepared.warp } : {}) });
    await options.onPage?.(i + 1, count);
  }
  return toPageTexts(measured).map((p, i) => withGeometry(p, geometry[i] ?? { skew: 0 }));
}

/**
 * The draft's boxes back on the page as uploaded: the OCR read a straightened copy of each page
 * (`skew`), and of a photo only the page, made flat (`warp`); the reviewer sees the original, so
 * each item's box is turned back about the page's centre, then taken through the warp onto the
 * photo (the box around its corners there). A flattened photo's page size becomes the photo's.
 */
export function unskewBoxes(draft: MenuDraft, pages: OcrPageText[]): MenuDraft {
  const byPage = new Map(pages.map((p) => [p.page, p]));
  const photoSize = (page: OcrPageText) => {
    const warp = page.warp as PageWarp;
    return { width: page.width, height: (page.width * warp.photoHeight) / warp.photoWidth };
  };
  const onPhoto = (page: OcrPageText, [px, py]: readonly [number, number]): readonly [number, number] => {
    const warp = page.warp as PageWarp;
    const k = warp.width / page.width;
    const [h11, h12, h13, h21, h22, h23, h31, h32] = warp.matrix as [number, number, number, number, number, number, number, number];
    const [x, y] = [px * k, py * k];
    const d = h31 * x + h32 * y + 1;
    const toPt = page.width / warp.photoWidth;
    return [((h11 * x + h12 * y + h13) / d) * toPt, ((h21 * x + h22 * y + h23) / d) * toPt];
  };
  return {
    ...draft,
    pageSizes: draft.pageSizes.map((size, i) => {
      const page = byPage.get(i + 1);
      return page?.warp ? photoSize(page) : size;
    }),
    sections: draft.sections.map((section) => ({
      ...section,
      items: section.items.map((item) => {
        const page = byPage.get(item.page);
        if (!item.bbox || !page || (!page.skew && !page.warp)) return item;
        const { x, y, width, height } = item.bbox;
        const t = (-(page.skew ?? 0) * Math.PI) / 180;
        const [cx, cy] = [page.width / 2, page.height / 2];
        const corners = [[x, y], [x + width, y], [x, y + height], [x + width, y + height]].map(([px, py]) => {
          const [dx, dy] = [(px as number) - cx, (py as number) - cy];
          const turned = [cx + dx * Math.cos(t) - dy * Math.sin(t), cy + dx * Math.sin(t) + dy * Math.cos(t)] as const;
          return page.warp ? onPhoto(page, turned) : turned;
        });
        const bounds = page.warp ? photoSize(page) : { width: page.width, height: page.height };
        const x0 = Math.max(0, Math.min(...corners.map((c) => c[0])));
        const y0 = Math.max(0, Math.min(...corners.map((c) => c[1])));
        const x1 = Math.min(bounds.width, Math.max(...corners.map((c) => c[0])));
        const y1 = Math.min(bounds.height, Math.max(...corners.map((c) => c[1])));
        return { ...item, bbox: { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) } };
      }),
    })),
  };
}

/**
 * OCR of every page of a PDF without a text layer, one page after the other (`sizes`: each
 * page's size in points, from pdfjs).
 */
export async function ocrPdf(pdf: Uint8Array, sizes: Array<{ width: number; height: number }>, options: OcrRunOptions = {}): Promise<OcrPageText[]> {
  const pages = await ocrPages(
    sizes.length,
    async (i) => {
      const size = sizes[i] as { width: number; height: number };
      return { prepared: await preparePage(await renderPdfPage(pdf, i + 1, size.width, size.height)), widthPt: size.width };
    },
    options,
  );
  // Each page keeps the PDF's own size (the render may round a pixel).
  return pages.map((p, i) => ({ ...p, height: sizes[i]?.height ?? p.height }));
}

/** OCR of photos (JPEG, PNG, WebP), each a page, in order. */
export async function ocrImages(images: Uint8Array[], options: OcrRunOptions = {}): Promise<OcrPageText[]> {
  return ocrPages(images.length, async (i) => ({ prepared: await preparePage(images[i] as Uint8Array) }), options);
}
