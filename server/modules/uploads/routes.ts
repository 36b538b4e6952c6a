import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bodyLimitOf } from '../../core/collections.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import { precheckCreate } from '../../core/records/write-precheck.ts';
import { isSuperuser, type RequestInfo } from '../../core/request-info.ts';
import { withBody, type BodyLimits, type ParsedBody } from '../../http/body.ts';
import { queryString, requestInfo } from '../../http/request-info.ts';
import { isVerified } from '../tenancy.ts';
import { importUpload, type ImportBody } from './import.ts';
import { importDiff, uploadDiff, type DiffImportBody } from './diff.ts';
import { UPLOAD_MESSAGES } from './pdf.ts';
import { pdfWorkersOf } from './pdf-workers.ts';
import { checkUploadedPdfs, uploadChecks, type UploadCheck } from './upload-check.ts';

export const UNVERIFIED_UPLOAD = 'Please verify your email address before uploading a menu.';

/**
 * The form's messages for a file that is empty, neither a PDF nor a photo, too large, or too many
 * photos, in place of the engine's generic ones.
 */
function pdfMessages(err: unknown, check: UploadCheck): unknown {
  if (err instanceof ApiError) {
    // The engine refuses an empty part as an unknown type before the upload hook reports it.
    if (check.problem?.code === 'empty_file') {
      const field = check.field ?? 'file';
      if (err.data[field]) err.data[field] = fieldError('validation_pdf_empty_file', check.problem.message);
      return err;
    }
    const file = err.data.file as { code?: string; params?: Record<string, unknown> } | undefined;
    if (file?.code === 'validation_invalid_mime_type') err.data.file = fieldError('validation_invalid_mime_type', UPLOAD_MESSAGES.unsupported);
    const photos = err.data.photos as { code?: string; params?: Record<string, unknown> } | undefined;
    if (photos?.code === 'validation_invalid_mime_type') err.data.photos = fieldError('validation_invalid_mime_type', UPLOAD_MESSAGES.unsupported);
    if (photos?.code === 'validation_too_many_files') err.data.photos = fieldError('validation_too_many_files', UPLOAD_MESSAGES.tooManyPhotos, photos.params);
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
  const workers = pdfWorkersOf(ctx);

  const limitsFor = (request: FastifyRequest): BodyLimits => {
    const { maxFileBytes, maxRequestBytes, tmpDir } = ctx.config.uploads;
    const limit = Math.min(bodyLimitOf(collection), maxRequestBytes);
    if (Number(request.headers['content-length'] ?? 0) > limit) throw new ApiError(413);
    return { maxFileBytes, maxRequestBytes: limit, tmpDir };
  };

  /**
   * The PDF checks, run in the PDF workers, and only for a caller the rules let write this upload
   * (a verified member of its organization): nobody else can make the server parse a file.
   */
  const checkPdfs = async (body: ParsedBody, allowed: boolean): Promise<UploadCheck> =>
    allowed ? checkUploadedPdfs(workers, body.files) : { problem: null, pages: null };

  const createAllowed = (req: RequestInfo, body: ParsedBody): boolean =>
    isSuperuser(req) || engine.access.virtualRowPasses(collection, { organization: String(body.data.organization ?? '') }, collection.createRule, { ...req, body: body.data });

  for (const key of new Set([collection.name, collection.id])) {
    app.post(`/api/collections/${key}/records`, { bodyLimit: bodyLimitOf(collection) }, async (request) => {
      const req = requestInfo(request);
      // Decided before the body is read, so a refused caller's PDF is never even received.
      if (req.auth && !isSuperuser(req) && !isVerified(req.auth)) throw new ApiError(403, UNVERIFIED_UPLOAD);
      precheckCreate(engine.access, collection, req);
      return withBody(request, limitsFor(request), async (body) => {
        const check = await checkPdfs(body, createAllowed(req, body));
        try {
          return await uploadChecks.run(check, () => engine.create(collection, body, req, queryString(request, 'expand')));
        } catch (err) {
          throw pdfMessages(err, check);
        }
      });
    });
    app.patch<{ Params: { id: string } }>(`/api/collections/${key}/records/:id`, { bodyLimit: bodyLimitOf(collection) }, async (request) => {
      const req = requestInfo(request);
      // The upload must exist and the caller must be allowed to write it, before the body is read.
      if (!engine.access.findWithRule(collection, request.params.id, collection.updateRule, req)) throw new ApiError(404);
      return withBody(request, limitsFor(request), async (body) => {
        const check = await checkPdfs(body, true);
        try {
          return await uploadChecks.run(check, () => engine.update(collection, request.params.id, body, req, queryString(request, 'expand')));
        } catch (err) {
          throw pdfMessages(err, check);
        }
      });
    });
  }

  app.post<{ Params: { id: string } }>('/api/uploads/:id/import', async (request) => {
    const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as ImportBody & DiffImportBody & { mode?: unknown };
    if (body.mode === 'diff') return importDiff(ctx, request.params.id, body, requestInfo(request));
    if (body.mode !== undefined && body.mode !== 'new') {
      const message = 'mode must be "new" (a new menu, or the sections appended to menuId) or "diff" (only the accepted changes).';
      throw new ApiError(400, message, { mode: fieldError('validation_invalid_value', message) });
    }
    return importUpload(ctx, request.params.id, body, requestInfo(request));
  });

  app.get<{ Params: { id: string } }>('/api/uploads/:id/diff', async (request) => {
    const menuId = (request.query as Record<string, unknown> | undefined)?.menuId;
    return uploadDiff(ctx, request.params.id, Array.isArray(menuId) ? menuId[0] : menuId, requestInfo(request));
  });
}
