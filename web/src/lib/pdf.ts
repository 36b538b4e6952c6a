import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';

let loading: Promise<typeof PdfJs> | null = null;

/**
 * pdf.js for the browser, loaded on first use as chunks of their own (the library and its worker
 * weigh over a megabyte: never part of the sign-in or app shell bundles). The worker is a
 * same-origin module file, which the Content-Security-Policy allows (`worker-src 'self'`).
 */
export function loadPdfJs(): Promise<typeof PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    })
    .catch((err: unknown) => {
      loading = null; // a failed chunk load (offline, new deployment) may succeed later
      throw err;
    });
  return loading;
}

/**
 * Opens a PDF from its bytes for display only: no eval (the CSP forbids it), no WebAssembly
 * decoders (they would need 'wasm-unsafe-eval'), no XFA forms, no scripting.
 */
export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentLoadingTask> {
  const pdfjs = await loadPdfJs();
  return pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false, useWasm: false, enableXfa: false, stopAtErrors: false });
}
