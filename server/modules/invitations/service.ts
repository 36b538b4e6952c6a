import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { formatDateTime } from '../../core/datetime.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import { FixedWindowLimiter } from '../../core/auth/rate-limit.ts';
import type { AuthState } from '../../core/request-info.ts';
import { MEMBER_ROLES, type MemberRole } from '../../../shared/constants.ts';
import { isMemberEmail, membersOf, organizationRow, roleOf } from '../organizations/queries.ts';
import { accountLanguage, emailHasAccount } from '../users/queries.ts';
import { emailLanguage } from '../../mail/i18n.ts';
import { countMenus } from '../menus/queries.ts';
import { countTags } from '../tags/queries.ts';
import { countUploads } from '../uploads/queries.ts';
import { countVenues, venueInOrganization } from '../venues/queries.ts';
import { requireAccount, requireManager, requireMember } from '../tenancy.ts';
import { requireEntitlement } from '../entitlements.ts';
import { roleNeedsTeamRoles } from '../../../shared/plan-features.ts';
import { invitationEmail, invitationToAccountEmail } from './emails.ts';
import { isOpenInvitation, openInvitationIdFor, validInvitationByToken, validInvitationsOf, type TokenInvitation } from './queries.ts';

/** How long an emailed invitation link stays valid. */
export const INVITATION_DAYS = 7;

import type { AcceptedInvitation, InviteResult, Member, PendingInvitation } from '../../../shared/api.ts';

export type { AcceptedInvitation, InviteResult, Member, PendingInvitation };

type Log = (obj: Record<string, unknown>, msg: string) => void;

const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';
const ROLE_ORDER: Record<string, number> = { owner: 0, admin: 1, editor: 2, staff: 3 };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const MEMBERS_ONLY = 'Only members of this organization can see its members.';
const MANAGERS_ONLY = 'Only owners and admins can manage members.';

/** The members of an organization with their names and emails (which the users rule hides from each other). */
export function listMembers(ctx: AppContext, auth: AuthState | null, organizationId: string): Member[] {
  requireMember(ctx, auth, organizationId, MEMBERS_ONLY);
  return membersOf(ctx.stmts, organizationId).sort(
    (a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9) || (a.name || a.email).localeCompare(b.name || b.email),
  );
}

/** Open invitations (not accepted, not expired) of an organization, for its members. */
export function listInvitations(ctx: AppContext, auth: AuthState | null, organizationId: string): PendingInvitation[] {
  requireMember(ctx, auth, organizationId, MEMBERS_ONLY);
  return validInvitationsOf(ctx.stmts, organizationId, formatDateTime(ctx.config.now()));
}

const zInvite = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Must be a valid email address.')),
  role: z.enum(MEMBER_ROLES, 'Must be a valid value.'),
  /** Staff: the venues they will serve (ids of the organization's venues); other roles send none. */
  venues: z
    .array(z.string().regex(/^[a-z0-9]{15}$/, 'Must be a valid value.'), 'Must be a list of venues.')
    .max(200)
    .optional(),
});

