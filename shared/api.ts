import type { MemberRole } from './constants.ts';
import type { MenuChange } from './menu-diff.ts';

/**
 * Response shapes of the product's custom routes (beyond the records API), shared by the server
 * that sends them and the web app that reads them.
 */

/** The machine translation services the server can use (`MachineTranslator` implementations). */
export type MachineTranslationProvider = 'deepl' | 'libretranslate';

/** `GET /api/app-config`: the instance's public settings (never a key or an internal URL). */
export interface PublicConfig {
  appName: string;
  posthog: { key: string; apiHost: string; uiHost: string } | null;
  billing: 'off' | 'trial' | 'stripe';
  /** The instance's public URL (APP_URL): guest links and QR codes are built on it. */
  appUrl?: string;
  /** Days guests keep a lapsed organization's menu (`billing.lapseGraceDays`, shared/lapse.ts). */
  lapseGraceDays?: number;
  /** The configured machine translation service; null: none, so the staff app offers no machine translation. */
  machineTranslation?: MachineTranslationProvider | null;
}

/** `GET /api/organizations/{id}/members`. */
export interface Member {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  /** Staff: the venues whose service mode they use (ids); empty for every other role. */
  venues: string[];
}

/** `GET /api/organizations/{id}/invitations`. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
  /** Staff invitations: the venues they will serve. */
  venues: string[];
  expires: string;
  created: string;
}

/**
 * `POST /api/organizations/{id}/invitations`: always an emailed invitation, whether or not the
 * address has an account (the answer must not tell); they become a member only by accepting.
 */
export interface InviteResult {
  status: 'invited';
  invitationId: string;
  email: string;
  expires: string;
  emailSent: boolean;
}

/** `POST /api/invitations/:token/accept`: the organization the signed-in user just joined. */
export interface AcceptedInvitation {
  organizationId: string;
  organizationName: string;
  role: MemberRole;
}

/** `GET /api/analytics/guests` (aggregates only, no guest identifiers). */
export interface GuestAnalytics {
  from: string;
  to: string;
  days: { day: string; views: number; scans: number }[];
  /** heatmap[weekday][hour] = page views in the venue's local time (weekday 0 = Sunday; every scan is also a view). */
  heatmap: number[][];
  topMenus: { menu: string; name: string; views: number }[];
  /**
   * The dishes whose details guests opened most (the item page or its overlay on the menu), with
   * their opens on each day of `days` (the sparkline).
   */
  topItems: { item: string; name: string; views: number; days: number[] }[];
  venues: { venue: string; name: string; views: number; scans: number }[];
  /** Scans per table of a venue (two venues' "5" are two rows), most first. */
  tables: { venue: string; name: string; tableNo: string; scans: number }[];
  /** Searches that found nothing: their folded words, only those seen at least SEARCH_MIN_COUNT times. */
  searches: { term: string; count: number }[];
  /** Filter boxes ticked (`diet:vegan`, `hide:milk`) and switches to a language (`de`), most first. */
  filters: { term: string; count: number }[];
  languages: { term: string; count: number }[];
}

/** A search without result is shown (and exported) once guests made it this many times in the window. */
export const SEARCH_MIN_COUNT = 2;

/**
 * Why a machine translation provider failed: `data.provider.code` of the error envelope (with
 * `data.provider.params.provider`, the provider's name), so the staff app can word it in the
 * user's language while the message stays the API's English.
 */
export const MACHINE_TRANSLATION_ERROR_REASONS = [
  'bad_key',
  'rate_limited',
  'quota_exceeded',
  'unreachable',
  'unsupported_language',
  'provider_error',
] as const;
export type MachineTranslationErrorReason = (typeof MACHINE_TRANSLATION_ERROR_REASONS)[number];

/**
 * `GET /api/uploads/:id/diff?menuId=`: what a ready upload would change in a menu of its
 * organization (shared/menu-diff.ts). `stamp` goes back with the accepted keys
 * (`POST /api/uploads/:id/import {mode: "diff", menuId, stamp, accept}`): a menu or draft that
 * changed in between is a 409.
 */
export interface UploadDiff {
  menu: { id: string; name: string };
  /** The menu was chosen by the server (an earlier upload of the same name was imported into it), not asked for. */
  suggested: boolean;
  stamp: string;
  changes: MenuChange[];
}

/** `POST /api/uploads/:id/import` with `mode: "diff"`: what was applied. */
export interface UploadDiffResult {
  menu: { id: string; name: string };
  applied: number;
}
