import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { managedOrganization, setCancelAtPeriodEnd, startTrial } from './subscriptions.ts';

function body(request: { body: unknown }): Record<string, unknown> {
  return request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
}

/** Billing actions of the current organization (owners and admins only). */
export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { engine, config } = ctx;

  app.post('/api/billing/subscribe', async (request) => {
    const b = body(request);
    const org = managedOrganization(engine, request.auth, typeof b.organization === 'string' ? b.organization : undefined);
    if (config.billing === 'off') return { status: 'active' };
    if (config.billing === 'stripe') throw new ApiError(400, 'Stripe checkout is not configured on this server.');
    await startTrial(engine, org.id, b.plan, b.interval ?? 'month', config.now());
    const row = engine.stmts.get('SELECT subscriptionStatus, trialEndsAt FROM organizations WHERE id = ?', [org.id]);
    return { status: row?.subscriptionStatus, trialEndsAt: row?.trialEndsAt };
  });

  app.post('/api/billing/cancel', async (request, reply) => {
    const org = managedOrganization(engine, request.auth, typeof body(request).organization === 'string' ? String(body(request).organization) : undefined);
    await setCancelAtPeriodEnd(engine, org.id, true);
    return reply.status(204).send();
  });

  app.post('/api/billing/resume', async (request, reply) => {
    const org = managedOrganization(engine, request.auth, typeof body(request).organization === 'string' ? String(body(request).organization) : undefined);
    await setCancelAtPeriodEnd(engine, org.id, false);
    return reply.status(204).send();
  });
}
