import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../core/errors.ts';
import { dbErrorKind } from '../db/db-errors.ts';
import type { StorageHealth } from '../db/storage-health.ts';

/** Says what happened without any detail of the disk or the database. */
export const STORAGE_UNAVAILABLE = 'The server cannot save data right now. Please try again later.';

/** One error handler: every failure leaves as the contract's envelope; 5xx details stay in the log. (Unknown routes: routes/web.ts.) */
export function registerErrorHandling(app: FastifyInstance, storageHealth?: StorageHealth): void {
  app.setErrorHandler((err: FastifyError | ApiError | Error, request, reply) => {
    let apiError: ApiError;
    if (err instanceof ApiError) {
      apiError = err;
    } else {
      const fe = err as FastifyError;
      const status = fe.statusCode ?? 500;
      if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) apiError = new ApiError(413);
      else if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        apiError = new ApiError(400, 'Unsupported content type.');
      else if (status >= 400 && status < 500)
        apiError = new ApiError(status, status === 400 ? 'An error occurred while loading the submitted data.' : undefined);
      else if (dbErrorKind(err) === 'input') {
        // Constraint and similar SQLite errors come from bad input that slipped past validation.
        request.log.warn({ err }, 'sqlite error');
        apiError = new ApiError(400);
      } else if (dbErrorKind(err) === 'storage') {
        // A full, read-only or failing disk: not the client's fault, and /api/health must say so.
        storageHealth?.noteError(err);
        apiError = new ApiError(503, STORAGE_UNAVAILABLE);
      } else {
        request.log.error({ err }, 'request failed');
        apiError = new ApiError(500);
      }
    }
    if (apiError.status >= 500) request.log.error({ err }, 'server error');
    void reply.status(apiError.status).type('application/json').send(apiError.toJSON());
  });
}
