import { AsyncLocalStorage } from 'node:async_hooks';
import * as fsp from 'node:fs/promises';
import type { UploadedFile } from '../../core/records/files-input.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/constants.ts';
import { checkPdf, hasPdfMagic, type PdfProblem } from './pdf.ts';

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

/** Checks the PDF parts of a multipart body (`file`, `file+`, `+file`). Oversized files are left to the engine's size check. */
export async function checkUploadedPdfs(files: Record<string, UploadedFile[]>): Promise<UploadCheck> {
  const uploads = Object.entries(files).filter(([key]) => key.replace(/^\+|\+$/g, '') === 'file').flatMap(([, list]) => list);
  let pages: number | null = null;
  for (const upload of uploads) {
    // Not a PDF at all: the engine's content-type check answers (with the PDF message, see routes).
    if (('data' in upload ? upload.data.length : upload.size) > UPLOAD_MAX_BYTES) continue;
    const data = 'data' in upload ? upload.data : await fsp.readFile(upload.path);
    if (!hasPdfMagic(data)) continue;
    const result = await checkPdf(data);
    if (!result.ok) return { problem: result.problem, pages: null };
    pages = result.pages;
  }
  return { problem: null, pages };
}