function parseInvite(body: unknown): { email: string; role: MemberRole; venues: string[] } {
  const parsed = zInvite.safeParse(body ?? {});
  if (parsed.success) return { ...parsed.data, venues: [...new Set(parsed.data.venues ?? [])] };
  const data: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'email');
    // zod leaves `input` out of issues: whether the field was sent decides "required" vs "invalid".
    const sent = typeof body === 'object' && body !== null && (body as Record<string, unknown>)[key] !== undefined;
    const missing = issue.code === 'invalid_type' && !sent;
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
export async function inviteMember(
  ctx: AppContext,
  auth: AuthState | null,
  organizationId: string,
  body: unknown,
  log: Log,
): Promise<InviteResult> {
  const { user, role: callerRole } = requireManager(ctx, auth, organizationId, MANAGERS_ONLY);
  const { email, role, venues } = parseInvite(body);
  if (role === 'owner' && callerRole !== 'owner') throw new ApiError(403, 'Only owners can appoint owners.');
  // Staff serve the venues they are given (none: they see nothing until an owner assigns some);
  // every other role reaches all venues, so a list would mean nothing.
  if (role !== 'staff' && venues.length > 0)
    throw new ApiError(400, VALIDATION_FAILED, { venues: fieldError('validation_invalid_value', 'Only staff are assigned venues.') });
  if (venues.some((v) => !venueInOrganization(ctx.stmts, v, organizationId)))
    throw new ApiError(400, VALIDATION_FAILED, {
      venues: fieldError('validation_missing_rel_records', 'Assign venues of this organization only.'),
    });
  // The restricted editor role is the plan feature "Team roles"; owners and admins are in every plan.
  if (roleNeedsTeamRoles(role)) requireEntitlement(ctx, organizationId, 'teamRoles', 'role');
  const org = organizationRow(ctx.stmts, organizationId);
  if (!org) throw new ApiError(404);
  // Managers already see their members' emails (members list), so this tells them nothing new.
  if (isMemberEmail(ctx.stmts, organizationId, email)) {
    throw new ApiError(400, VALIDATION_FAILED, {
      email: fieldError('validation_already_member', 'This person is already a member of the organization.'),
    });
  }
  if (!inviteLimiter(ctx).hit(organizationId))
    throw new ApiError(429, 'This organization has sent too many invitations. Please try again in an hour.');
  const { engine, config } = ctx;
  const system = engine.systemRequest();
  const token = randomBytes(32).toString('base64url');
  const expires = formatDateTime(new Date(config.now().getTime() + INVITATION_DAYS * 86400000));
  const data = {
    organization: organizationId,
    email,
    role,
    venues,
    tokenHash: hashToken(token),
    invitedBy: String(user.row.id),
    expires,
    acceptedAt: '',
  };
  const invitations = engine.collection('invitations');
  // Inviting the same address again replaces the open invitation (new link, new role, new expiry).
  const open = openInvitationIdFor(ctx.stmts, organizationId, email);
  const record = open
    ? await engine.update(invitations, open, { data, files: {}, fromForm: false }, system)
    : await engine.create(invitations, { data, files: {}, fromForm: false }, system);
  // Only the mailbox's owner learns which way in fits them: the invite link opens the sign-up
  // page, and an account holder is sent to sign in first and comes back to accept.
  const inviteLink = `${config.appUrl}/sign-up?invite=${encodeURIComponent(token)}`;
  const hasAccount = emailHasAccount(ctx.stmts, email);
  const link = hasAccount ? `${config.appUrl}/login?redirect=${encodeURIComponent(`/sign-up?invite=${token}`)}` : inviteLink;
  const info = {
    organizationName: String(org.name),
    inviterName: String(user.row.name || user.row.email),
    role,
    link,
    days: INVITATION_DAYS,
  };
  const brand = { appName: config.appName, appUrl: config.appUrl };
  // The invitee's own language when their account has one; otherwise the inviter's, the best
  // guess for someone invited to the same team (a guess: the team may be multilingual).
  const lang = emailLanguage(accountLanguage(ctx.stmts, email) || user.row.language);
  let emailSent = true;
  try {
    await ctx.mailer.send({
      to: email,
      ...(hasAccount ? invitationToAccountEmail(brand, info, lang) : invitationEmail(brand, info, lang)),
    });
  } catch (err) {
    log({ err, organization: organizationId }, 'invitation email failed');
    emailSent = false;
  }
  return { status: 'invited', invitationId: String(record.id), email, expires, emailSent };
}

/** Owners and admins withdraw an open invitation. */
export async function revokeInvitation(
  ctx: AppContext,
  auth: AuthState | null,
  organizationId: string,
  invitationId: string,
): Promise<void> {
  requireManager(ctx, auth, organizationId, MANAGERS_ONLY);
  if (!isOpenInvitation(ctx.stmts, invitationId, organizationId)) throw new ApiError(404);
  await ctx.engine.delete(ctx.engine.collection('invitations'), invitationId, ctx.engine.systemRequest());
}

