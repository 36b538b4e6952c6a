import type { FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.ts';
import { isSuperuser } from '../core/request-info.ts';

/** Every ops route is superuser-only: guests get 401, other records 403 (as PocketBase's RequireSuperuserAuth). */
export function requireSuperuser(request: FastifyRequest): void {
  if (!request.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (!isSuperuser(request)) throw new ApiError(403, 'The authorized record is not allowed to perform this action.');
}

/** The validation error envelope of ops forms. */
export function invalidData(data: Record<string, unknown>): ApiError {
  return new ApiError(400, 'An error occurred while validating the submitted data.', data);
}
