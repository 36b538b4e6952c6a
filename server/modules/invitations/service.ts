import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { formatDateTime } from '../../core/datetime.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import { FixedWindowLimiter } from '../../core/auth/rate-limit.ts';
import type { AuthState } from '../../core/request-info.ts';
import { MEMBER_ROLES, type MemberRole } from '../../../shared/constants.ts';
import { invitationEmail, invitationToAccountEmail } from './emails.ts';

/** How long an emailed invitation link stays valid. */
export const INVITATION_DAYS = 7;

import type { AcceptedInvitation, InviteResult, Member, PendingInvitation } from '../../../shared/api.ts';

export type { AcceptedInvitation, InviteResult, Member, PendingInvitation };

type Log = (obj: Record<string, unknown>, msg: string) => void;

const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';
const ROLE_ORDER: Record<string, number> = { owner: 0, admin: 1, editor: 2 };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The caller as a verified product user (401 for guests and other collections, 403 unverified). */
export function requireUser(auth: AuthState | null): AuthState {
  if (!auth || auth.collection.name !== 'users') throw new ApiError(401, 'The request requires valid record authorization token.');
  if (auth.row.verified !== 1 && auth.row.verified !== true) throw new ApiError(403, 'Verify your email address first.');
  return auth;
}

/** The caller's role in an organization, or null when they are not a member. */
export function roleOf(ctx: AppContext, organizationId: string, userId: string): MemberRole | null {
  const row = ctx.stmts.get('SELECT role FROM memberships WHERE organization = ? AND user = ?', [organizationId, userId]);
  return row ? (String(row.role) as MemberRole) : null;
}

/** Members only: non-members (and unknown organizations) get the same 403, so nothing leaks. */
function requireMember(ctx: AppContext, auth: AuthState, organizationId: string): MemberRole {
  const role = roleOf(ctx, organizationId, String(auth.row.id));
  if (!role) throw new ApiError(403, 'Only members of this organization can see its members.');
  return role;
}

function requireManager(ctx: AppContext, auth: AuthState, organizationId: string): MemberRole {
  const role = roleOf(ctx, organizationId, String(auth.row.id));
  if (role !== 'owner' && role !== 'admin') throw new ApiError(403, 'Only owners and admins can manage members.');
  return role;
}

/** The members of an organization with their names and emails (which the users rule hides from each other). */
export function listMembers(ctx: AppContext, auth: AuthState | null, organizationId: string): Member[] {
  requireMember(ctx, requireUser(auth), organizationId);
  const rows = ctx.stmts.all(
    'SELECT m.id AS membershipId, u.id AS userId, u.name AS name, u.email AS email, m.role AS role FROM memberships m JOIN users u ON u.id = m.user WHERE m.organization = ?',
    [organizationId],
  );
  return rows
    .map((r) => ({ membershipId: String(r.membershipId), userId: String(r.userId), name: String(r.name ?? ''), email: String(r.email ?? ''), role: String(r.role) as MemberRole }))
    .sort((a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9) || (a.name || a.email).localeCompare(b.name || b.email));
}

/** Open invitations (not accepted, not expired) of an organization, for its members. */
export function listInvitations(ctx: AppContext, auth: AuthState | null, organizationId: string): PendingInvitation[] {
  requireMember(ctx, requireUser(auth), organizationId);
  return ctx.stmts.all(
    "SELECT id, email, role, expires, created FROM invitations WHERE organization = ? AND acceptedAt = '' AND expires > ? ORDER BY created DESC",
    [organizationId, formatDateTime(ctx.config.now())],
  ).map((r) => ({ id: String(r.id), email: String(r.email), role: String(r.role) as MemberRole, expires: String(r.expires), created: String(r.created) }));
}

const zInvite = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Must be a valid email address.')),
  role: z.enum(MEMBER_ROLES, 'Must be a valid value.'),
});

function parseInvite(body: unknown): { email: string; role: MemberRole } {
  const parsed = zInvite.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const data: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'email');
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    data[key] ??= fieldError(missing ? 'validation_required' : 'validation_invalid_value', missing ? 'Cannot be blank.' : issue.message);
  }
  throw new ApiError(400, VALIDATION_FAILED, data);
}

