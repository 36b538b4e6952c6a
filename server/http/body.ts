import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.ts';
import type { UploadedFile } from '../core/records/files-input.ts';
import { FormAccumulator } from './form-values.ts';

export interface ParsedBody {
  data: Record<string, unknown>;
  files: Record<string, UploadedFile[]>;
  fromForm: boolean;
}

/** Caps of one multipart request and where its file parts go (see config `uploads`). */
export interface BodyLimits {
  /** Largest single file part. */
  maxFileBytes: number;
  /** Files and field values together. */
  maxRequestBytes: number;
  /** Temp folder for file parts (created and checked at startup). */
  tmpDir: string;
}

/** Name prefix of temp files, so the startup sweep only removes ours. */
export const UPLOAD_TEMP_PREFIX = 'part-';

const LOAD_ERROR = 'An error occurred while loading the submitted data.';
const TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
/** Largest single form field; busboy holds a field in memory until it is complete. */
const MAX_FIELD_BYTES = 16 * 1024 * 1024;

/** Counts the bytes of one file part against both caps, failing the moment one is passed. */
class ByteCap extends Transform {
  size = 0;

  constructor(
    private readonly maxFile: number,
    private readonly remaining: () => number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxFile || this.size > this.remaining()) return done(new ApiError(413));
    done(null, chunk);
  }
}

function tooLarge(err: unknown): boolean {
  return (err instanceof ApiError && err.status === 413) || TOO_LARGE_CODES.has((err as { code?: string } | null)?.code ?? '');
}

/**
 * Reads a request body in any of the contract's formats. JSON and urlencoded bodies are parsed
 * by the content-type parsers (Fastify's bodyLimit counts their bytes as they arrive, chunked or
 * not). Multipart is read here: each file part is streamed to a temp file, never held in memory,
 * and a part or request passing its cap is answered with 413 at once, without reading the rest
 * (see `closeOnUnreadBody`). The caller must `discardBody()` when done (`withBody` does):
 * staging moves the files it keeps into storage, everything else is removed.
 */
export async function readBody(request: FastifyRequest, limits: BodyLimits): Promise<ParsedBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { data: {}, files: {}, fromForm: false };
    if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, LOAD_ERROR);
    const fromForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    return { data: body as Record<string, unknown>, files: {}, fromForm };
  }
  const form = new FormAccumulator();
  const files: Record<string, UploadedFile[]> = {};
  const temps: string[] = [];
  let total = 0;
  try {
    const parts = request.parts({
      // Our own counting (ByteCap) fails first; busboy's limit only backs it up.
      limits: { fileSize: limits.maxFileBytes + 1, fieldSize: Math.min(MAX_FIELD_BYTES, limits.maxRequestBytes) + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const file = path.join(limits.tmpDir, `${UPLOAD_TEMP_PREFIX}${randomBytes(12).toString('hex')}`);
        temps.push(file);
        const cap = new ByteCap(limits.maxFileBytes, () => limits.maxRequestBytes - total);
        try {
          await pipeline(part.file, cap, createWriteStream(file, { flags: 'wx' }));
        } finally {
          total += cap.size;
        }
        // An empty file part (a browser's empty file input) carries no upload.
        if (cap.size === 0 && !part.filename) continue;
        (files[part.fieldname] ??= []).push({ name: part.filename || part.fieldname, path: file, size: cap.size });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        total += Buffer.byteLength(value);
        if (part.valueTruncated || total > limits.maxRequestBytes) throw new ApiError(413);
        form.add(part.fieldname, value);
      }
    }
  } catch (err) {
    await removeFiles(temps);
    if (tooLarge(err)) throw new ApiError(413);
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, LOAD_ERROR);
  }
  const body: ParsedBody = { data: form.result(), files, fromForm: true };
  tempFiles.set(body, temps);
  return body;
}

/** Temp files of each parsed body, including parts that were skipped. */
const tempFiles = new WeakMap<ParsedBody, string[]>();

async function removeFiles(list: string[]): Promise<void> {
  await Promise.all(list.map((f) => fsp.rm(f, { force: true }).catch(() => undefined)));
}

/** Removes the temp files of a body that were not moved into storage. */
export async function discardBody(body: ParsedBody): Promise<void> {
  const list = tempFiles.get(body);
  if (list) await removeFiles(list.splice(0));
}

/** readBody, then `fn`, then the temp files are removed whatever happened (success, error, abort). */
export async function withBody<T>(request: FastifyRequest, limits: BodyLimits, fn: (body: ParsedBody) => Promise<T>): Promise<T> {
  const body = await readBody(request, limits);
  try {
    return await fn(body);
  } finally {
    await discardBody(body);
  }
}

/**
 * An answer sent before the request body was fully received (a 413 mid-upload, a 404 or 403
 * decided before reading) closes the connection: otherwise Node would read and discard the rest
 * of the body, however large, to keep the connection alive.
 */
export function closeOnUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) void reply.header('Connection', 'close');
  });
}
