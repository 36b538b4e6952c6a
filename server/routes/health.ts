import type { FastifyInstance } from 'fastify';
import { isSuperuser } from '../core/request-info.ts';

/** GET /api/health: public liveness; superusers also see diagnostics. */
export function healthRoutes(app: FastifyInstance): void {
  app.get('/api/health', async (request) => {
    const data = request.auth && isSuperuser(request)
      ? { canBackup: true, realIP: request.ip, possibleProxyHeader: request.headers['x-forwarded-for'] ? 'X-Forwarded-For' : '' }
      : {};
    return { message: 'API is healthy.', code: 200, data };
  });
}
