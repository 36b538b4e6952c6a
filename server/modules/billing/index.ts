import type { AppContext } from '../../context.ts';
import type { ProductModule } from '../module.ts';
import { billingEventsCollection, billingNoticesCollection, plansCollection } from './collection.ts';
import { registerEntitlementHooks } from './entitlements.ts';
import { registerLapseTracking } from './lapse.ts';
import { sendBillingNotices } from './notices.ts';
import { registerPlanLimits } from './limits.ts';
import { seedPlans } from './plans-seed.ts';
import { reconcileBillingMode } from './reconcile.ts';
import { billingRoutes } from './routes.ts';
import { applyPriceConfig, pruneBillingEvents } from './stripe-billing.ts';
import { expireTrials } from './subscriptions.ts';

async function register(ctx: AppContext): Promise<void> {
  const { engine, config } = ctx;
  registerLapseTracking(engine, config.now);
  await seedPlans(engine);
  if (config.billing === 'off') {
    // Self-hosting: every organization is active; no plan, so no plan limits or entitlements; the subscribe step never appears.
    engine.hooks.before('organizations', 'create', (hook) => {
      hook.row.subscriptionStatus = 'active';
    });
    return;
  }
  registerPlanLimits(engine);
  registerEntitlementHooks(ctx);
  // Hourly (see /api/crons). With Stripe, only the trials Stripe does not manage (given when the
  // mode changed from off, or left from trial mode): Stripe ends its own through the webhook. In
  // trial mode, owners then get the reminders and lapse emails due (billing/notices.ts).
  const localOnly = config.billing === 'stripe';
  ctx.crons.register('trialExpiry', '0 * * * *', async () => {
    await expireTrials(engine, config.now(), localOnly);
    if (config.billing === 'trial') await sendBillingNotices(ctx, config.now(), { trialReminders: true });
  });
  if (config.billing === 'stripe' && config.stripe) {
    // Price ids from the environment onto the plans; the webhook maps prices back to plans from there.
    await applyPriceConfig(engine, config.stripe.prices);
    ctx.crons.register('billingEventsPrune', '40 3 * * *', () => pruneBillingEvents(engine, config.now()));
    // Stripe emails its own trial reminders; ours tell owners when a subscription lapsed.
    ctx.crons.register('billingNotices', '5 * * * *', () =>
      sendBillingNotices(ctx, config.now(), { trialReminders: false }).then(() => undefined),
    );
  }
}

/** Once every module's hooks are in place: organizations follow a change of mode, then trials that ended while the app was down end. */
async function ready(ctx: AppContext): Promise<void> {
  const { engine, config } = ctx;
  const done = await reconcileBillingMode(engine, config.billing, config.now());
  if (done.activated || done.trials) {
    ctx.log.info(
      { billing: done.to, previous: done.from ?? null, activated: done.activated, trials: done.trials },
      `billing ${done.to}: ${done.activated} organization(s) made active, ${done.trials} given a trial`,
    );
  }
  if (config.billing !== 'off') await expireTrials(engine, config.now(), config.billing === 'stripe');
}

export const billingModule: ProductModule = {
  name: 'billing',
  collections: [plansCollection, billingEventsCollection, billingNoticesCollection],
  register,
  ready,
  routes: billingRoutes,
};
