import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bodyLimitOf } from '../../core/collections.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import { withBody, type BodyLimits, type ParsedBody } from '../../http/body.ts';
import { queryString, requestInfo } from '../../http/request-info.ts';
import { importUpload, type ImportBody } from './import.ts';
import { UPLOAD_MESSAGES } from './pdf.ts';
import { checkUploadedPdfs, uploadChecks, type UploadCheck } from './upload-check.ts';

/** The form's messages for a file that is not a PDF or too large, in place of the engine's generic ones. */
function pdfMessages(err: unknown): unknown {
  if (err instanceof ApiError) {
    const file = err.data.file as { code?: string; params?: Record<string, unknown> } | undefined;
    if (file?.code === 'validation_invalid_mime_type') err.data.file = fieldError('validation_invalid_mime_type', UPLOAD_MESSAGES.notPdf);
    if (file?.code === 'validation_file_size_limit') err.data.file = fieldError('validation_file_size_limit', UPLOAD_MESSAGES.tooLarge, file.params);
  }
  return err;
}

/**
 * Upload routes. The records API's create and update of `menu_uploads` are served here (static
 * paths win over `/api/collections/:collection/records`) so the PDF can be parsed before the
 * synchronous write: its problems come back as a 400 on `file`, in the same response as the
 * other validation errors. Writes that bypass these routes (batch, internal) are checked again
 * by the extraction job, which fails the upload with the same messages.
 */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { engine } = ctx;
  const collection = engine.collection('menu_uploads');
  const limit = bodyLimitOf(collection);

  const limitsFor = (request: FastifyRequest): BodyLimits => {
    const { maxFileBytes, maxRequestBytes, tmpDir } = ctx.config.uploads;
    const limit = Math.min(bodyLimitOf(collection), maxRequestBytes);
    if (Number(request.headers['content-length'] ?? 0) > limit) throw new ApiError(413);
    return { maxFileBytes, maxRequestBytes: limit, tmpDir };
  };

  const check = async (request: FastifyRequest, body: ParsedBody): Promise<UploadCheck> =>
    // Anonymous callers are refused by the rules; their files are not worth parsing.
    request.auth ? checkUploadedPdfs(body.files) : { problem: null, pages: null };

  for (const key of new Set([collection.name, collection.id])) {
    app.post(`/api/collections/${key}/records`, { bodyLimit: limit }, async (request) => withBody(request, limitsFor(request), async (body) => {
      const result = await check(request, body);
      try {
        return await uploadChecks.run(result, () => engine.create(collection, body, requestInfo(request), queryString(request, 'expand')));
      } catch (err) {
        throw pdfMessages(err);
      }
    }));
    app.patch<{ Params: { id: string } }>(`/api/collections/${key}/records/:id`, { bodyLimit: limit }, async (request) => withBody(request, limitsFor(request), async (body) => {
      const result = await check(request, body);
      try {
        return await uploadChecks.run(result, () => engine.update(collection, request.params.id, body, requestInfo(request), queryString(request, 'expand')));
      } catch (err) {
        throw pdfMessages(err);
      }
    }));
  }

  app.post<{ Params: { id: string } }>('/api/uploads/:id/import', async (request) => {
    const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as ImportBody;
    return importUpload(ctx, request.params.id, body, requestInfo(request));
  });
}
