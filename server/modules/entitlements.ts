import { ApiError, fieldError } from '../core/errors.ts';
import type { SqlStatements } from '../db/sql.ts';
import type { BillingMode } from '../../shared/subscription.ts';
import { cheapestPlanWith, featureRequiredMessage, PLAN_FEATURE_REQUIRED, type Entitlement } from '../../shared/plan-features.ts';
import { activePlanOffers, planEntitlements } from './billing/queries.ts';
import { planOf } from './organizations/queries.ts';

/**
 * The plan kernel: whether an organization's plan includes a feature (shared/plan-features.ts),
 * the one check every module calls where it serves one (as tenancy.ts is for "who may act").
 * The plans are billing's data, read through billing/queries.ts.
 *
 * The rules follow the count limits (billing/limits.ts):
 * - BILLING=off (self-hosted): no plans, so everything is included;
 * - the organization's plan decides, whatever its status: a trial has its plan's features, and a
 *   lapsed organization (read-only for staff anyway) keeps seeing what it had;
 * - an organization without a plan, or with a plan that no longer exists, is not limited (as
 *   limits.ts: e.g. made active by a superuser, or by a change from BILLING=off).
 */
interface PlanCtx {
  stmts: SqlStatements;
  config: { billing: BillingMode };
}

export function hasEntitlement(ctx: PlanCtx, organizationId: string, feature: Entitlement): boolean {
  if (ctx.config.billing === 'off') return true;
  const plan = planEntitlements(ctx.stmts, planOf(ctx.stmts, organizationId));
  return !plan || plan.entitlements.includes(feature);
}

/**
 * A 403 in the contract's envelope unless the organization's plan includes the feature. The
 * message names the cheapest plan that does ("Scheduled menus are part of the Pro plan."); `data`
 * carries the stable code `plan_feature_required` under `field` (the refused input, or
 * `organization`) with `{feature, plan, planName}` so the staff app can say it in its language
 * and link to the upgrade.
 */
export function requireEntitlement(ctx: PlanCtx, organizationId: string, feature: Entitlement, field = 'organization'): void {
  if (hasEntitlement(ctx, organizationId, feature)) return;
  const plan = cheapestPlanWith(activePlanOffers(ctx.stmts), feature);
  const message = featureRequiredMessage(feature, plan?.name);
  throw new ApiError(403, message, {
    [field]: fieldError(PLAN_FEATURE_REQUIRED, message, { feature, plan: plan?.code ?? '', planName: plan?.name ?? '' }),
  });
}
