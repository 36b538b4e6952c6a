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

const count = (n: number | undefined, one: string, many: string) => (!n ? `Unlimited ${many}` : `${n} ${n === 1 ? one : many}`);

/** The plan's limits in words; 0 or missing means unlimited. */
export function limitsText(limits: Plan['limits']): string[] {
  return [
    count(limits.venues, 'venue', 'venues'),
    count(limits.menus, 'menu', 'menus'),
    `${count(limits.uploadsPerMonth, 'PDF import', 'PDF imports')} / month`,
  ];
}
