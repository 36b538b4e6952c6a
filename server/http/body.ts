import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.ts';
import type { UploadedFile } from '../core/records/files-input.ts';
import { FormAccumulator } from './form-values.ts';

export interface ParsedBody {
  data: Record<string, unknown>;
  files: Record<string, UploadedFile[]>;
  fromForm: boolean;
}

const LOAD_ERROR = 'An error occurred while loading the submitted data.';

/**
 * Reads a request body in any of the contract's formats. JSON and urlencoded bodies are parsed
 * by the content-type parsers; multipart is streamed here so file parts land in memory once.
 */
export async function readBody(request: FastifyRequest): Promise<ParsedBody> {
  if (request.isMultipart()) {
    const form = new FormAccumulator();
    const files: Record<string, UploadedFile[]> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          // An empty file part (a browser's empty file input) carries no upload.
          if (data.length === 0 && !part.filename) continue;
          (files[part.fieldname] ??= []).push({ name: part.filename || part.fieldname, data });
        } else {
          form.add(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value ?? ''));
        }
      }
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const code = (err as { code?: string }).code ?? '';
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw new ApiError(413);
      }
      throw new ApiError(400, LOAD_ERROR);
    }
    return { data: form.result(), files, fromForm: true };
  }
  const body = request.body;
  if (body === undefined || body === null) return { data: {}, files: {}, fromForm: false };
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, LOAD_ERROR);
  const fromForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  return { data: body as Record<string, unknown>, files: {}, fromForm };
}
