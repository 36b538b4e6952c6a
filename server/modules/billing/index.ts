import type { AppContext } from '../../context.ts';
import type { ProductModule } from '../module.ts';
import { plansCollection } from './collection.ts';
import { registerPlanLimits } from './limits.ts';
import { seedPlans } from './plans-seed.ts';
import { billingRoutes } from './routes.ts';
import { expireTrials } from './subscriptions.ts';

const HOUR = 60 * 60 * 1000;

async function register(ctx: AppContext): Promise<void> {
  const { engine, config } = ctx;
  registerPlanLimits(engine);
  await seedPlans(engine);
  if (config.billing === 'off') {
    // Self-hosting: every organization is active; the subscribe step never appears.
    engine.hooks.before('organizations', 'create', (hook) => { hook.row.subscriptionStatus = 'active'; });
  }
  if (config.billing === 'trial') {
    const run = () => void expireTrials(engine, config.now()).catch(() => undefined);
    run();
    const timer = setInterval(run, HOUR);
    timer.unref();
    ctx.onClose(() => clearInterval(timer));
  }
}

export const billingModule: ProductModule = {
  name: 'billing',
  collections: [plansCollection],
  register,
  routes: billingRoutes,
};
