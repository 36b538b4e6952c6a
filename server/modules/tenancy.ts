import { ApiError } from '../core/errors.ts';
import { isSuperuser, type AuthState } from '../core/request-info.ts';
import type { SqlStatements } from '../db/sql.ts';
import type { MemberRole } from '../../shared/constants.ts';
import { roleOf } from './organizations/queries.ts';

/**
 * The tenancy kernel: the one "who may act for this organization" check of every module route
 * (the records API says the same in its rules, built by `rules.ts`). No module writes its own.
 *
 * The superuser rule: support may READ everything an owner may (members, invitations,
 * analytics), as the records API lets superusers read every record. Acting FOR an organization
 * (inviting, billing) needs a verified owner or admin account, because the action is made in a
 * member's name (the inviter named in the email, the Stripe customer's email); superusers change
 * such data through the records API instead.
 *
 * Non-members and unknown organizations get the same 403, so nothing leaks about either.
 */

export const UNAUTHORIZED = 'The request requires valid record authorization token.';
export const VERIFY_EMAIL_FIRST = 'Verify your email address first.';

/** Anything that can run a query: the app context or the record engine. */
type Db = { stmts: SqlStatements };

/** Whether an account has confirmed its email (SQLite stores the flag as 1). */
export function isVerified(auth: AuthState): boolean {
  return auth.row.verified === 1 || auth.row.verified === true;
}

/** A signed-in product user, verified or not (401 for guests, superusers and other auth collections). */
export function requireAccount(auth: AuthState | null): AuthState {
  if (!auth || auth.collection.name !== 'users') throw new ApiError(401, UNAUTHORIZED);
  return auth;
}

/** A verified product user (401 as `requireAccount`, 403 while the email is unconfirmed). */
export function requireUser(auth: AuthState | null): AuthState {
  const user = requireAccount(auth);
  if (!isVerified(user)) throw new ApiError(403, VERIFY_EMAIL_FIRST);
  return user;
}

/** Who passed `requireMember`: a member with their role, or a superuser (no membership). */
export type MemberAccess = { superuser: false; user: AuthState; role: MemberRole } | { superuser: true; user: null; role: null };

/**
 * Read access to an organization: a verified team member (floor staff are not: they use service
 * mode only, through the records API's rules), or a superuser. `denied` is the 403 message for
 * everyone else (the contract's default when omitted).
 */
export function requireMember(db: Db, auth: AuthState | null, organizationId: string, denied?: string): MemberAccess {
  if (auth && isSuperuser({ auth })) return { superuser: true, user: null, role: null };
  const user = requireUser(auth);
  const role = roleOf(db.stmts, organizationId, String(user.row.id));
  if (!role || role === 'staff') throw new ApiError(403, denied);
  return { superuser: false, user, role };
}

/** Acting for an organization: a verified owner or admin of it (superusers included in the 403, see above). */
export function requireManager(
  db: Db,
  auth: AuthState | null,
  organizationId: string,
  denied: string,
): { user: AuthState; role: 'owner' | 'admin' } {
  if (auth && isSuperuser({ auth })) throw new ApiError(403, denied);
  const user = requireUser(auth);
  const role = roleOf(db.stmts, organizationId, String(user.row.id));
  if (role !== 'owner' && role !== 'admin') throw new ApiError(403, denied);
  return { user, role };
}
