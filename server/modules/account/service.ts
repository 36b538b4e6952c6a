import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { randomString } from '../../../shared/ids.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import type { AuthState } from '../../core/request-info.ts';

/**
 * Ends every session of the caller: a new tokenKey (written through the record engine, so the
 * realtime hub drops the user's subscriptions too) invalidates every token signed with the old one.
 */
export async function signOutEverywhere(ctx: AppContext, auth: AuthState | null): Promise<void> {
  if (!auth || auth.collection.name !== 'users') throw new ApiError(401, 'The request requires valid record authorization token.');
  const users = ctx.engine.collection('users');
  await ctx.engine.update(users, String(auth.row.id), { data: { tokenKey: randomString(50) }, files: {}, fromForm: false }, ctx.engine.systemRequest());
}

/**
 * Deleting an account must not leave a team without an owner: the only owner of an organization
 * that has other members appoints another owner first. (Memberships go by cascade, which skips
 * the memberships' own last-owner check.)
 */
export function guardLastOwner(ctx: AppContext, hook: HookContext): void {
  if (hook.req.auth?.collection.name === '_superusers') return;
  const stranded = ctx.stmts.get(
    `SELECT o.name FROM memberships m JOIN organizations o ON o.id = m.organization
     WHERE m.user = ? AND m.role = 'owner'
       AND NOT EXISTS (SELECT 1 FROM memberships x WHERE x.organization = m.organization AND x.role = 'owner' AND x.user != m.user)
       AND EXISTS (SELECT 1 FROM memberships y WHERE y.organization = m.organization AND y.user != m.user)
     LIMIT 1`,
    [String(hook.row.id)],
  );
  if (stranded) {
    throw new ApiError(400, `You are the only owner of ${String(stranded.name)}. Appoint another owner before deleting your account.`);
  }
}
