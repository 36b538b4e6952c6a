import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Collection } from '../core/collections.ts';
import { ApiError } from '../core/errors.ts';
import { clientIp, rateLimitKey } from '../http/client-ip.ts';
import { verifyAgainstDummy, verifyPassword } from '../core/auth/password.ts';
import { authenticateWithOAuth2 } from '../core/auth/oauth2.ts';
import { authMethodEntry } from '../core/auth/oauth2-providers.ts';
import { isSuperuser, type RequestInfo } from '../core/request-info.ts';
import type { StoredRow } from '../core/records/codec.ts';
import { queryString, requestInfo } from '../http/request-info.ts';

interface CollectionParams {
  collection: string;
}

function authCollection(ctx: AppContext, idOrName: string): Collection {
  const c = ctx.registry.get(idOrName);
  if (!c) throw new ApiError(404, 'Missing or invalid collection context.');
  if (c.type !== 'auth' || !c.auth) throw new ApiError(404, 'Missing or invalid auth collection context.');
  return c;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw new ApiError(400, 'An error occurred while loading the submitted data.');
  return b as Record<string, unknown>;
}

/** The auth response `{token, record, meta?}`: checks the collection's authRule first. */
export async function authResponse(
  ctx: AppContext,
  collection: Collection,
  row: StoredRow,
  req: RequestInfo,
  expand: string,
  meta?: Record<string, unknown>,
) {
  const self: RequestInfo = { ...req, auth: { collection, row } };
  const rule = collection.auth?.authRule;
  if (rule === null || (rule && !ctx.engine.access.virtualRowPasses(collection, row, rule, self))) {
    throw new ApiError(403, "The request doesn't satisfy the collection requirements to authenticate.");
  }
  const token = await ctx.tokens.sign(collection, row, 'auth', collection.auth?.authTokenDuration ?? 604800, { refreshable: true });
  const record = ctx.engine.present(collection, { row, sideEffects: [], staleFiles: [], removedPrefixes: [] }, expand, self);
  record.email = row.email;
  return meta ? { meta, record, token } : { record, token };
}

/** The claims of the request's auth token (verified tokens are cached, so this is cheap). */
function authClaims(ctx: AppContext, request: FastifyRequest): Record<string, unknown> | null {
  const header = request.headers.authorization ?? '';
  const token = (header.startsWith('Bearer ') ? header.slice(7) : header).trim();
  return token ? (ctx.tokens.verify(token, ['auth'])?.claims ?? null) : null;
}

/** Counts email-sending requests per client; over the limit → 429. */
function limitEmails(ctx: AppContext, request: FastifyRequest, action: string): void {
  if (!ctx.rateLimits.email.hit(`${action}:${rateLimitKey(clientIp(request, ctx.settings.get().trustedProxy))}`)) throw new ApiError(429);
}