/**
 * Invitations one organization may send per hour: enough to bring a whole team in at once, too
 * few to use our mail server to put an organization's name in front of strangers in bulk.
 */
export const INVITATIONS_PER_HOUR = 30;
const inviteLimiters = new WeakMap<AppContext, FixedWindowLimiter>();

function inviteLimiter(ctx: AppContext): FixedWindowLimiter {
  let limiter = inviteLimiters.get(ctx);
  if (!limiter) {
    limiter = new FixedWindowLimiter(INVITATIONS_PER_HOUR, 3_600_000, () => ctx.config.now().getTime());
    inviteLimiters.set(ctx, limiter);
  }
  return limiter;
}

/**
 * Owners and admins invite by email (only owners appoint owners). Everyone, with an account or
 * not, gets an emailed link and becomes a member only by accepting it: adding a person needs
 * their consent, and the answer is the same either way, so inviting reveals neither whether an
 * address has an account nor anything about it. Someone with an account signs in to accept;
 * anyone else signs up with that address.
 */
export async function inviteMember(ctx: AppContext, auth: AuthState | null, organizationId: string, body: unknown, log: Log): Promise<InviteResult> {
  const user = requireUser(auth);
  const callerRole = requireManager(ctx, user, organizationId);
  const { email, role } = parseInvite(body);
  if (role === 'owner' && callerRole !== 'owner') throw new ApiError(403, 'Only owners can appoint owners.');
  const org = ctx.stmts.get('SELECT id, name FROM organizations WHERE id = ?', [organizationId]);
  if (!org) throw new ApiError(404);
  // Managers already see their members' emails (members list), so this tells them nothing new.
  const member = ctx.stmts.get('SELECT 1 AS x FROM memberships m JOIN users u ON u.id = m.user WHERE m.organization = ? AND u.email = ? COLLATE NOCASE', [organizationId, email]);
  if (member) {
    throw new ApiError(400, VALIDATION_FAILED, { email: fieldError('validation_already_member', 'This person is already a member of the organization.') });
  }
  if (!inviteLimiter(ctx).hit(organizationId)) throw new ApiError(429, 'This organization has sent too many invitations. Please try again in an hour.');
  const { engine, config } = ctx;
  const system = engine.systemRequest();
  const token = randomBytes(32).toString('base64url');
  const expires = formatDateTime(new Date(config.now().getTime() + INVITATION_DAYS * 86400000));
  const data = { organization: organizationId, email, role, tokenHash: hashToken(token), invitedBy: String(user.row.id), expires, acceptedAt: '' };
  const invitations = engine.collection('invitations');
  // Inviting the same address again replaces the open invitation (new link, new role, new expiry).
  const open = ctx.stmts.get("SELECT id FROM invitations WHERE organization = ? AND email = ? COLLATE NOCASE AND acceptedAt = ''", [organizationId, email]);
  const record = open
    ? await engine.update(invitations, String(open.id), { data, files: {}, fromForm: false }, system)
    : await engine.create(invitations, { data, files: {}, fromForm: false }, system);
  // Only the mailbox's owner learns which way in fits them: the invite link opens the sign-up
  // page, and an account holder is sent to sign in first and comes back to accept.
  const inviteLink = `${config.appUrl}/sign-up?invite=${encodeURIComponent(token)}`;
  const hasAccount = Boolean(ctx.stmts.get('SELECT 1 AS x FROM users WHERE email = ? COLLATE NOCASE', [email]));
  const link = hasAccount ? `${config.appUrl}/login?redirect=${encodeURIComponent(`/sign-up?invite=${token}`)}` : inviteLink;
  const info = { organizationName: String(org.name), inviterName: String(user.row.name || user.row.email), role, link, days: INVITATION_DAYS };
  const brand = { appName: config.appName, appUrl: config.appUrl };
  let emailSent = true;
  try {
    await ctx.mailer.send({ to: email, ...(hasAccount ? invitationToAccountEmail(brand, info) : invitationEmail(brand, info)) });
  } catch (err) {
    log({ err, organization: organizationId }, 'invitation email failed');
    emailSent = false;
  }
  return { status: 'invited', invitationId: String(record.id), email, expires, emailSent };
}

