import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { randomString } from '../../../shared/ids.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { isSuperuser, type AuthState } from '../../core/request-info.ts';
import { strandedOrganizationName } from '../organizations/queries.ts';
import { requireAccount } from '../tenancy.ts';

/**
 * Ends every session of the caller: a new tokenKey (written through the record engine, so the
 * realtime hub drops the user's subscriptions too) invalidates every token signed with the old one.
 */
export async function signOutEverywhere(ctx: AppContext, auth: AuthState | null): Promise<void> {
  const user = requireAccount(auth);
  const users = ctx.engine.collection('users');
  await ctx.engine.update(
    users,
    String(user.row.id),
    { data: { tokenKey: randomString(50) }, files: {}, fromForm: false },
    ctx.engine.systemRequest(),
  );
}

/**
 * Deleting an account must not leave a team without an owner: the only owner of an organization
 * that has other members appoints another owner first. (Memberships go by cascade, which skips
 * the memberships' own last-owner check.)
 */
export function guardLastOwner(ctx: AppContext, hook: HookContext): void {
  if (isSuperuser(hook.req)) return;
  const stranded = strandedOrganizationName(ctx.stmts, String(hook.row.id));
  if (stranded !== null) {
    throw new ApiError(400, `You are the only owner of ${stranded}. Appoint another owner before deleting your account.`);
  }
}
