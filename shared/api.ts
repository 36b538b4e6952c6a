import type { MemberRole } from './constants.ts';

/**
 * Response shapes of the product's custom routes (beyond the records API), shared by the server
 * that sends them and the web app that reads them.
 */

/** `GET /api/organizations/{id}/members`. */
export interface Member {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
}

/** `GET /api/organizations/{id}/invitations`. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
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
  venues: { venue: string; name: string; views: number; scans: number }[];
  tables: { tableNo: string; scans: number }[];
}
