import type { Row, SqlStatements } from '../../db/sql.ts';
import type { MemberRole } from '../../../shared/constants.ts';

/**
 * The organizations module's SQL: `organizations` and `memberships` (with the member's name and
 * email from `users`). Other modules read these tables only through the functions here.
 */

/** The caller's role in an organization, or null when they are not a member. */
export function roleOf(stmts: SqlStatements, organizationId: string, userId: string): MemberRole | null {
  const row = stmts.get('SELECT role FROM memberships WHERE organization = ? AND user = ?', [organizationId, userId]);
  return row ? (String(row.role) as MemberRole) : null;
}

/** The whole stored row of an organization (hidden billing fields included), if it exists. */
export function organizationRow(stmts: SqlStatements, id: string): Row | undefined {
  return id ? stmts.get('SELECT * FROM organizations WHERE id = ?', [id]) : undefined;
}

export function organizationExists(stmts: SqlStatements, id: string): boolean {
  return Boolean(stmts.get('SELECT 1 FROM organizations WHERE id = ?', [id]));
}

export function organizationSlugTaken(stmts: SqlStatements, slug: string): boolean {
  return Boolean(stmts.get('SELECT 1 FROM organizations WHERE slug = ?', [slug]));
}

/** What records of an organization inherit: its currency, language, and whether it may publish. */
export interface OrganizationDefaults {
  currency: string;
  defaultLanguage: string;
  subscriptionStatus: string;
}

export function organizationDefaults(stmts: SqlStatements, id: string): OrganizationDefaults | undefined {
  const row = stmts.get('SELECT currency, defaultLanguage, subscriptionStatus FROM organizations WHERE id = ?', [id]);
  return row
    ? {
        currency: String(row.currency ?? ''),
        defaultLanguage: String(row.defaultLanguage ?? ''),
        subscriptionStatus: String(row.subscriptionStatus ?? ''),
      }
    : undefined;
}

/** What the grace rule of a lapse reads (shared/lapse.ts): status, when it lapsed, last update. */
export function lapseFieldsOf(
  stmts: SqlStatements,
  id: string,
): { subscriptionStatus: string; lapsedAt: string; updated: string } | undefined {
  const row = stmts.get('SELECT subscriptionStatus, lapsedAt, updated FROM organizations WHERE id = ?', [id]);
  return row
    ? { subscriptionStatus: String(row.subscriptionStatus ?? ''), lapsedAt: String(row.lapsedAt ?? ''), updated: String(row.updated ?? '') }
    : undefined;
}

/** Subscribed organizations (trialing or active) show guest pages and may write. */
export function isSubscribed(stmts: SqlStatements, id: string): boolean {
  return Boolean(stmts.get("SELECT 1 FROM organizations WHERE id = ? AND subscriptionStatus IN ('active', 'trialing')", [id]));
}

/** The oldest organization whose Stripe customer or subscription id is `value`. */
export function organizationByStripeId(
  stmts: SqlStatements,
  column: 'stripeCustomerId' | 'stripeSubscriptionId',
  value: string,
): Row | undefined {
  return value ? stmts.get(`SELECT * FROM organizations WHERE "${column}" = ? ORDER BY created LIMIT 1`, [value]) : undefined;
}

/** The plan id of an organization ('' without a plan). */
export function planOf(stmts: SqlStatements, id: string): string {
  return String(stmts.get('SELECT plan FROM organizations WHERE id = ?', [id])?.plan ?? '');
}

/**
 * Organizations whose trial ended before `now` (a formatted date-time) and are still trialing;
 * `localOnly`: only trials no Stripe subscription manages (Stripe ends its own through webhooks).
 */
export function expiredTrialIds(stmts: SqlStatements, now: string, localOnly = false): string[] {
  const local = localOnly ? " AND (stripeSubscriptionId IS NULL OR stripeSubscriptionId = '')" : '';
  return stmts
    .all(`SELECT id FROM organizations WHERE subscriptionStatus = 'trialing' AND trialEndsAt != '' AND trialEndsAt < ?${local}`, [now])
    .map((r) => String(r.id));
}

/** An organization's billing state as a billing email words it. */
export interface BillingNoticeOrg {
  id: string;
  name: string;
  subscriptionStatus: string;
  trialEndsAt: string;
  lapsedAt: string;
  stripeSubscriptionId: string;
}

const NOTICE_COLUMNS = 'id, name, subscriptionStatus, trialEndsAt, lapsedAt, stripeSubscriptionId';
const noticeOrg = (r: Row): BillingNoticeOrg => ({
  id: String(r.id),
  name: String(r.name ?? ''),
  subscriptionStatus: String(r.subscriptionStatus ?? ''),
  trialEndsAt: String(r.trialEndsAt ?? ''),
  lapsedAt: String(r.lapsedAt ?? ''),
  stripeSubscriptionId: String(r.stripeSubscriptionId ?? ''),
});

/** Trialing organizations whose trial ends after `from` and at or before `to` (formatted date-times). */
export function trialsEndingBetween(stmts: SqlStatements, from: string, to: string): BillingNoticeOrg[] {
  return stmts
    .all(`SELECT ${NOTICE_COLUMNS} FROM organizations WHERE subscriptionStatus = 'trialing' AND trialEndsAt > ? AND trialEndsAt <= ?`, [
      from,
      to,
    ])
    .map(noticeOrg);
}

