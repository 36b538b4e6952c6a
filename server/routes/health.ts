import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { isSuperuser } from '../core/request-info.ts';
import { clientIp } from '../http/client-ip.ts';
import { canBackup } from '../ops/backups.ts';

const PROXY_HEADERS = ['CF-Connecting-IP', 'Fly-Client-IP', 'X-Real-IP', 'X-Forwarded-For'];

/** GET /api/health: public liveness; superusers also see diagnostics. */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', async (request) => {
    const data = request.auth && isSuperuser(request)
      ? {
        canBackup: canBackup(ctx),
        realIP: clientIp(request, ctx.settings.get().trustedProxy),
        possibleProxyHeader: PROXY_HEADERS.find((h) => request.headers[h.toLowerCase()]) ?? '',
      }
      : {};
    return { message: 'API is healthy.', code: 200, data };
  });
}
