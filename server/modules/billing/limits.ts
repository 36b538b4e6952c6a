import { ApiError, fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import type { SqlStatements } from '../../db/sql.ts';
import { countMenus } from '../menus/queries.ts';
import { planOf } from '../organizations/queries.ts';
import { countUploads } from '../uploads/queries.ts';
import { countVenues } from '../venues/queries.ts';
import { planLimits } from './queries.ts';

interface Limited {
  collection: string;
  limitKey: 'venues' | 'menus' | 'uploadsPerMonth';
  noun: [string, string];
  monthly?: boolean;
  /** Records of the organization created at or after `since` ('' for all), from the owning module. */
  count: (stmts: SqlStatements, organizationId: string, since: string) => number;
}

const LIMITED: Limited[] = [
  { collection: 'venues', limitKey: 'venues', noun: ['venue', 'venues'], count: countVenues },
  { collection: 'menus', limitKey: 'menus', noun: ['menu', 'menus'], count: countMenus },
  {
    collection: 'menu_uploads',
    limitKey: 'uploadsPerMonth',
    noun: ['PDF upload per month', 'PDF uploads per month'],
    monthly: true,
    count: countUploads,
  },
];

/** Plan limits, checked when a record is created: a clear 400 that names the limit and the plan. */
export function registerPlanLimits(engine: RecordEngine): void {
  const { stmts } = engine;
  for (const l of LIMITED) {
    engine.hooks.before(l.collection, 'create', (ctx: HookContext) => {
      const org = String(ctx.row.organization ?? '');
      const plan = planLimits(stmts, planOf(stmts, org));
      if (!plan) return;
      const limit = Number(plan.limits[l.limitKey] ?? 0);
      if (!Number.isFinite(limit) || limit <= 0) return;
      const since = l.monthly ? `${new Date().toISOString().slice(0, 7)}-01 00:00:00.000Z` : '';
      const count = l.count(stmts, org, since);
      if (count < limit) return;
      const message = `Your ${String(plan.name)} plan includes ${limit} ${limit === 1 ? l.noun[0] : l.noun[1]}. Upgrade your plan to add more.`;
      throw new ApiError(400, message, { organization: fieldError('plan_limit_reached', message, { limit, plan: String(plan.name) }) });
    });
  }
}
