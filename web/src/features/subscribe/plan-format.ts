import type { RecordModel } from 'pocketbase';

export type BillingInterval = 'month' | 'year';

/** A plan record of the `plans` collection, as the pricing table reads it. */
export interface Plan {
  id: string;
  code: string;
  name: string;
  description: string;
  priceMonthly: number;
  priceYearly: number;
  currency: string;
  features: string[];
  limits: { venues?: number; menus?: number; uploadsPerMonth?: number };
  trialDays: number;
  position: number;
}

export function toPlan(r: RecordModel): Plan {
  return {
    id: r.id,
    code: String(r.code ?? ''),
    name: String(r.name ?? ''),
    description: String(r.description ?? ''),
    priceMonthly: Number(r.priceMonthly ?? 0),
    priceYearly: Number(r.priceYearly ?? 0),
    currency: String(r.currency || 'EUR'),
    features: Array.isArray(r.features) ? r.features.map(String) : [],
    limits: r.limits && typeof r.limits === 'object' ? (r.limits as Plan['limits']) : {},
    trialDays: Number(r.trialDays ?? 0),
    position: Number(r.position ?? 0),
  };
}

/** Percent saved by paying yearly instead of twelve monthly payments (0 when none). */
export function yearlySavingsPercent(plan: Pick<Plan, 'priceMonthly' | 'priceYearly'>): number {
  const full = plan.priceMonthly * 12;
  if (full <= 0 || plan.priceYearly >= full) return 0;
  return Math.round((1 - plan.priceYearly / full) * 100);
}

export type LimitKind = 'venues' | 'menus' | 'imports';

/**
 * The plan's limits, for `subscribe:limits.<kind>` (with `count`) or `subscribe:limits.<kind>Unlimited`;
 * 0 or missing means unlimited (`count: null`).
 */
export function planLimits(limits: Plan['limits']): { kind: LimitKind; count: number | null }[] {
  const count = (n: number | undefined) => (n ? n : null);
  return [
    { kind: 'venues', count: count(limits.venues) },
    { kind: 'menus', count: count(limits.menus) },
    { kind: 'imports', count: count(limits.uploadsPerMonth) },
  ];
}
