import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { organizationRow } from '../organizations/queries.ts';
import { createStripeClient, StripeBilling } from './stripe-billing.ts';
import { activate, managedOrganization, setCancelAtPeriodEnd, startTrial } from './subscriptions.ts';

const BILLING_OFF = 'Billing is off on this instance: every organization is active.';

/** Stripe events are small; anything larger is not Stripe. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

function body(request: { body: unknown }): Record<string, unknown> {
  return request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
}

function organizationParam(request: { body: unknown }): string | undefined {
  const value = body(request).organization;
  return typeof value === 'string' ? value : undefined;
}

/** Stripe API failures leave as 502 in the contract's envelope; details stay in the log. */
async function viaStripe<T>(
  log: FastifyBaseLogger,
  billing: () => Promise<StripeBilling>,
  fn: (stripe: StripeBilling) => Promise<T>,
): Promise<T> {
  const stripe = await billing();
  try {
    return await fn(stripe);
  } catch (err) {
    if (!(err instanceof stripe.stripe.errors.StripeError)) throw err;
    log.error({ err: { type: err.type, code: err.code, message: err.message, requestId: err.requestId } }, 'stripe request failed');
    throw new ApiError(502, 'The payment provider could not process the request. Please try again later.');
  }
}

/** Billing actions of the current organization (owners and admins only), and Stripe's webhook. */
export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { engine, config } = ctx;
  const secrets = config.billing === 'stripe' ? config.stripe : undefined;
  // The client (and the package) is made at the first billing request, once.
  let client: Promise<StripeBilling> | undefined;
  const stripe = secrets ? () => (client ??= createStripeClient(secrets).then((c) => new StripeBilling(engine, config, c))) : null;

  app.post('/api/billing/subscribe', async (request) => {
    const b = body(request);
    const org = managedOrganization(engine, request.auth, organizationParam(request));
    // Off: there is no plan to choose; the answer is made true (a row a superuser or a restore set otherwise becomes active).
    if (config.billing === 'off') {
      await activate(engine, org.id);
      return { status: 'active' };
    }
    if (stripe) return viaStripe(request.log, stripe, (s) => s.subscribe(org.id, request.auth?.row ?? {}, b.plan, b.interval ?? 'month'));
    await startTrial(engine, org.id, b.plan, b.interval ?? 'month', config.now());
    const row = organizationRow(engine.stmts, org.id);
    return { status: row?.subscriptionStatus, trialEndsAt: row?.trialEndsAt };
  });

  app.post('/api/billing/portal', async (request) => {
    const org = managedOrganization(engine, request.auth, organizationParam(request));
    if (config.billing === 'off') throw new ApiError(400, BILLING_OFF);
    if (!stripe) throw new ApiError(400, 'The billing portal is only available with Stripe billing.');
    return viaStripe(request.log, stripe, (s) => s.portal(org.id));
  });

  app.post('/api/billing/cancel', async (request, reply) => {
    const org = managedOrganization(engine, request.auth, organizationParam(request));
    // Off: nothing ends, so there is nothing to cancel or resume.
    if (config.billing === 'off') throw new ApiError(400, BILLING_OFF);
    if (stripe) await viaStripe(request.log, stripe, (s) => s.setCancelAtPeriodEnd(org.id, true));
    else await setCancelAtPeriodEnd(engine, org.id, true);
    return reply.status(204).send();
  });

  app.post('/api/billing/resume', async (request, reply) => {
    const org = managedOrganization(engine, request.auth, organizationParam(request));
    // Off: nothing ends, so there is nothing to cancel or resume.
    if (config.billing === 'off') throw new ApiError(400, BILLING_OFF);
    if (stripe) await viaStripe(request.log, stripe, (s) => s.setCancelAtPeriodEnd(org.id, false));
    else await setCancelAtPeriodEnd(engine, org.id, false);
    return reply.status(204).send();
  });

  if (stripe) {
    // The signature covers the exact bytes Stripe sent: this scope keeps every body as a raw Buffer.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, raw, done) => done(null, raw));
      // Failures (Stripe unreachable while re-fetching) answer 5xx, so Stripe delivers the event again.
      scope.post('/api/billing/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) =>
        viaStripe(request.log, stripe, (s) => s.handleWebhook(request.body, request.headers['stripe-signature'])),
      );
    });
  }
}
