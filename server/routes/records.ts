import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { readBody } from '../http/body.ts';
import { queryString, requestInfo } from '../http/request-info.ts';
import { parseListParams } from './list-params.ts';

interface CollectionParams { collection: string }
interface RecordParams extends CollectionParams { id: string }

/** The records CRUD routes of the contract: parse → engine → reply. */
export function recordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { engine } = ctx;

  app.get<{ Params: CollectionParams }>('/api/collections/:collection/records', async (request) => {
    const collection = engine.collection(request.params.collection);
    return engine.list(collection, parseListParams(request), requestInfo(request));
  });

  app.get<{ Params: RecordParams }>('/api/collections/:collection/records/:id', async (request) => {
    const collection = engine.collection(request.params.collection);
    return engine.view(collection, request.params.id, queryString(request, 'expand'), requestInfo(request));
  });

  app.post<{ Params: CollectionParams }>('/api/collections/:collection/records', async (request) => {
    const collection = engine.collection(request.params.collection);
    const body = await readBody(request);
    return engine.create(collection, body, requestInfo(request), queryString(request, 'expand'));
  });

  app.patch<{ Params: RecordParams }>('/api/collections/:collection/records/:id', async (request) => {
    const collection = engine.collection(request.params.collection);
    const body = await readBody(request);
    return engine.update(collection, request.params.id, body, requestInfo(request), queryString(request, 'expand'));
  });

  app.delete<{ Params: RecordParams }>('/api/collections/:collection/records/:id', async (request, reply) => {
    const collection = engine.collection(request.params.collection);
    await engine.delete(collection, request.params.id, requestInfo(request));
    return reply.status(204).send();
  });

}
