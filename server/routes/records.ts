import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { bodyLimitOf, type Collection } from '../core/collections.ts';
import { ApiError } from '../core/errors.ts';
import { precheckCreate, precheckUpdate } from '../core/records/write-precheck.ts';
import { withBody, type BodyLimits } from '../http/body.ts';
import { queryString, requestInfo } from '../http/request-info.ts';
import { parseListParams } from './list-params.ts';

interface CollectionParams {
  collection: string;
}
interface RecordParams extends CollectionParams {
  id: string;
}

const MISSING_FOR_WRITE = 'Missing or invalid collection context.';

/**
 * Writes are limited per collection (base limit plus its declared file and json sizes) and by
 * the configured upload caps: a declared length is refused at once, a chunked body as it arrives.
 */
function bodyLimits(ctx: AppContext, request: FastifyRequest, collection: Collection): BodyLimits {
  const { maxFileBytes, maxRequestBytes, tmpDir } = ctx.config.uploads;
  const limit = Math.min(bodyLimitOf(collection), maxRequestBytes);
  if (Number(request.headers['content-length'] ?? 0) > limit) throw new ApiError(413);
  return { maxFileBytes, maxRequestBytes: limit, tmpDir };
}

/** The records CRUD routes of the contract: parse → engine → reply. */
export function recordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { engine } = ctx;
  // Fastify's own limit is the largest of any collection; each route then applies its own.
  const bodyLimit = Math.max(...ctx.registry.all().map(bodyLimitOf));

  app.get<{ Params: CollectionParams }>('/api/collections/:collection/records', async (request) => {
    const collection = engine.collection(request.params.collection);
    return engine.list(collection, parseListParams(request), requestInfo(request));
  });

  app.get<{ Params: RecordParams }>('/api/collections/:collection/records/:id', async (request) => {
    const collection = engine.collection(request.params.collection);
    return engine.view(collection, request.params.id, queryString(request, 'expand'), requestInfo(request));
  });

  app.post<{ Params: CollectionParams }>('/api/collections/:collection/records', { bodyLimit }, async (request) => {
    const collection = engine.collection(request.params.collection, MISSING_FOR_WRITE);
    const req = requestInfo(request);
    // Before the body: a refused caller's upload is never received.
    precheckCreate(engine.access, collection, req);
    const limits = bodyLimits(ctx, request, collection);
    return withBody(request, limits, (body) => {
      // Auth collections: sign-up answers the same for taken and free addresses (AuthService.signUp).
      if (collection.type === 'auth') return ctx.auth.signUp(collection, body, req, queryString(request, 'expand'));
      return engine.create(collection, body, req, queryString(request, 'expand'));
    });
  });

  app.patch<{ Params: RecordParams }>('/api/collections/:collection/records/:id', { bodyLimit }, async (request) => {
    const collection = engine.collection(request.params.collection, MISSING_FOR_WRITE);
    const req = requestInfo(request);
    // Before the body: an upload to a missing (or, for this caller, invisible) record is never received.
    precheckUpdate(engine.access, collection, request.params.id, req);
    const limits = bodyLimits(ctx, request, collection);
    return withBody(request, limits, (body) => engine.update(collection, request.params.id, body, req, queryString(request, 'expand')));
  });

  app.delete<{ Params: RecordParams }>('/api/collections/:collection/records/:id', async (request, reply) => {
    const collection = engine.collection(request.params.collection);
    await engine.delete(collection, request.params.id, requestInfo(request));
    return reply.status(204).send();
  });
}
