import { AsyncLocalStorage } from 'node:async_hooks';
import * as fsp from 'node:fs/promises';
import type { UploadedFile } from '../../core/records/files-input.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/constants.ts';
import { hasPdfMagic, type PdfProblem } from './pdf.ts';
import type { PdfSource, PdfWorkers } from './pdf-workers.ts';

/**
 * The result of the asynchronous PDF checks of one upload request, handed to the synchronous
 * record hooks through the request's async context: the route parses the PDF before the write,
 * the hook turns a problem into a field error in the same response as the other validation
 * errors, after the rules have been applied.
 */
export interface UploadCheck {
  problem: PdfProblem | null;
  pages: number | null;
}

export const uploadChecks = new AsyncLocalStorage<UploadCheck>();

async function headOf(upload: UploadedFile): Promise<Uint8Array> {
  if ('data' in upload) return upload.data;
  const fh = await fsp.open(upload.path, 'r');
  try {
    const buf = Buffer.alloc(8);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Checks the PDF parts of a multipart body (`file`, `file+`, `+file`) in the app's PDF workers.
 * Oversized files and files that are no PDF at all are left to the engine's size and type checks.
 */
export async function checkUploadedPdfs(workers: PdfWorkers, files: Record<string, UploadedFile[]>): Promise<UploadCheck> {
  const uploads = Object.entries(files).filter(([key]) => key.replace(/^\+|\+$/g, '') === 'file').flatMap(([, list]) => list);
  let pages: number | null = null;
  for (const upload of uploads) {
    const size = 'data' in upload ? upload.data.length : upload.size;
    if (size > UPLOAD_MAX_BYTES || !hasPdfMagic(await headOf(upload))) continue;
    const source: PdfSource = 'data' in upload ? { bytes: upload.data } : { path: upload.path };
    const result = await workers.check(source);
    if (!result.ok) return { problem: result.problem, pages: null };
    pages = result.pages;
  }
  return { problem: null, pages };
}
