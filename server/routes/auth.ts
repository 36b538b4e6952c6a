import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Collection } from '../core/collections.ts';
import { ApiError } from '../core/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../core/auth/password.ts';
import type { RequestInfo } from '../core/request-info.ts';
import { queryString, requestInfo } from '../http/request-info.ts';

interface CollectionParams { collection: string }

function authCollection(ctx: AppContext, idOrName: string): Collection {
  const c = ctx.registry.get(idOrName);
  if (!c) throw new ApiError(404, 'Missing or invalid collection context.');
  if (c.type !== 'auth' || !c.auth) throw new ApiError(404, 'Missing or invalid auth collection context.');
  return c;
}

/** The auth response `{token, record}`: the record always shows its own email. */
export async function authResponse(ctx: AppContext, collection: Collection, row: Record<string, unknown>, req: RequestInfo, expand: string) {
  const self: RequestInfo = { ...req, auth: { collection, row } };
  if (collection.auth?.authRule === null || (collection.auth?.authRule && !ctx.engine.access.virtualRowPasses(collection, row, collection.auth.authRule, self))) {
    throw new ApiError(403, "The request doesn't satisfy the collection requirements to authenticate.");
  }
  const token = await ctx.tokens.sign(collection, row, 'auth', collection.auth?.authTokenDuration ?? 604800, { refreshable: true });
  const record = ctx.engine.present(collection, { row, sideEffects: [], staleFiles: [], removedPrefixes: [] }, expand, self);
  record.email = row.email;
  return { record, token };
}

/** Password login and token refresh; the remaining auth flows live with the accounts issue. */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Params: CollectionParams }>('/api/collections/:collection/auth-with-password', async (request) => {
    const collection = authCollection(ctx, request.params.collection);
    if (!collection.auth?.passwordAuth.enabled) throw new ApiError(403, 'The collection is not configured to allow password authentication.');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const identity = typeof body.identity === 'string' ? body.identity : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const errors: Record<string, unknown> = {};
    if (!identity || identity.length > 255) errors.identity = { code: 'validation_required', message: 'Cannot be blank.' };
    if (!password || password.length > 255) errors.password = { code: 'validation_required', message: 'Cannot be blank.' };
    if (Object.keys(errors).length) throw new ApiError(400, 'An error occurred while validating the submitted data.', errors);
    const row = ctx.stmts.get(`SELECT * FROM "${collection.name}" WHERE "email" = ? COLLATE NOCASE AND "email" != '' LIMIT 1`, [identity]);
    // Same answer and similar cost for an unknown identity and a wrong password.
    const ok = row ? await verifyPassword(String(row.password ?? ''), password) : await verifyAgainstDummy(password);
    if (!row || !ok) throw new ApiError(400, 'Failed to authenticate.');
    return authResponse(ctx, collection, row, requestInfo(request, 'password'), queryString(request, 'expand'));
  });

  app.post<{ Params: CollectionParams }>('/api/collections/:collection/auth-refresh', async (request) => {
    const collection = authCollection(ctx, request.params.collection);
    const auth = request.auth;
    if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    if (auth.collection.id !== collection.id) throw new ApiError(403, `The request requires auth record from ${auth.collection.name} collection.`);
    return authResponse(ctx, collection, auth.row, requestInfo(request), queryString(request, 'expand'));
  });
}
