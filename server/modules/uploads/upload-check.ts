import { AsyncLocalStorage } from 'node:async_hooks';
import * as fsp from 'node:fs/promises';
import type { UploadedFile } from '../../core/records/files-input.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_OCR_PAGES } from '../../../shared/constants.ts';
import { hasPdfMagic, UPLOAD_MESSAGES, type PdfProblem } from './pdf.ts';
import type { PdfSource, PdfWorkers } from './pdf-workers.ts';

/**
 * The result of the asynchronous PDF checks of one upload request, handed to the synchronous
 * record hooks through the request's async context: the route parses the PDF before the write,
 * the hook turns a problem into a field error in the same response as the other validation
 * errors, after the rules have been applied.
 */
export interface UploadCheck {
  problem: PdfProblem | null;
  /** Pages of the PDF, or number of photos (file and photos parts). */
  pages: number | null;
  /** The field the problem is reported on (default `file`). */
  field?: 'file' | 'photos';
}

export const uploadChecks = new AsyncLocalStorage<UploadCheck>();

async function headOf(upload: UploadedFile): Promise<Uint8Array> {
  if ('data' in upload) return upload.data;
  const fh = await fsp.open(upload.path, 'r');
  try {
    const buf = Buffer.alloc(12);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

const partsOf = (files: Record<string, UploadedFile[]>, field: string) =>
  Object.entries(files)
    .filter(([key]) => key.replace(/^\+|\+$/g, '') === field)
    .flatMap(([, list]) => list);

/** JPEG, PNG and WebP by their magic bytes (the engine's sniffing decides the type; this picks the check). */
function isImage(head: Uint8Array): boolean {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  return (
    (b[0] === 0xff && b[1] === 0xd8) ||
    b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ||
    (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
  );
}

/**
 * Checks the PDF and photo parts of a multipart body (`file`, `photos`, with `+` modifiers) in
 * the app's PDF workers: a PDF opens, is not protected and has few enough pages; a photo decodes
 * within the pixel limits (no decompression bombs). Oversized files and files that are neither
 * are left to the engine's size and type checks. The file count against the OCR page limit is
 * checked here too (the number of photos is known before any OCR).
 */
export async function checkUploadedPdfs(workers: PdfWorkers, files: Record<string, UploadedFile[]>): Promise<UploadCheck> {
  let pages: number | null = null;
  let pdf = false;
  let images = 0;
  const parts = [...partsOf(files, 'file').map((u) => ['file', u] as const), ...partsOf(files, 'photos').map((u) => ['photos', u] as const)];
  for (const [field, upload] of parts) {
    const size = 'data' in upload ? upload.data.length : upload.size;
    // An empty part (a failed export, a phone that lost the file) is no file at all: say so,
    // rather than the engine's "only PDF and photos" for bytes it cannot sniff.
    if (size === 0) return { problem: { code: 'empty_file', message: UPLOAD_MESSAGES.emptyFile }, pages: null, field };
    if (size > UPLOAD_MAX_BYTES) continue;
    const head = await headOf(upload);
    const source: PdfSource = 'data' in upload ? { bytes: upload.data } : { path: upload.path };
    if (hasPdfMagic(head)) {
      const result = await workers.check(source);
      if (!result.ok) return { problem: result.problem, pages: null, field };
      pages = result.pages;
      pdf = true;
    } else if (isImage(head)) {
      const result = await workers.checkImage(source);
      if (!result.ok) return { problem: result.problem, pages: null, field };
      images++;
    }
  }
  if (pdf && images) return { problem: { code: 'unsupported', message: UPLOAD_MESSAGES.pdfWithPhotos }, pages: null, field: 'photos' };
  if (images > UPLOAD_MAX_OCR_PAGES) return { problem: { code: 'too_many_pages', message: UPLOAD_MESSAGES.tooManyOcrPages(images) }, pages: null, field: 'photos' };
  return { problem: null, pages: images || pages };
}
