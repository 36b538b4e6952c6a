import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PAGES } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/schemas/messages.ts';
import { UPLOAD_MESSAGES as SHARED_UPLOAD_MESSAGES } from '../../../shared/upload-messages.ts';

/** The messages a venue sees when its PDF cannot be used (upload errors and failed extractions). */
export const UPLOAD_MESSAGES = { notPdf: MESSAGES.pdfOnly, ...SHARED_UPLOAD_MESSAGES } as const;

export type PdfProblem = {
  code: 'not_pdf' | 'too_large' | 'encrypted' | 'damaged' | 'too_many_pages' | 'timeout' | 'too_complex' | 'image_too_large' | 'image_damaged' | 'unsupported' | 'empty_file';
  message: string;
};

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | null = null;

/** pdfjs is large: loaded on first use, not at boot. */
export function loadPdfJs(): Promise<PdfJs> {
  return (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
}

const MAGIC = Buffer.from('%PDF-', 'latin1');

export function hasPdfMagic(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && Buffer.from(bytes.buffer, bytes.byteOffset, MAGIC.length).equals(MAGIC);
}

/**
 * pdfjs refuses every document while Array.prototype or Object.prototype carries an enumerable
 * property (it would break its for…in loops); some libraries add one (drizzle-kit, loaded by the
 * test helpers and migration tooling, adds `Array.prototype.random`). Making such properties
 * non-enumerable changes nothing else.
 */
function hideEnumerablePrototypeProperties(): void {
  for (const proto of [Array.prototype, Object.prototype]) {
    for (const key in proto) {
      if (Object.getOwnPropertyDescriptor(proto, key)?.configurable) Object.defineProperty(proto, key, { enumerable: false });
    }
  }
}

/**
 * Opens a PDF for reading only: no `eval` (fonts and functions are interpreted), no XFA, no font
 * loading into a DOM, no system fonts, bounded image sizes. pdfjs never runs a document's
 * JavaScript by itself (that needs the viewer's scripting sandbox, which is never set up here).
 */
export async function openPdf(bytes: Uint8Array, timeoutMs = 20_000): Promise<PDFDocumentProxy> {
  const { getDocument } = await loadPdfJs();
  hideEnumerablePrototypeProperties();
  // pdfjs may transfer (detach) the buffer it is given: always hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    useWasm: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: 4096 * 4096,
    stopAtErrors: false,
    verbosity: 0,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { name: 'PdfTimeout' })), timeoutMs);
  });
  try {
    return await Promise.race([task.promise, timeout]);
  } catch (err) {
    void task.destroy().catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Maps a pdfjs failure to what the venue is told. */
export function problemOf(err: unknown): PdfProblem {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'PasswordException') return { code: 'encrypted', message: UPLOAD_MESSAGES.encrypted };
  if (name === 'PdfTimeout') return { code: 'timeout', message: UPLOAD_MESSAGES.timeout };
  // pdfjs refuses to work when something made a property of Array/Object.prototype enumerable:
  // a fault of this process, not of the venue's file.
  if (/prototype` contains unexpected enumerable property/.test(String((err as Error | null)?.message))) throw err;
  return { code: 'damaged', message: UPLOAD_MESSAGES.damaged };
}

export type InspectResult = { ok: true; pages: number; doc: PDFDocumentProxy } | { ok: false; problem: PdfProblem };

/**
 * The content checks of an upload: PDF magic bytes, size, parseable by pdfjs, not
 * password-protected, at most UPLOAD_MAX_PAGES pages. On success the open document is returned
 * (the caller destroys it). PDFs encrypted only with an owner password (print/copy restrictions,
 * common in exported menus) open without a password and are accepted: their text is readable.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<InspectResult> {
  if (!hasPdfMagic(bytes)) return { ok: false, problem: { code: 'not_pdf', message: UPLOAD_MESSAGES.notPdf } };
  if (bytes.length > UPLOAD_MAX_BYTES) return { ok: false, problem: { code: 'too_large', message: UPLOAD_MESSAGES.tooLarge } };
  let doc: PDFDocumentProxy;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    return { ok: false, problem: problemOf(err) };
  }
  if (doc.numPages < 1) {
    await doc.destroy();
    return { ok: false, problem: { code: 'damaged', message: UPLOAD_MESSAGES.empty } };
  }
  if (doc.numPages > UPLOAD_MAX_PAGES) {
    const pages = doc.numPages;
    await doc.destroy();
    return { ok: false, problem: { code: 'too_many_pages', message: UPLOAD_MESSAGES.tooManyPages(pages) } };
  }
  return { ok: true, pages: doc.numPages, doc };
}

/** inspectPdf without keeping the document open. */
export async function checkPdf(bytes: Uint8Array): Promise<{ ok: true; pages: number } | { ok: false; problem: PdfProblem }> {
  const result = await inspectPdf(bytes);
  if (!result.ok) return result;
  await result.doc.destroy();
  return { ok: true, pages: result.pages };
}
