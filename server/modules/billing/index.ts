import type { AppContext } from '../../context.ts';
import type { ProductModule } from '../module.ts';
import { billingEventsCollection, billingNoticesCollection, plansCollection } from './collection.ts';
import { registerLapseTracking } from './lapse.ts';
import { sendBillingNotices } from './notices.ts';
import { registerPlanLimits } from './limits.ts';
import { seedPlans } from './plans-seed.ts';
import { billingRoutes } from './routes.ts';
import { applyPriceConfig, pruneBillingEvents } from './stripe-billing.ts';
import { expireTrials } from './subscriptions.ts';

async function register(ctx: AppContext): Promise<void> {
  const { engine, config } = ctx;
  registerPlanLimits(engine);
  registerLapseTracking(engine, config.now);
  await seedPlans(engine);
  if (config.billing === 'off') {
    // Self-hosting: every organization is active; the subscribe step never appears.
    engine.hooks.before('organizations', 'create', (hook) => {
      hook.row.subscriptionStatus = 'active';
    });
  }
  if (config.billing === 'trial') {
    // Once at boot (trials may have ended while the app was down), then hourly (see /api/crons):
    // expired trials lapse, then owners get the reminders and lapse emails due (billing/notices.ts).
    void expireTrials(engine, config.now()).catch(() => undefined);
    ctx.crons.register('trialExpiry', '0 * * * *', async () => {
      await expireTrials(engine, config.now());
      await sendBillingNotices(ctx, config.now(), { trialReminders: true });
    });
  }
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

export const billingModule: ProductModule = {
  name: 'billing',
  collections: [plansCollection, billingEventsCollection, billingNoticesCollection],
  register,
  routes: billingRoutes,
};
