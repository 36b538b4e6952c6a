import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../server/context.ts';
import { requestInfo } from '../../server/http/request-info.ts';
import { parseListParams } from '../../server/routes/list-params.ts';

/**
 * The records list and view routes with every read cache emptied first, as if each request
 * followed a write: what a read costs when the row cache cannot answer (expand's related owners,
 * a view by id). Registered on both instances of the scale bench.
 */
export function registerColdRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { collection: string } }>('/__bench/cold/api/collections/:collection/records', async (request) => {
    ctx.stmts.invalidateReadCaches();
    return ctx.engine.list(ctx.engine.collection(request.params.collection), parseListParams(request), requestInfo(request));
  });
  app.get<{ Params: { collection: string; id: string } }>('/__bench/cold/api/collections/:collection/records/:id', async (request) => {
    ctx.stmts.invalidateReadCaches();
    const expand = (request.query as { expand?: string }).expand ?? '';
    return ctx.engine.view(ctx.engine.collection(request.params.collection), request.params.id, expand, requestInfo(request));
  });
}
