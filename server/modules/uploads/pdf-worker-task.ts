import * as fsp from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { UPLOAD_MAX_BYTES } from '../../../shared/constants.ts';
import { ExtractionError, extractPages, extractPdf } from './extract/index.ts';
import { hasPdfMagic, inspectPdf, UPLOAD_MESSAGES, type PdfProblem } from './pdf.ts';
import type { PdfSource, WorkerReply, WorkerTask } from './pdf-workers.ts';
import { ImageProblem, inspectImage, OCR_MAX_PAGES, OCR_PAGE_TIMEOUT_MS, ocrImages, ocrPdf, ocrUnavailable, ToolError, TooManyOcrPages, unskewBoxes, type OcrPageText } from './ocr/index.ts';

/**
 * Runs in a worker thread: opens, checks and extracts PDFs and photos (OCR), so a slow or hostile
 * file blocks this thread, never the server's event loop. The main thread stops it (terminate) on
 * its time limit; `resourceLimits` bound its heap, sharp's pixel limit and two pages at a time
 * bound the images. One task at a time.
 */
const port = parentPort;
if (!port) throw new Error('pdf-worker-task.ts must run in a worker thread');

/**
 * pdfjs is loaded and run once on a one-line PDF before the first PDF task of this worker
 * reports `started`: the memory a task may grow by (the main thread's watchdog, pdf-workers.ts)
 * is then the file's, not the library's first use. Photo checks do not need it.
 */
async function warmUp(): Promise<void> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    '<< /Length 40 >>\nstream\nBT /F1 12 Tf 20 100 Td (Soup 4.50) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const inspected = await inspectPdf(Buffer.from(pdf, 'latin1'));
  if (!inspected.ok) return;
  try {
    await extractPdf(inspected.doc);
  } catch {
    // One line is not a menu: only the warm-up matters.
  } finally {
    await inspected.doc.destroy().catch(() => undefined);
  }
}
let warm: Promise<void> | null = null;

async function bytesOf(source: PdfSource): Promise<Uint8Array | null> {
  if ('bytes' in source) return source.bytes;
  // Size first: an oversized temp file is never read into this thread's heap.
  const { size } = await fsp.stat(source.path);
  if (size > UPLOAD_MAX_BYTES) return null;
  return new Uint8Array(await fsp.readFile(source.path));
}

const TOO_LARGE: WorkerReply = { type: 'problem', problem: { code: 'too_large', message: UPLOAD_MESSAGES.tooLarge } };

function imageProblem(err: ImageProblem): PdfProblem {
  if (err.code === 'too_large') return { code: 'image_too_large', message: UPLOAD_MESSAGES.imageTooLarge };
  if (err.code === 'not_image') return { code: 'unsupported', message: UPLOAD_MESSAGES.unsupported };
  return { code: 'image_damaged', message: UPLOAD_MESSAGES.imageDamaged };
}

/** What the venue is told when OCR could not finish; null for an error of ours. */
function ocrFailure(err: unknown): WorkerReply | null {
  if (err instanceof ImageProblem) return { type: 'problem', problem: imageProblem(err) };
  if (err instanceof TooManyOcrPages) return { type: 'unusable', message: UPLOAD_MESSAGES.tooManyOcrPages(err.pages) };
  if (err instanceof ToolError && err.reason === 'timeout') return { type: 'unusable', message: UPLOAD_MESSAGES.ocrTimeout };
  if (err instanceof ToolError && err.reason === 'missing') return { type: 'unusable', message: UPLOAD_MESSAGES.ocrUnavailable };
  if (err instanceof ExtractionError) return { type: 'unusable', message: err.message };
  return null;
}

async function startOcr(pages: number): Promise<void> {
  if (pages > OCR_MAX_PAGES) throw new TooManyOcrPages(pages);
  const missing = await ocrUnavailable();
  if (missing) throw new ToolError(missing, 'missing');
  port?.postMessage({ type: 'ocr', pages, timeoutMs: pages * OCR_PAGE_TIMEOUT_MS } satisfies WorkerReply);
}

const onPage = (done: number, total: number) => port?.postMessage({ type: 'page', done, total } satisfies WorkerReply);

/** Photos (the upload's file and/or its photos), OCR'd page by page. */
async function extractPhotos(sources: PdfSource[], defaultSectionName?: string): Promise<WorkerReply> {
  const images: Uint8Array[] = [];
  for (const source of sources) {
    const bytes = await bytesOf(source);
    if (!bytes) return TOO_LARGE;
    if (hasPdfMagic(bytes)) return { type: 'unusable', message: UPLOAD_MESSAGES.pdfWithPhotos };
    await inspectImage(bytes);
    images.push(bytes);
  }
  port?.postMessage({ type: 'opened', pages: images.length } satisfies WorkerReply);
  await startOcr(images.length);
  const pages = await ocrImages(images, { onPage });
  images.length = 0;
  return { type: 'extracted', pages: pages.length, draft: unskewBoxes(extractPages(pages, { defaultSectionName }), pages) };
}

async function check(task: WorkerTask & { kind: 'check' | 'checkImage' }): Promise<WorkerReply> {
  const bytes = await bytesOf(task.source);
  if (!bytes) return TOO_LARGE;
  if (task.kind === 'checkImage') {
    await inspectImage(bytes);
    return { type: 'checked', pages: 1 };
  }
  const inspected = await inspectPdf(bytes);
  if (!inspected.ok) return { type: 'problem', problem: inspected.problem };
  await inspected.doc.destroy().catch(() => undefined);
  return { type: 'checked', pages: inspected.pages };
}

async function extract(task: WorkerTask & { kind: 'extract' }): Promise<WorkerReply> {
  const first = task.source ? await bytesOf(task.source) : null;
  if (task.source && !first) return TOO_LARGE;
  if (!first || !hasPdfMagic(first)) return extractPhotos([...(task.source ? [task.source] : []), ...(task.photos ?? [])], task.defaultSectionName);
  if (task.photos?.length) return { type: 'unusable', message: UPLOAD_MESSAGES.pdfWithPhotos };
  const inspected = await inspectPdf(first);
  if (!inspected.ok) return { type: 'problem', problem: inspected.problem };
  const doc = inspected.doc;
  try {
    port?.postMessage({ type: 'opened', pages: inspected.pages } satisfies WorkerReply);
    let scanned: OcrPageText[] = [];
    const draft = await extractPdf(doc, {
      defaultSectionName: task.defaultSectionName,
      onPage,
      // A scanned PDF: its pages are rendered and OCR'd one at a time.
      ocr: async (sizes) => {
        await startOcr(sizes.length);
        return (scanned = await ocrPdf(first, sizes, { onPage }));
      },
    });
    // Boxes on the pages as scanned (OCR read straightened copies).
    return { type: 'extracted', pages: inspected.pages, draft: unskewBoxes(draft, scanned) };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

async function run(task: WorkerTask): Promise<WorkerReply> {
  try {
    return await (task.kind === 'extract' ? extract(task) : check(task));
  } catch (err) {
    const reply = ocrFailure(err);
    if (reply) return reply;
    throw err;
  }
}

const needsPdfJs = (task: WorkerTask) => task.kind !== 'checkImage';

port.on('message', async (task: WorkerTask) => {
  if (needsPdfJs(task)) await (warm ??= warmUp().catch(() => undefined));
  port.postMessage({ type: 'started' } satisfies WorkerReply);
  run(task).then(
    (reply) => port.postMessage(reply),
    (err: unknown) => port.postMessage({ type: 'crashed', message: String((err as Error | null)?.stack ?? err) } satisfies WorkerReply),
  );
});
