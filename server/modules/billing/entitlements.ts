import type { AppContext } from '../../context.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { roleNeedsTeamRoles } from '../../../shared/plan-features.ts';
import { requireEntitlement } from '../entitlements.ts';

/** The weekly windows of a stored or submitted schedule; anything else (null, '', bad JSON) has none. */
function windows(value: unknown): string {
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return Array.isArray(parsed) && parsed.length > 0 ? JSON.stringify(parsed) : '';
  } catch {
    return '';
  }
}

/**
 * The plan features guarded at the records API (the routes' features call `requireEntitlement`
 * themselves: invitations, analytics; the guest page reads `hasEntitlement`):
 *
 * - `schedules`: saving a menu with a non-empty schedule that differs from the stored one. Clearing
 *   a schedule, and every other edit of a menu that keeps a schedule set on a bigger plan, stays
 *   allowed (the data stays; the guest page ignores it while the plan lacks the feature).
 * - `teamRoles`: giving a member a role that needs it (the editor). Members who have it keep it
 *   after a downgrade: turning them into admins would give them more rights, not fewer.
 */
export function registerEntitlementHooks(ctx: AppContext): void {
  const { engine } = ctx;
  const schedule = (hook: HookContext) => {
    const next = windows(hook.row.schedule);
    if (!next || next === windows(hook.before?.schedule)) return;
    requireEntitlement(ctx, String(hook.row.organization ?? ''), 'schedules', 'schedule');
  };
  engine.hooks.before('menus', 'create', schedule);
  engine.hooks.before('menus', 'update', schedule);

  engine.hooks.before('memberships', 'update', (hook) => {
    const role = String(hook.row.role ?? '');
    if (role === String(hook.before?.role ?? '') || !roleNeedsTeamRoles(role)) return;
    requireEntitlement(ctx, String(hook.row.organization ?? ''), 'teamRoles', 'role');
  });
}
