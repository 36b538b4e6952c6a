import type { MemberRole } from './constants.ts';

/**
 * What a plan sells, in one place for the server (enforcement, seed) and the staff app (pricing
 * table, plan picker, upgrade notices): every line of a plan's column is either a COUNT LIMIT
 * (`plans.limits`, checked when a record is created: billing/limits.ts) or an ENTITLEMENT
 * (`plans.entitlements`, a feature key the server refuses without: modules/entitlements.ts).
 * Nothing else is listed per plan, so the table never promises what the server does not keep.
 * What every plan includes alike is said once under the table (`EVERY_PLAN`): no plan lacks it,
 * so there is nothing to enforce.
 */

/** Features a plan grants, stored as the JSON list `plans.entitlements`. */
export const ENTITLEMENTS = ['schedules', 'liveSoldOut', 'analytics', 'teamRoles'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

/** Count limits of `plans.limits` (0 or missing: unlimited). */
export const PLAN_LIMITS = ['venues', 'menus', 'uploadsPerMonth'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

export type PlanFeatureLine = { kind: 'limit'; key: PlanLimit } | { kind: 'entitlement'; key: Entitlement };

/** The lines of a plan's column in the pricing table, in order. */
export const PLAN_FEATURES: readonly PlanFeatureLine[] = [
  { kind: 'limit', key: 'venues' },
  { kind: 'limit', key: 'menus' },
  { kind: 'limit', key: 'uploadsPerMonth' },
  { kind: 'entitlement', key: 'schedules' },
  { kind: 'entitlement', key: 'liveSoldOut' },
  { kind: 'entitlement', key: 'analytics' },
  { kind: 'entitlement', key: 'teamRoles' },
];

/** Included in every plan (and without billing): said once under the pricing table, never per plan. */
export const EVERY_PLAN = ['qrCodes', 'allergens', 'translations'] as const;

/**
 * The pricing-table line of each entitlement in English: the server's 403 message names it
 * ("Scheduled menus are part of the Pro plan."); the staff app shows its own translation
 * (`subscribe:features.<key>`), keyed by the `feature` param of the error.
 */
export const ENTITLEMENT_NAMES: Record<Entitlement, string> = {
  schedules: 'Scheduled menus',
  liveSoldOut: 'Live sold-out updates',
  analytics: 'Guest analytics',
  teamRoles: 'Team roles',
};

/** The machine-readable code of the 403 a missing entitlement gets (a field error in `data`). */
export const PLAN_FEATURE_REQUIRED = 'plan_feature_required';

/**
 * Roles that need `teamRoles`: the restricted editor (menus only) and floor staff (service mode
 * of their venues only). Every plan may have owners
 * and admins (people who run the whole organization); telling some members "menus only" is the
 * sold feature.
 */
export function roleNeedsTeamRoles(role: MemberRole | string): boolean {
  return role === 'editor' || role === 'staff';
}

/** A plan's entitlements from its stored JSON (unknown keys and bad data dropped). */
export function entitlementsOf(value: unknown): Entitlement[] {
  let list = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? ENTITLEMENTS.filter((e) => list.includes(e)) : [];
}

export interface PlanOffer {
  code: string;
  name: string;
  position: number;
  entitlements: readonly string[];
}

/** The first plan of the pricing table (lowest position) that includes the feature, if any. */
export function cheapestPlanWith<T extends PlanOffer>(plans: readonly T[], feature: Entitlement): T | undefined {
  return [...plans].sort((a, b) => a.position - b.position).find((p) => p.entitlements.includes(feature));
}

/** The 403 message: "Scheduled menus are part of the Pro plan." (no plan has it: "… are not part of your plan."). */
export function featureRequiredMessage(feature: Entitlement, planName: string | undefined): string {
  const name = ENTITLEMENT_NAMES[feature];
  return planName ? `${name} are part of the ${planName} plan.` : `${name} are not part of your plan.`;
}

/** What the staff app needs of the 403: the feature and the plan that unlocks it (`params` of the field error). */
export interface FeatureRefusal {
  feature: Entitlement;
  plan: string;
  planName: string;
  message: string;
}

/** The feature refusal in an error envelope's `data` (any field), or null. */
export function featureRefusalOf(data: unknown): FeatureRefusal | null {
  if (!data || typeof data !== 'object') return null;
  for (const value of Object.values(data as Record<string, unknown>)) {
    const field = value as { code?: unknown; message?: unknown; params?: Record<string, unknown> } | null;
    if (field?.code !== PLAN_FEATURE_REQUIRED) continue;
    const feature = ENTITLEMENTS.find((e) => e === field.params?.feature);
    if (!feature) continue;
    return {
      feature,
      plan: String(field.params?.plan ?? ''),
      planName: String(field.params?.planName ?? ''),
      message: String(field.message ?? ''),
    };
  }
  return null;
}

/** One line of a plan's column: a count (null: unlimited) or whether the plan includes the feature. */
export type PlanColumnLine =
  { kind: 'limit'; key: PlanLimit; count: number | null } | { kind: 'entitlement'; key: Entitlement; included: boolean };

/**
 * A plan's column of the pricing table, from the map (and only from it): its limits (0 or missing
 * means unlimited) and, for every entitlement, whether it is included.
 */
export function planColumn(plan: { limits?: Partial<Record<string, unknown>> | null; entitlements?: unknown }): PlanColumnLine[] {
  const has = entitlementsOf(plan.entitlements);
  return PLAN_FEATURES.map((line) => {
    if (line.kind === 'entitlement') return { kind: 'entitlement', key: line.key, included: has.includes(line.key) };
    const n = Number(plan.limits?.[line.key] ?? 0);
    return { kind: 'limit', key: line.key, count: Number.isFinite(n) && n > 0 ? n : null };
  });
}
