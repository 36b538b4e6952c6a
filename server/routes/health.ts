import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { isSuperuser } from '../core/request-info.ts';
import { clientIp } from '../http/client-ip.ts';
import { canBackup } from '../ops/backups.ts';

const PROXY_HEADERS = ['CF-Connecting-IP', 'Fly-Client-IP', 'X-Real-IP', 'X-Forwarded-For'];

/**
 * GET /api/health: public liveness; superusers also see diagnostics.
 * GET /api/ready: readiness for a load balancer: 200 when this instance should get traffic (it
 * listens only after migrations ran, the database takes writes, it is not shutting down, a shared
 * realtime bus is listening), 503 otherwise. Same body shape as health (`code`, not `status`).
 */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', async (request, reply) => {
    const data =
      request.auth && isSuperuser(request)
        ? {
            canBackup: canBackup(ctx),
            realIP: clientIp(request, ctx.settings.get().trustedProxy),
            possibleProxyHeader: PROXY_HEADERS.find((h) => request.headers[h.toLowerCase()]) ?? '',
          }
        : {};
    const storage = ctx.storageHealth.status();
    if (!storage.ok) {
      // 503 so load balancers and Docker's HEALTHCHECK see it; the code is for the operator's eyes only.
      request.log.error({ code: storage.code }, 'health: the database does not take writes');
      return reply.status(503).send({ message: 'API is unhealthy: the database does not take writes.', code: 503, data: {} });
    }
    return { message: 'API is healthy.', code: 200, data };
  });

  app.get('/api/ready', async (_request, reply) => {
    if (ctx.lifecycle.draining) return reply.status(503).send({ message: 'API is shutting down.', code: 503, data: {} });
    if (!ctx.storageHealth.status().ok)
      return reply.status(503).send({ message: 'API is unhealthy: the database does not take writes.', code: 503, data: {} });
    // Without the shared bus this instance would serve stale caches and miss other instances' events.
    if (ctx.bus.connected && !ctx.bus.connected())
      return reply.status(503).send({ message: 'API is not ready: the realtime bus is down.', code: 503, data: {} });
    return { message: 'API is ready.', code: 200, data: {} };
  });
}
