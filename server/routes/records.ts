import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { bodyLimitOf, type Collection } from '../core/collections.ts';
import { ApiError } from '../core/errors.ts';
import { readBody } from '../http/body.ts';
import { queryString, requestInfo } from '../http/request-info.ts';
import { parseListParams } from './list-params.ts';

interface CollectionParams { collection: string }
interface RecordParams extends CollectionParams { id: string }

const MISSING_FOR_WRITE = 'Missing or invalid collection context.';

/** Writes are limited per collection (base limit plus its declared file and json sizes). */
function checkBodySize(request: FastifyRequest, collection: Collection): void {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > bodyLimitOf(collection)) throw new ApiError(413);
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
    checkBodySize(request, collection);
    const body = await readBody(request);
    // Auth collections: sign-up answers the same for taken and free addresses (AuthService.signUp).
    if (collection.type === 'auth') return ctx.auth.signUp(collection, body, requestInfo(request), queryString(request, 'expand'));
    return engine.create(collection, body, requestInfo(request), queryString(request, 'expand'));
  });

  app.patch<{ Params: RecordParams }>('/api/collections/:collection/records/:id', { bodyLimit }, async (request) => {
    const collection = engine.collection(request.params.collection, MISSING_FOR_WRITE);
    checkBodySize(request, collection);
    const body = await readBody(request);
    return engine.update(collection, request.params.id, body, requestInfo(request), queryString(request, 'expand'));
  });

  app.delete<{ Params: RecordParams }>('/api/collections/:collection/records/:id', async (request, reply) => {
    const collection = engine.collection(request.params.collection);
    await engine.delete(collection, request.params.id, requestInfo(request));
    return reply.status(204).send();
  });

}
