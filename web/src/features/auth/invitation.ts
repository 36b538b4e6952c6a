import { pb } from '../../lib/pb.ts';
import type { MemberRole } from '../../../../shared/constants.ts';
import type { AcceptedInvitation } from '../../../../shared/api.ts';

/** What an invitation link is for (`GET /api/invitations/:token`, public: the token is the secret). */
export interface Invitation {
  email: string;
  organizationName: string;
  role: MemberRole;
  expires: string;
}

export function fetchInvitation(token: string): Promise<Invitation> {
  return pb.send<Invitation>(`/api/invitations/${encodeURIComponent(token)}`, { method: 'GET' });
}

/** A signed-in user accepts a link addressed to their own email. */
export function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  return pb.send<AcceptedInvitation>(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' });
}

/** Whether a signed-in account is the one an invitation was sent to (emails compare case-insensitively). */
export function isInvitee(accountEmail: string, invitation: Invitation): boolean {
  return accountEmail.trim().toLowerCase() === invitation.email.trim().toLowerCase();
}
