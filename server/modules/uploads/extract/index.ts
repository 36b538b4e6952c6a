import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { UPLOAD_MESSAGES } from '../pdf.ts';
import { extractMenu, type ExtractOptions } from './extractor.ts';
import { readPdfText, type ReadOptions } from './pdf-text.ts';
import type { MenuDraft, PageText } from './types.ts';

export type { DraftBox, DraftItem, DraftPrice, DraftSection, MenuDraft, PageText, TextRun } from './types.ts';
export { extractMenu } from './extractor.ts';

/** An extraction that ended with a reason the venue can read. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
}

/** Fewer characters than this over the whole document: there is no usable text layer. */
const MIN_TEXT_CHARS = 20;

export function hasTextLayer(pages: PageText[]): boolean {
  const chars = pages.reduce((n, p) => n + p.runs.reduce((m, r) => m + r.text.replace(/\s/g, '').length, 0), 0);
  return chars >= MIN_TEXT_CHARS;
}

export interface OcrOption {
  /**
   * Reads pages without a text layer another way (OCR, ../ocr/): given each page's size in points,
   * returns the same positioned text a text layer gives. Without it such a PDF is refused.
   */
  ocr?: (sizes: Array<{ width: number; height: number }>) => Promise<PageText[]>;
}

/** Reads an open PDF and extracts its menu; throws ExtractionError when there is nothing to use. */
export async function extractPdf(doc: PDFDocumentProxy, options: ReadOptions & ExtractOptions & OcrOption = {}): Promise<MenuDraft> {
  const { onPage } = options;
  // With OCR the progress is one pass: the text pass reports its pages only once the document has
  // a text layer for sure; a scan's pages are reported by the OCR, from page 1, never backwards.
  const textPass: ReadOptions = options.ocr && onPage ? { ...options, onPage: (done, total, read) => (read && hasTextLayer(read) ? onPage(done, total) : undefined) } : options;
  let pages = await readPdfText(doc, textPass);
  if (!hasTextLayer(pages)) {
    if (!options.ocr) throw new ExtractionError(UPLOAD_MESSAGES.noText);
    pages = await options.ocr(pages.map((p) => ({ width: p.width, height: p.height })));
  }
  return extractPages(pages, options);
}

/** The menu of pages of positioned text (a text layer or OCR); throws ExtractionError when it has no items. */
export function extractPages(pages: PageText[], options: ExtractOptions = {}): MenuDraft {
  const draft = extractMenu(pages, options);
  if (!draft.sections.some((s) => s.items.length)) throw new ExtractionError(UPLOAD_MESSAGES.noItems);
  return draft;
}