/** Owners and admins withdraw an open invitation. */
export async function revokeInvitation(ctx: AppContext, auth: AuthState | null, organizationId: string, invitationId: string): Promise<void> {
  requireManager(ctx, requireUser(auth), organizationId);
  const row = ctx.stmts.get("SELECT id FROM invitations WHERE id = ? AND organization = ? AND acceptedAt = ''", [invitationId, organizationId]);
  if (!row) throw new ApiError(404);
  await ctx.engine.delete(ctx.engine.collection('invitations'), invitationId, ctx.engine.systemRequest());
}

/** What the sign-up page may show for an invitation link (the token is the secret). */
export function lookupInvitation(ctx: AppContext, token: string): { email: string; organizationName: string; role: MemberRole; expires: string } {
  const row = ctx.stmts.get(
    "SELECT i.email, i.role, i.expires, o.name FROM invitations i JOIN organizations o ON o.id = i.organization WHERE i.tokenHash = ? AND i.acceptedAt = '' AND i.expires > ?",
    [hashToken(token), formatDateTime(ctx.config.now())],
  );
  if (!row) throw new ApiError(404, 'This invitation is invalid or has expired.');
  return { email: String(row.email), organizationName: String(row.name), role: String(row.role) as MemberRole, expires: String(row.expires) };
}

/**
 * The one way into an organization by invitation: a signed-in user accepts a link addressed to
 * their own email. They become a member with the invited role and switch to that organization
 * (already set up, so onboarding is done), in one transaction. Links for another address are
 * refused, as the invitation is for whoever owns that mailbox.
 *
 * Two proofs are needed, and only this request has both: the session proves the account (its
 * password or a code), and the token, which is only ever mailed to the invited address, proves
 * the mailbox. So an unverified account may accept, and becomes verified by it. Signing up,
 * confirming a verification link or signing in with a code never join by themselves: an address
 * registered by someone else and later verified by its real owner must not carry the
 * registrant into the organization (invite takeover).
 */
export async function acceptInvitation(ctx: AppContext, auth: AuthState | null, token: string): Promise<AcceptedInvitation> {
  if (!auth || auth.collection.name !== 'users') throw new ApiError(401, 'The request requires valid record authorization token.');
  const user = auth;
  const row = ctx.stmts.get(
    "SELECT i.id, i.email, i.role, i.organization, o.name FROM invitations i JOIN organizations o ON o.id = i.organization WHERE i.tokenHash = ? AND i.acceptedAt = '' AND i.expires > ?",
    [hashToken(token), formatDateTime(ctx.config.now())],
  );
  if (!row) throw new ApiError(404, 'This invitation is invalid or has expired.');
  if (String(row.email).toLowerCase() !== String(user.row.email ?? '').toLowerCase()) {
    throw new ApiError(403, 'This invitation is for another email address.');
  }
  const organizationId = String(row.organization);
  const role = String(row.role) as MemberRole;
  const { engine } = ctx;
  const system = engine.systemRequest();
  const userId = String(user.row.id);
  const input = (data: Record<string, unknown>) => ({ data, files: {}, fromForm: false });
  const writes = [
    await engine.prepareUpdate(engine.collection('invitations'), String(row.id), input({ acceptedAt: formatDateTime(ctx.config.now()) }), system),
    await engine.prepareUpdate(engine.collection('users'), userId, input({ currentOrganization: organizationId, onboardingComplete: true, verified: true }), system),
  ];
  // Already a member (added since the link was sent): keep their role, just use the link up.
  if (!roleOf(ctx, organizationId, userId)) {
    writes.unshift(await engine.prepareCreate(engine.collection('memberships'), input({ organization: organizationId, user: userId, role }), system));
  }
  await engine.execute(writes);
  return { organizationId, organizationName: String(row.name), role };
}
