import sharp from 'sharp';
import { UPLOAD_MAX_OCR_PAGES } from '../../../../shared/constants.ts';
import type { PageText } from '../extract/types.ts';
import { hocrToPageText, parseHocr } from './hocr.ts';
import { detectLanguage } from './language.ts';
import { parsePgm, preparePage, type GreyImage, type PreparedPage } from './preprocess.ts';
import { OCR_LANGUAGES, PDFTOPPM, runTool, TESSERACT, ToolError } from './tools.ts';

export { ImageProblem, inspectImage, OCR_MAX_INPUT_PIXELS } from './preprocess.ts';
export { ocrUnavailable, ToolError } from './tools.ts';

/**
 * OCR of scanned PDF pages and photos, one page at a time (memory holds one page image):
 * render (pdftoppm) or decode (sharp), prepare (preprocess.ts), recognise (tesseract, hOCR),
 * convert to the positioned text the layout analysis reads (hocr.ts).
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

sharp.cache(false);

export interface OcrPageOptions {
  page: number;
  /** Tesseract models to read with (default: all six menu languages). */
  languages?: readonly string[];
  /** The page's size in points when known (a PDF page); photos get an A4 width. */
  widthPt?: number;
  timeoutMs?: number;
}

/** One page image → positioned words. Throws ImageProblem for unusable images, ToolError when tesseract fails. */
export async function ocrImage(bytes: Uint8Array, options: OcrPageOptions): Promise<PageText> {
  return recognise(await preparePage(bytes), options);
}

/** Tesseract on a prepared page. */
async function recognise(prepared: PreparedPage, options: OcrPageOptions): Promise<PageText> {
  const hocr = await runTool(TESSERACT, ['stdin', 'stdout', '-l', (options.languages ?? OCR_LANGUAGES).join('+'), '--psm', '3', '--dpi', '300', 'hocr'], {
    input: prepared.pgm,
    timeoutMs: options.timeoutMs ?? OCR_PAGE_TIMEOUT_MS,
    maxOutputBytes: 8 * 1024 * 1024,
    // One thread per Tesseract: its OpenMP threads spin and are slower than one on a shared machine.
    env: { OMP_THREAD_LIMIT: '1' },
  });
  return hocrToPageText(parseHocr(hocr.toString('utf8')), {
    page: options.page,
    widthPx: prepared.width,
    heightPx: prepared.height,
    widthPt: options.widthPt ?? PHOTO_PAGE_WIDTH_PT,
    grey: prepared.grey,
  });
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
 * Reads pages one after the other. The first page is read with the English model first (fast),
 * which is enough to tell the menu's language by its function words; when that is another
 * language, the page is read again with that language's model, and so are the other pages
 * (one model: better diacritics than six at once, and several times faster). Without a clear
 * language, all six models read the rest.
 */
async function ocrPages(count: number, prepare: (index: number) => Promise<{ prepared: PreparedPage; widthPt?: number }>, options: OcrRunOptions): Promise<PageText[]> {
  if (count > OCR_MAX_PAGES) throw new TooManyOcrPages(count);
  const pages: PageText[] = [];
  let languages: readonly string[] | null = null;
  for (let i = 0; i < count; i++) {
    stopIf(options);
    const { prepared, widthPt } = await prepare(i);
    const read = (langs: readonly string[]) => recognise(prepared, { page: i + 1, widthPt, languages: langs });
    if (!languages) {
      const first = await read(['eng']);
      const detected = detectLanguage([first]);
      languages = detected ? [detected] : OCR_LANGUAGES;
      pages.push(detected === 'eng' ? first : await read(languages));
    } else pages.push(await read(languages));
    await options.onPage?.(i + 1, count);
  }
  return pages;
}

/**
 * OCR of every page of a PDF without a text layer, one page after the other (`sizes`: each
 * page's size in points, from pdfjs).
 */
export async function ocrPdf(pdf: Uint8Array, sizes: Array<{ width: number; height: number }>, options: OcrRunOptions = {}): Promise<PageText[]> {
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
export async function ocrImages(images: Uint8Array[], options: OcrRunOptions = {}): Promise<PageText[]> {
  return ocrPages(images.length, async (i) => ({ prepared: await preparePage(images[i] as Uint8Array) }), options);
}
