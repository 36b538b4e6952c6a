import { ApiError, fieldError } from '../../core/errors.ts';
import { formatDateTime } from '../../core/datetime.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { AuthState } from '../../core/request-info.ts';
import { expiredTrialIds, organizationRow } from '../organizations/queries.ts';
import { requireManager } from '../tenancy.ts';
import { activePlanByCode } from './queries.ts';

/** The organization the user acts for, if they are its owner or admin. */
export function managedOrganization(
  engine: RecordEngine,
  auth: AuthState | null,
  organizationId?: string,
): { id: string; row: Record<string, unknown> } {
  const id = organizationId || String(auth?.row.currentOrganization || '');
  requireManager(engine, auth, id, 'Only owners and admins can manage billing.');
  const row = organizationRow(engine.stmts, id);
  if (!row) throw new ApiError(404);
  return { id, row };
}

export type BillingInterval = 'month' | 'year';

/** The active plan and interval a subscribe request names; 400 naming the invalid fields. */
export function choosePlan(
  engine: RecordEngine,
  planCode: unknown,
  interval: unknown,
): { plan: Record<string, unknown>; interval: BillingInterval } {
  const plan = activePlanByCode(engine.stmts, String(planCode ?? ''));
  const errors: Record<string, unknown> = {};
  if (!plan) errors.plan = fieldError('validation_invalid_value', 'Choose one of the available plans.');
  if (interval !== 'month' && interval !== 'year') errors.interval = fieldError('validation_in_invalid', 'Must be a valid value.');
  if (!plan || Object.keys(errors).length) throw new ApiError(400, 'An error occurred while validating the submitted data.', errors);
  return { plan, interval: interval as BillingInterval };
}

/** Trial mode: choosing a plan starts its free trial (no payment). */
export async function startTrial(
  engine: RecordEngine,
  organizationId: string,
  planCode: unknown,
  interval: unknown,
  now: Date,
): Promise<void> {
  const { plan } = choosePlan(engine, planCode, interval);
  const org = organizationRow(engine.stmts, organizationId);
  const hadTrial = Boolean(org?.trialEndsAt);
  const data: Record<string, unknown> = { plan: plan.id, billingInterval: interval, cancelAtPeriodEnd: false };
  if (org?.subscriptionStatus === 'trialing' || org?.subscriptionStatus === 'active') {
    // A plan change keeps the running trial or period.
  } else if (!hadTrial) {
    const ends = new Date(now.getTime() + Number(plan.trialDays ?? 14) * 86400000);
    Object.assign(data, { subscriptionStatus: 'trialing', trialEndsAt: formatDateTime(ends), currentPeriodEnd: formatDateTime(ends) });
  } else {
    throw new ApiError(400, 'Your free trial has ended. Please contact us to continue.');
  }
  await engine.update(engine.collection('organizations'), organizationId, { data, files: {}, fromForm: false }, engine.systemRequest());
}

/**
 * Expired trials become past_due (staff keep reading; the plan page offers the way back);
 * `localOnly` leaves the trials of Stripe subscriptions to Stripe.
 */
export async function expireTrials(engine: RecordEngine, now: Date, localOnly = false): Promise<number> {
  const expired = expiredTrialIds(engine.stmts, formatDateTime(now), localOnly);
  for (const id of expired) {
    await engine.update(
      engine.collection('organizations'),
      id,
      { data: { subscriptionStatus: 'past_due' }, files: {}, fromForm: false },
      engine.systemRequest(),
    );
  }
  return expired.length;
}

/** Off mode: the organization is active (a no-op when it already is). */
export async function activate(engine: RecordEngine, organizationId: string): Promise<void> {
  if (organizationRow(engine.stmts, organizationId)?.subscriptionStatus === 'active') return;
  await engine.update(
    engine.collection('organizations'),
    organizationId,
    { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
    engine.systemRequest(),
  );
}

/** Cancel at period end, or resume before it ends. */
export async function setCancelAtPeriodEnd(engine: RecordEngine, organizationId: string, cancel: boolean): Promise<void> {
  await engine.update(
    engine.collection('organizations'),
    organizationId,
    { data: { cancelAtPeriodEnd: cancel }, files: {}, fromForm: false },
    engine.systemRequest(),
  );
}
