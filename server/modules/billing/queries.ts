import type { Row, SqlStatements } from '../../db/sql.ts';
import { entitlementsOf, type Entitlement, type PlanOffer } from '../../../shared/plan-features.ts';

/** The billing module's SQL: `plans`, `billing_events` and `billing_notices`. */

export function planCount(stmts: SqlStatements): number {
  return Number(stmts.get('SELECT COUNT(*) AS c FROM plans')?.c ?? 0);
}

/** An active plan by its code (the whole stored row). */
export function activePlanByCode(stmts: SqlStatements, code: string): Row | undefined {
  return stmts.get('SELECT * FROM plans WHERE code = ? AND active = 1', [code]);
}

/** A plan's id and Stripe price ids by its code, active or not. */
export function planPricesByCode(stmts: SqlStatements, code: string): Row | undefined {
  return stmts.get('SELECT id, stripePriceMonthly, stripePriceYearly FROM plans WHERE code = ?', [code]);
}

/** The plan with a Stripe price (monthly or yearly). */
export function planByStripePrice(stmts: SqlStatements, priceId: string): Row | undefined {
  return stmts.get('SELECT id, stripePriceYearly FROM plans WHERE stripePriceMonthly = ? OR stripePriceYearly = ? LIMIT 1', [
    priceId,
    priceId,
  ]);
}

/** A plan's free trial days (undefined without such a plan). */
export function planTrialDays(stmts: SqlStatements, planId: string): number | undefined {
  const plan = planId ? stmts.get('SELECT trialDays FROM plans WHERE id = ?', [planId]) : undefined;
  return plan ? Number(plan.trialDays ?? 0) : undefined;
}

/** A plan's name and its limits (parsed; {} when unset or invalid). */
export function planLimits(stmts: SqlStatements, planId: string): { name: string; limits: Record<string, unknown> } | undefined {
  const plan = planId ? stmts.get('SELECT name, limits FROM plans WHERE id = ?', [planId]) : undefined;
  if (!plan) return undefined;
  let limits: Record<string, unknown> = {};
  try {
    limits = JSON.parse(String(plan.limits ?? '{}')) ?? {};
  } catch {
    /* no limits */
  }
  return { name: String(plan.name), limits };
}

/** A plan's name and the features it includes (unknown keys dropped), or undefined without such a plan. */
export function planEntitlements(stmts: SqlStatements, planId: string): { name: string; entitlements: Entitlement[] } | undefined {
  const plan = planId ? stmts.get('SELECT name, entitlements FROM plans WHERE id = ?', [planId]) : undefined;
  return plan ? { name: String(plan.name), entitlements: entitlementsOf(plan.entitlements) } : undefined;
}

/** The active plans as the pricing table offers them (for "part of the Pro plan"). */
export function activePlanOffers(stmts: SqlStatements): PlanOffer[] {
  return stmts.all('SELECT code, name, position, entitlements FROM plans WHERE active = 1').map((p) => ({
    code: String(p.code),
    name: String(p.name),
    position: Number(p.position ?? 0),
    entitlements: entitlementsOf(p.entitlements),
  }));
}

export function billingEventProcessed(stmts: SqlStatements, eventId: string): boolean {
  return Boolean(stmts.get('SELECT 1 FROM billing_events WHERE eventId = ?', [eventId]));
}

/** Deletes processed event ids created before `before` (a formatted date-time); the number deleted. */
export function pruneBillingEventsBefore(stmts: SqlStatements, before: string): number {
  return stmts.run('DELETE FROM billing_events WHERE created < ?', [before]).changes;
}

/** The id of the billing email of this kind already recorded for the organization and period, if any. */
export function billingNoticeId(stmts: SqlStatements, organization: string, kind: string, periodEnd: string): string | undefined {
  const row = stmts.get('SELECT id FROM billing_notices WHERE organization = ? AND kind = ? AND periodEnd = ?', [
    organization,
    kind,
    periodEnd,
  ]);
  return row ? String(row.id) : undefined;
}