/** What the sign-up page may show for an invitation link (the token is the secret). */
export function lookupInvitation(
  ctx: AppContext,
  token: string,
): { email: string; organizationName: string; role: MemberRole; expires: string } {
  const { invitation, organizationName } = validInvitation(ctx, token);
  return { email: invitation.email, organizationName, role: invitation.role, expires: invitation.expires };
}

/** The valid invitation of a link and its organization's name (404 for anything else). */
function validInvitation(ctx: AppContext, token: string): { invitation: TokenInvitation; organizationName: string } {
  const invitation = validInvitationByToken(ctx.stmts, hashToken(token), formatDateTime(ctx.config.now()));
  const organization = invitation ? organizationRow(ctx.stmts, invitation.organization) : undefined;
  if (!invitation || !organization) throw new ApiError(404, 'This invitation is invalid or has expired.');
  return { invitation, organizationName: String(organization.name) };
}

/**
 * The organization sign-up made for this person, when it was never used: they are its only member,
 * never chose a plan, and it has no venue, menu, tag, upload or open invitation. Someone who signs
 * up through an invitation link gets one too (sign-up cannot know about the link); accepting the
 * invitation removes it, so their organization switcher does not carry an empty stranger.
 */
function unusedSignUpOrganization(ctx: AppContext, userId: string, current: string, joining: string): string | null {
  const { stmts } = ctx;
  if (!current || current === joining || roleOf(stmts, current, userId) !== 'owner') return null;
  const org = organizationRow(stmts, current);
  if (!org || String(org.subscriptionStatus || 'none') !== 'none') return null;
  const used =
    membersOf(stmts, current).length > 1 ||
    countVenues(stmts, current, '') > 0 ||
    countMenus(stmts, current, '') > 0 ||
    countTags(stmts, current) > 0 ||
    countUploads(stmts, current, '') > 0 ||
    validInvitationsOf(stmts, current, formatDateTime(ctx.config.now())).length > 0;
  return used ? null : current;
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
  const user = requireAccount(auth);
  const { invitation, organizationName } = validInvitation(ctx, token);
  if (invitation.email.toLowerCase() !== String(user.row.email ?? '').toLowerCase()) {
    throw new ApiError(403, 'This invitation is for another email address.');
  }
  const organizationId = invitation.organization;
  const role = invitation.role;
  // Venues deleted since the invitation was sent are dropped (the relation keeps stale ids).
  const venues = invitation.venues.filter((v) => venueInOrganization(ctx.stmts, v, organizationId));
  const { engine } = ctx;
  const system = engine.systemRequest();
  const userId = String(user.row.id);
  const input = (data: Record<string, unknown>) => ({ data, files: {}, fromForm: false });
  const writes = [
    await engine.prepareUpdate(
      engine.collection('invitations'),
      invitation.id,
      input({ acceptedAt: formatDateTime(ctx.config.now()) }),
      system,
    ),
    await engine.prepareUpdate(
      engine.collection('users'),
      userId,
      input({ currentOrganization: organizationId, onboardingComplete: true, verified: true }),
      system,
    ),
  ];
  // Already a member (added since the link was sent): keep their role, just use the link up.
  if (!roleOf(ctx.stmts, organizationId, userId)) {
    writes.unshift(
      await engine.prepareCreate(
        engine.collection('memberships'),
        input({ organization: organizationId, user: userId, role, venues }),
        system,
      ),
    );
  }
  const unused = unusedSignUpOrganization(ctx, userId, String(user.row.currentOrganization ?? ''), organizationId);
  if (unused) writes.push(engine.prepareDelete(engine.collection('organizations'), unused, system));
  await engine.execute(writes);
  return { organizationId, organizationName, role };
}
