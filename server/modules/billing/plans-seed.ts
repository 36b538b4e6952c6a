import type { RecordEngine } from '../../core/records/engine.ts';
import { planCount } from './queries.ts';
import type { Entitlement, PlanLimit } from '../../../shared/plan-features.ts';

/**
 * The plans created at first start (superusers can edit them through the records API). What each
 * sells is its `limits` and `entitlements` (shared/plan-features.ts); migration 0013 gives
 * installs seeded before entitlements existed the same ones by plan code.
 */
export const DEFAULT_PLANS: {
  code: string;
  name: string;
  description: string;
  priceMonthly: number;
  priceYearly: number;
  trialDays: number;
  position: number;
  limits: Record<PlanLimit, number>;
  entitlements: Entitlement[];
}[] = [
  {
    code: 'starter',
    name: 'Starter',
    description: 'One venue, everything you need to go digital.',
    priceMonthly: 900,
    priceYearly: 9000,
    trialDays: 14,
    position: 1,
    limits: { venues: 1, menus: 3, uploadsPerMonth: 3 },
    entitlements: [],
  },
  {
    code: 'pro',
    name: 'Pro',
    description: 'For busy restaurants with several menus.',
    priceMonthly: 2900,
    priceYearly: 29000,
    trialDays: 14,
    position: 2,
    limits: { venues: 3, menus: 20, uploadsPerMonth: 20 },
    entitlements: ['schedules', 'liveSoldOut', 'analytics'],
  },
  {
    code: 'business',
    name: 'Business',
    description: 'Groups and chains with many locations.',
    priceMonthly: 7900,
    priceYearly: 79000,
    trialDays: 30,
    position: 3,
    limits: { venues: 0, menus: 0, uploadsPerMonth: 0 },
    entitlements: ['schedules', 'liveSoldOut', 'analytics', 'teamRoles'],
  },
];

/** Creates the default plans when none exist yet. */
export async function seedPlans(engine: RecordEngine): Promise<void> {
  if (planCount(engine.stmts) > 0) return;
  const plans = engine.collection('plans');
  const system = engine.systemRequest();
  const ops = await Promise.all(
    DEFAULT_PLANS.map((p) =>
      engine.prepareCreate(plans, { data: { ...p, currency: 'EUR', active: true }, files: {}, fromForm: false }, system),
    ),
  );
  try {
    await engine.execute(ops);
  } catch (err) {
    // Another instance starting at the same time on the same database (a fleet's rollout) wrote
    // them between our check and our insert: its plans stand, and this instance starts on them.
    if (planCount(engine.stmts) > 0) return;
    throw err;
  }
}
