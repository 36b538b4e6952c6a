import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import { randomString } from '../../../shared/ids.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { isSuperuser, type AuthState } from '../../core/request-info.ts';
import { strandedOrganizationIds, strandedOrganizationName, successorMembership } from '../organizations/queries.ts';
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
 * that has other members appoints another owner first. A superuser (the console) may delete the
 * account anyway: the next admin, or the longest-standing member, becomes the owner. (Memberships
 * go by cascade, which runs none of the memberships' own hooks.)
 */
export function guardLastOwner(ctx: AppContext, hook: HookContext): void {
  const userId = String(hook.row.id);
  if (isSuperuser(hook.req)) {
    for (const organization of strandedOrganizationIds(ctx.stmts, userId)) {
      const successor = successorMembership(ctx.stmts, organization, userId);
      if (successor) hook.tx.update('memberships', successor, { role: 'owner' });
    }
    return;
  }
  const stranded = strandedOrganizationName(ctx.stmts, userId);
  if (stranded !== null) {
    throw new ApiError(400, `You are the only owner of ${stranded}. Appoint another owner before deleting your account.`);
  }
}
