import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { signOutEverywhere } from './service.ts';

/** The signed-in user's own account actions. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/account/sign-out-everywhere', async (request, reply) => {
    await signOutEverywhere(ctx, request.auth);
    return reply.status(204).send();
  });
}
