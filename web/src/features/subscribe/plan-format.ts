import type { RecordModel } from 'pocketbase';
import { entitlementsOf, type Entitlement } from '../../../../shared/plan-features.ts';

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
  limits: { venues?: number; menus?: number; uploadsPerMonth?: number };
  /** Keys of shared/plan-features.ts `ENTITLEMENTS`: the pricing table renders them from that map. */
  entitlements: Entitlement[];
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
    limits: r.limits && typeof r.limits === 'object' ? (r.limits as Plan['limits']) : {},
    entitlements: entitlementsOf(r.entitlements),
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
