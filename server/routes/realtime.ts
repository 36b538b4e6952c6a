import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, fieldError } from '../core/errors.ts';
import { allowedOrigin } from '../http/hooks.ts';
import { SseStream } from '../http/sse-stream.ts';
import { applySubscriptions } from '../core/realtime/forward.ts';

/** Bytes a slow client may have pending before it is dropped. */
const MAX_PENDING_BYTES = 1024 * 1024;

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

/** `GET /api/realtime` (the SSE stream), `POST /api/realtime` (subscriptions) and the OAuth2 popup redirect. */
export function realtimeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { hub } = ctx;

  app.get('/api/realtime', (request, reply) => {
    // Shutting down: its streams end soon; the SDK retries, through the load balancer, elsewhere.
    if (ctx.lifecycle.draining) throw new ApiError(503, 'The server is shutting down: connect again.');
    reply.hijack();
    const res = reply.raw;
    const origin = allowedOrigin(ctx.config.corsOrigins, request.headers.origin);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
      ...(origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {}),
      'X-Content-Type-Options': 'nosniff',
    });
    res.flushHeaders();
    request.raw.socket.setNoDelay(true);
    request.raw.socket.setTimeout(0);
    const stream = new SseStream(res, MAX_PENDING_BYTES);
    const client = hub.connect({ write: (text) => stream.write(text), close: () => stream.end() });
    res.on('close', () => hub.disconnect(client.id));
  });

  app.post('/api/realtime', async (request, reply) => {
    const body = bodyOf(request);
    const clientId = typeof body.clientId === 'string' ? body.clientId : '';
    const errors: Record<string, unknown> = {};
    if (!clientId) errors.clientId = fieldError('validation_required', 'Cannot be blank.');
    else if (clientId.length > 255) errors.clientId = fieldError('validation_length_out_of_range', 'The length must be between 1 and 255.');
    const raw = body.subscriptions === undefined || body.subscriptions === null ? [] : body.subscriptions;
    const subs = Array.isArray(raw) ? raw : [raw];
    if (subs.length > 1000)
      errors.subscriptions = fieldError('validation_length_too_long', 'The length must be no more than 1000.', { max: 1000 });
    else {
      const itemErrors: Record<string, unknown> = {};
      subs.forEach((s, i) => {
        if (typeof s !== 'string') itemErrors[String(i)] = fieldError('validation_invalid_value', 'Invalid value.');
        else if (s.length > 2500)
          itemErrors[String(i)] = fieldError('validation_length_too_long', 'The length must be no more than 2500.', { max: 2500 });
      });
      if (Object.keys(itemErrors).length) errors.subscriptions = itemErrors;
    }
    if (Object.keys(errors).length) throw new ApiError(400, undefined, errors);
    const client = hub.get(clientId);
    // A stream held by another instance (no sticky sessions): that instance applies the request.
    const outcome = client
      ? applySubscriptions(hub, client, request.auth, subs as string[])
      : await ctx.subscriptions.forward(clientId, request.auth, subs as string[]);
    if (outcome === 'unknown') throw new ApiError(404, 'Missing or invalid client id.');
    if (outcome === 'forbidden') throw new ApiError(403, "The current and the previous request authorization don't match.");
    return reply.status(204).send();
  });

  const redirect = (request: FastifyRequest, reply: FastifyReply, params: Record<string, unknown>) => {
    const state = typeof params.state === 'string' ? params.state : '';
    const code = typeof params.code === 'string' ? params.code : '';
    const error = typeof params.error === 'string' ? params.error : '';
    const status = request.method === 'POST' ? 303 : 307;
    const client = state ? hub.get(state) : undefined;
    if (!client || !client.subscriptions.has('@oauth2')) return reply.redirect('/_/#/auth/oauth2-redirect-failure', status);
    hub.send(client, '@oauth2', error ? { state, code, error } : { state, code });
    const rest = [...client.subscriptions.keys()].filter((k) => k !== '@oauth2');
    hub.setSubscriptions(client, rest);
    return reply.redirect(error || !code ? '/_/#/auth/oauth2-redirect-failure' : '/_/#/auth/oauth2-redirect-success', status);
  };
  app.get('/api/oauth2-redirect', async (request, reply) => redirect(request, reply, request.query as Record<string, unknown>));
  app.post('/api/oauth2-redirect', async (request, reply) => redirect(request, reply, bodyOf(request)));
  // The popup lands on /_/#/auth/oauth2-redirect-…: the console page of the web app, whose first
  // inline script (web/index.html) closes the window before anything else loads.
}