/** Every auth endpoint of the contract under /api/collections/{collection}/. */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const post = (path: string, handler: (c: Collection, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    app.post<{ Params: CollectionParams }>(`/api/collections/:collection/${path}`, async (request, reply) =>
      handler(authCollection(ctx, request.params.collection), request, reply),
    );
  };

  app.get<{ Params: CollectionParams }>('/api/collections/:collection/auth-methods', async (request) => {
    const c = authCollection(ctx, request.params.collection);
    const a = c.auth;
    const providers = c.name === '_superusers' ? [] : ctx.oauth2Providers.map(authMethodEntry);
    const password = a?.passwordAuth.enabled
      ? { enabled: true, identityFields: a.passwordAuth.identityFields }
      : { enabled: false, identityFields: [] };
    return {
      password,
      oauth2: { enabled: providers.length > 0, providers },
      mfa: { enabled: false, duration: 0 },
      otp: a?.otp.enabled ? { enabled: true, duration: a.otp.duration } : { enabled: false, duration: 0 },
      authProviders: providers,
      usernamePassword: false,
      emailPassword: password.enabled,
    };
  });

  post('auth-with-password', async (c, request) => {
    if (!c.auth?.passwordAuth.enabled) throw new ApiError(403, 'The collection is not configured to allow password authentication.');
    // One counter per auth collection and client: failed superuser sign-ins never lock out users
    // signing in from the same address, and the other way round.
    const limiterKey = `login:${c.id}:${rateLimitKey(clientIp(request, ctx.settings.get().trustedProxy))}`;
    const limiter = ctx.rateLimits.enabled ? ctx.rateLimits.login : null;
    if (limiter?.blocked(limiterKey)) throw new ApiError(429);
    const body = bodyOf(request);
    const identity = typeof body.identity === 'string' ? body.identity : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const errors: Record<string, unknown> = {};
    if (!identity || identity.length > 255) errors.identity = { code: 'validation_required', message: 'Cannot be blank.' };
    if (!password || password.length > 255) errors.password = { code: 'validation_required', message: 'Cannot be blank.' };
    if (body.identityField !== undefined && !c.auth.passwordAuth.identityFields.includes(String(body.identityField))) {
      errors.identityField = { code: 'validation_in_invalid', message: 'Must be a valid value.' };
    }
    if (Object.keys(errors).length) throw new ApiError(400, 'An error occurred while validating the submitted data.', errors);
    // The attempt is counted before the (async) password hash runs: parallel requests would all
    // pass a check-then-count. A successful sign-in gives its attempt back, so only failures add up.
    if (limiter && !limiter.hit(limiterKey)) throw new ApiError(429);
    const row = ctx.auth.findByEmail(c, identity);
    // Same answer and similar cost for an unknown identity and a wrong password.
    const ok = row ? await verifyPassword(String(row.password ?? ''), password) : await verifyAgainstDummy(password);
    if (!row || !ok) throw new ApiError(400, 'Failed to authenticate.');
    limiter?.release(limiterKey);
    return authResponse(ctx, c, row, requestInfo(request, 'password'), queryString(request, 'expand'));
  });

  post('auth-refresh', async (c, request) => {
    const auth = request.auth;
    if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    if (auth.collection.id !== c.id) throw new ApiError(403, `The request requires auth record from ${auth.collection.name} collection.`);
    // Impersonation tokens are issued with `refreshable: false` and must not turn into a normal session.
    if (authClaims(ctx, request)?.refreshable !== true) throw new ApiError(403, 'The current auth token is not refreshable.');
    return authResponse(ctx, c, auth.row, requestInfo(request), queryString(request, 'expand'));
  });

  post('request-verification', async (c, request, reply) => {
    limitEmails(ctx, request, 'verification');
    await ctx.auth.requestVerification(c, bodyOf(request));
    return reply.status(204).send();
  });

  post('confirm-verification', async (c, request, reply) => {
    await ctx.auth.confirmVerification(c, bodyOf(request), requestInfo(request));
    return reply.status(204).send();
  });

  post('request-password-reset', async (c, request, reply) => {
    limitEmails(ctx, request, 'passwordReset');
    await ctx.auth.requestPasswordReset(c, bodyOf(request));
    return reply.status(204).send();
  });

  post('confirm-password-reset', async (c, request, reply) => {
    await ctx.auth.confirmPasswordReset(c, bodyOf(request));
    return reply.status(204).send();
  });

  post('request-email-change', async (c, request, reply) => {
    limitEmails(ctx, request, 'emailChange');
    await ctx.auth.requestEmailChange(c, request.auth, bodyOf(request));
    return reply.status(204).send();
  });

  post('confirm-email-change', async (c, request, reply) => {
    await ctx.auth.confirmEmailChange(c, bodyOf(request), verifyPassword);
    return reply.status(204).send();
  });

  post('request-otp', async (c, request) => {
    limitEmails(ctx, request, 'otp');
    return ctx.auth.requestOtp(c, bodyOf(request));
  });

  post('auth-with-otp', async (c, request) => {
    const row = await ctx.auth.consumeOtp(c, bodyOf(request), rateLimitKey(clientIp(request, ctx.settings.get().trustedProxy)));
    return authResponse(ctx, c, row, requestInfo(request, 'otp'), queryString(request, 'expand'));
  });

  post('auth-with-oauth2', async (c, request) => {
    const providers = c.name === '_superusers' ? [] : ctx.oauth2Providers;
    const { row, meta } = await authenticateWithOAuth2(ctx.auth, c, providers, bodyOf(request), requestInfo(request, 'oauth2'));
    return authResponse(ctx, c, row, requestInfo(request, 'oauth2'), queryString(request, 'expand'), meta);
  });

  app.post<{ Params: CollectionParams & { id: string } }>('/api/collections/:collection/impersonate/:id', async (request) => {
    const c = authCollection(ctx, request.params.collection);
    if (!request.auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    if (!isSuperuser(request)) throw new ApiError(403, 'The authorized record is not allowed to perform this action.');
    const body = bodyOf(request);
    const duration = body.duration === undefined ? 0 : Number(body.duration);
    if (!Number.isFinite(duration) || duration < 0) {
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        duration: { code: 'validation_min_greater_equal_than_required', message: 'Must be no less than 0.' },
      });
    }
    const row = ctx.stmts.get(`SELECT * FROM "${c.name}" WHERE "id" = ?`, [request.params.id]);
    if (!row) throw new ApiError(404);
    const token = await ctx.tokens.sign(c, row, 'auth', duration || (c.auth?.authTokenDuration ?? 604800), { refreshable: false });
    const record = ctx.engine.present(
      c,
      { row, sideEffects: [], staleFiles: [], removedPrefixes: [] },
      queryString(request, 'expand'),
      requestInfo(request),
    );
    return { record, token };
  });
}
