import { subscriptionState } from './subscription.ts';

/**
 * The grace rule of a lapsed subscription, in one place for the guest page, the live updates and
 * the staff banner: a printed QR code keeps working for `graceDays` after the lapse, then guests
 * see a friendly "temporarily unavailable" page until the organization is subscribed again.
 */

/** Days guests keep the menu after a lapse, unless a superuser set `billing.lapseGraceDays`. */
export const DEFAULT_LAPSE_GRACE_DAYS = 14;
export const MAX_LAPSE_GRACE_DAYS = 365;

const DAY_MS = 86_400_000;

export type LapseState = 'serving' | 'unavailable';

export interface Lapse {
  state: LapseState;
  /** The moment guests stop seeing the menu. */
  graceEndsAt: Date;
  /** Whole days of grace left, rounded up (a lapse of an hour ago with 14 days of grace: 14); 0 once over. */
  daysLeft: number;
}

/** A stored date-time (`YYYY-MM-DD HH:MM:SS.sssZ`, or ISO 8601) as a Date; null when empty or not a date. */
export function parseStoredDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const d = new Date(value.trim().replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Where a lapse that began at `lapsedAt` stands at `now`, with `graceDays` of grace. */
export function lapseOf(lapsedAt: Date, graceDays: number, now: Date): Lapse {
  const days = Number.isFinite(graceDays) ? Math.min(Math.max(Math.floor(graceDays), 0), MAX_LAPSE_GRACE_DAYS) : DEFAULT_LAPSE_GRACE_DAYS;
  const graceEndsAt = new Date(lapsedAt.getTime() + days * DAY_MS);
  const left = graceEndsAt.getTime() - now.getTime();
  return { state: left > 0 ? 'serving' : 'unavailable', graceEndsAt, daysLeft: left > 0 ? Math.ceil(left / DAY_MS) : 0 };
}

/** The organization fields the rule reads (stored rows and API records alike). */
export interface LapseFields {
  subscriptionStatus?: unknown;
  lapsedAt?: unknown;
  /** The fallback start of a lapse recorded before `lapsedAt` existed. */
  updated?: unknown;
}

/**
 * The lapse of an organization, or null when it is not lapsed. A lapse without a (valid)
 * `lapsedAt` counts from the record's last update, and without that from `now`: a missing date
 * must never mean "grace over" at once.
 */
export function lapseOfOrganization(org: LapseFields, graceDays: number, now: Date): Lapse | null {
  if (subscriptionState(String(org.subscriptionStatus ?? '')) !== 'lapsed') return null;
  const since = parseStoredDate(org.lapsedAt) ?? parseStoredDate(org.updated) ?? now;
  return lapseOf(since, graceDays, now);
}

/**
 * What a guest who opens the organization's QR code gets:
 * - `open`: subscribed, the menu as usual;
 * - `grace`: lapsed, still within the grace period: the menu as usual;
 * - `unavailable`: lapsed beyond the grace period: the "temporarily unavailable" page (503);
 * - `closed`: never chose a plan. Such an organization could never publish (writes need a
 *   subscription), so no QR code of it can be in print: "not found", as before.
 */
export type GuestAccess = 'open' | 'grace' | 'unavailable' | 'closed';

export function guestAccess(org: LapseFields, graceDays: number, now: Date): GuestAccess {
  const state = subscriptionState(String(org.subscriptionStatus ?? ''));
  if (state === 'subscribed') return 'open';
  if (state === 'unchosen') return 'closed';
  return lapseOfOrganization(org, graceDays, now)?.state === 'serving' ? 'grace' : 'unavailable';
}

/** Whether guests see the menu (and its live updates). */
export const guestSeesMenu = (access: GuestAccess): boolean => access === 'open' || access === 'grace';