/** Lapsed organizations (past_due, canceled, unpaid, incomplete) whose lapse began at or after `since`. */
export function lapsedSince(stmts: SqlStatements, since: string): BillingNoticeOrg[] {
  return stmts
    .all(
      `SELECT ${NOTICE_COLUMNS} FROM organizations WHERE subscriptionStatus IN ('past_due', 'canceled', 'unpaid', 'incomplete') AND lapsedAt >= ?`,
      [since],
    )
    .map(noticeOrg);
}

/** The email addresses of an organization's owners. */
/** The owners to email, each with the language of their account ('' when they chose none). */
export function ownerRecipients(stmts: SqlStatements, organizationId: string): { email: string; language: string }[] {
  return stmts
    .all(
      "SELECT u.email AS email, u.language AS language FROM memberships m JOIN users u ON u.id = m.user WHERE m.organization = ? AND m.role = 'owner'",
      [organizationId],
    )
    .map((r) => ({ email: String(r.email ?? ''), language: String(r.language ?? '') }))
    .filter((r) => r.email);
}

/** What a change of billing mode looks at: each organization's status, plan and Stripe subscription. */
export interface OrganizationBillingState {
  id: string;
  subscriptionStatus: string;
  plan: string;
  stripeSubscriptionId: string;
}

export function organizationBillingStates(stmts: SqlStatements): OrganizationBillingState[] {
  return stmts.all('SELECT id, subscriptionStatus, plan, stripeSubscriptionId FROM organizations ORDER BY created').map((r) => ({
    id: String(r.id),
    subscriptionStatus: String(r.subscriptionStatus ?? ''),
    plan: String(r.plan ?? ''),
    stripeSubscriptionId: String(r.stripeSubscriptionId ?? ''),
  }));
}

/** Owners of an organization other than the membership `excluding`. */
export function ownersLeft(stmts: SqlStatements, organizationId: string, excluding: string): number {
  return Number(
    stmts.get("SELECT COUNT(*) AS c FROM memberships WHERE organization = ? AND role = 'owner' AND id != ?", [organizationId, excluding])
      ?.c ?? 0,
  );
}

/**
 * The membership that becomes owner when the last owner (`leaving`, a user id) is removed by a
 * superuser: an admin first, then the longest-standing member; null when nobody else is left.
 */
export function successorMembership(stmts: SqlStatements, organizationId: string, leaving: string): string | null {
  const row = stmts.get(
    "SELECT id FROM memberships WHERE organization = ? AND user != ? ORDER BY CASE role WHEN 'admin' THEN 0 ELSE 1 END, created, id LIMIT 1",
    [organizationId, leaving],
  );
  return row ? String(row.id) : null;
}

/** The organizations the user is the only owner of while they have other members. */
export function strandedOrganizationIds(stmts: SqlStatements, userId: string): string[] {
  return stmts
    .all(
      `SELECT m.organization AS id FROM memberships m
       WHERE m.user = ? AND m.role = 'owner'
         AND NOT EXISTS (SELECT 1 FROM memberships x WHERE x.organization = m.organization AND x.role = 'owner' AND x.user != m.user)
         AND EXISTS (SELECT 1 FROM memberships y WHERE y.organization = m.organization AND y.user != m.user)`,
      [userId],
    )
    .map((r) => String(r.id));
}

/**
 * The name of an organization the user is the only owner of while it has other members (their
 * account cannot go before another owner is appointed), or null.
 */
export function strandedOrganizationName(stmts: SqlStatements, userId: string): string | null {
  const row = stmts.get(
    `SELECT o.name FROM memberships m JOIN organizations o ON o.id = m.organization
     WHERE m.user = ? AND m.role = 'owner'
       AND NOT EXISTS (SELECT 1 FROM memberships x WHERE x.organization = m.organization AND x.role = 'owner' AND x.user != m.user)
       AND EXISTS (SELECT 1 FROM memberships y WHERE y.organization = m.organization AND y.user != m.user)
     LIMIT 1`,
    [userId],
  );
  return row ? String(row.name) : null;
}

export interface MemberRow {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  venues: string[];
}

/** The members of an organization with their names and emails, unsorted. */
export function membersOf(stmts: SqlStatements, organizationId: string): MemberRow[] {
  return stmts
    .all(
      'SELECT m.id AS membershipId, u.id AS userId, u.name AS name, u.email AS email, m.role AS role, m.venues AS venues FROM memberships m JOIN users u ON u.id = m.user WHERE m.organization = ?',
      [organizationId],
    )
    .map((r) => ({
      membershipId: String(r.membershipId),
      userId: String(r.userId),
      name: String(r.name ?? ''),
      email: String(r.email ?? ''),
      role: String(r.role) as MemberRole,
      venues: JSON.parse(String(r.venues || '[]')) as string[],
    }));
}

/** Whether the account with this email (any case) is a member of the organization. */
export function isMemberEmail(stmts: SqlStatements, organizationId: string, email: string): boolean {
  return Boolean(
    stmts.get(
      `SELECT 1 AS x FROM memberships m JOIN users u ON u.id = m.user WHERE m.organization = ? AND ${stmts.dialect.nocase('u.email')} = ${stmts.dialect.nocase('?')}`,
      [organizationId, email],
    ),
  );
}
