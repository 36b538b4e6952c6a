import { formatDateTime } from '../../core/datetime.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import { readParam, writeParam } from '../../db/params.ts';
import { BILLING_MODES, type BillingMode } from '../../../shared/subscription.ts';
import { organizationBillingStates } from '../organizations/queries.ts';
import { planTrialDays } from './queries.ts';

/** `_params` key of the billing mode the database was last started with. */
export const BILLING_MODE_PARAM = 'billingMode';
/** The trial an organization gets when a paid mode starts, when its plan names none. */
export const DEFAULT_TRIAL_DAYS = 14;

export interface Reconciled {
  /** The mode of the previous start (undefined: never recorded, e.g. a database from before modes were recorded). */
  from: BillingMode | undefined;
  to: BillingMode;
  /** Organizations made active (off mode). */
  activated: number;
  /** Organizations given a trial starting now (from off to a paid mode). */
  trials: number;
}

function storedMode(value: string | undefined): BillingMode | undefined {
  return BILLING_MODES.find((m) => m === value);
}

/**
 * Brings every organization in line with the billing mode of this start, then records the mode.
 *
 * - `off`: every organization that is not `active` becomes `active`, at every start (idempotent;
 *   it also catches rows a restored backup brought back), so nobody is locked out of a
 *   self-hosted instance and onboarding can finish.
 * - from `off` to `trial` or `stripe`: organizations that are active without a Stripe
 *   subscription get a trial starting now (their plan's trial days, else 14): nothing goes dark
 *   at once, and the trial's end leads to the plan page like any other.
 * - between `trial` and `stripe` (or without a recorded mode): statuses stay as they are; every
 *   status already has its path (trial expiry, the plan page, Checkout).
 *
 * Writes go through the record engine with system rights, so hooks, events and realtime apply.
 */
export async function reconcileBillingMode(engine: RecordEngine, mode: BillingMode, now: Date): Promise<Reconciled> {
  const { stmts } = engine;
  const from = storedMode(readParam(stmts, BILLING_MODE_PARAM));
  const result: Reconciled = { from, to: mode, activated: 0, trials: 0 };
  const organizations = engine.collection('organizations');
  const update = (id: string, data: Record<string, unknown>) =>
    engine.update(organizations, id, { data, files: {}, fromForm: false }, engine.systemRequest());

  if (mode === 'off') {
    for (const org of organizationBillingStates(stmts)) {
      if (org.subscriptionStatus === 'active') continue;
      await update(org.id, { subscriptionStatus: 'active' });
      result.activated++;
    }
  } else if (from === 'off') {
    for (const org of organizationBillingStates(stmts)) {
      if (org.subscriptionStatus !== 'active' || org.stripeSubscriptionId) continue;
      const days = planTrialDays(stmts, org.plan) || DEFAULT_TRIAL_DAYS;
      const ends = formatDateTime(new Date(now.getTime() + days * 86400000));
      await update(org.id, { subscriptionStatus: 'trialing', trialEndsAt: ends, currentPeriodEnd: ends, cancelAtPeriodEnd: false });
      result.trials++;
    }
  }
  if (from !== mode) writeParam(stmts, BILLING_MODE_PARAM, mode);
  return result;
}
