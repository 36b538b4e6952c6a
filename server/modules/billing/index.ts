import type { AppContext } from '../../context.ts';
import type { ProductModule } from '../module.ts';
import { billingEventsCollection, plansCollection } from './collection.ts';
import { registerPlanLimits } from './limits.ts';
import { seedPlans } from './plans-seed.ts';
import { billingRoutes } from './routes.ts';
import { applyPriceConfig, pruneBillingEvents } from './stripe-billing.ts';
import { expireTrials } from './subscriptions.ts';

async function register(ctx: AppContext): Promise<void> {
  const { engine, config } = ctx;
  registerPlanLimits(engine);
  await seedPlans(engine);
  if (config.billing === 'off') {
    // Self-hosting: every organization is active; the subscribe step never appears.
    engine.hooks.before('organizations', 'create', (hook) => {
      hook.row.subscriptionStatus = 'active';
    });
  }
  if (config.billing === 'trial') {
    // Once at boot (trials may have ended while the app was down), then hourly (see /api/crons).
    void expireTrials(engine, config.now()).catch(() => undefined);
    ctx.crons.register('trialExpiry', '0 * * * *', () => expireTrials(engine, config.now()));
  }
  if (config.billing === 'stripe' && config.stripe) {
    // Price ids from the environment onto the plans; the webhook maps prices back to plans from there.
    await applyPriceConfig(engine, config.stripe.prices);
    ctx.crons.register('billingEventsPrune', '40 3 * * *', () => pruneBillingEvents(engine, config.now()));
  }
}

export const billingModule: ProductModule = {
  name: 'billing',
  collections: [plansCollection, billingEventsCollection],
  register,
  routes: billingRoutes,
};
