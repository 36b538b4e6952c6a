import { ApiError, fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';

interface Limited { collection: string; limitKey: 'venues' | 'menus' | 'uploadsPerMonth'; noun: [string, string]; monthly?: boolean }

const LIMITED: Limited[] = [
  { collection: 'venues', limitKey: 'venues', noun: ['venue', 'venues'] },
  { collection: 'menus', limitKey: 'menus', noun: ['menu', 'menus'] },
  { collection: 'menu_uploads', limitKey: 'uploadsPerMonth', noun: ['PDF upload per month', 'PDF uploads per month'], monthly: true },
];

/** Plan limits, checked when a record is created: a clear 400 that names the limit and the plan. */
export function registerPlanLimits(engine: RecordEngine): void {
  const { stmts } = engine;
  for (const l of LIMITED) {
    engine.hooks.before(l.collection, 'create', (ctx: HookContext) => {
      const org = String(ctx.row.organization ?? '');
      const plan = stmts.get('SELECT p.name AS name, p.limits AS limits FROM organizations o JOIN plans p ON p.id = o.plan WHERE o.id = ?', [org]);
      if (!plan) return;
      let limits: Record<string, unknown> = {};
      try { limits = JSON.parse(String(plan.limits ?? '{}')) ?? {}; } catch { /* no limits */ }
      const limit = Number(limits[l.limitKey] ?? 0);
      if (!Number.isFinite(limit) || limit <= 0) return;
      const since = l.monthly ? `${new Date().toISOString().slice(0, 7)}-01 00:00:00.000Z` : '';
      const count = Number(stmts.get(`SELECT COUNT(*) AS c FROM "${l.collection}" WHERE organization = ? AND created >= ?`, [org, since])?.c ?? 0);
      if (count < limit) return;
      const message = `Your ${String(plan.name)} plan includes ${limit} ${limit === 1 ? l.noun[0] : l.noun[1]}. Upgrade your plan to add more.`;
      throw new ApiError(400, message, { organization: fieldError('plan_limit_reached', message, { limit, plan: String(plan.name) }) });
    });
  }
}
