import type { RecordModel } from 'pocketbase';
import type { MemberRole } from '../../../../shared/constants.ts';
import { pb } from '../../lib/pb.ts';

import type { InviteResult, Member, PendingInvitation } from '../../../../shared/api.ts';

export type { InviteResult, Member, PendingInvitation };

const base = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}`;

/**
 * The members with names and emails. Should the members endpoint be unavailable, the memberships
 * themselves are listed: the users rule shows only yourself, so others appear as "Member".
 */
export async function fetchMembers(organizationId: string): Promise<Member[]> {
  try {
    return await pb.send<Member[]>(`${base(organizationId)}/members`, { method: 'GET' });
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw err;
    const memberships = await pb
      .collection('memberships')
      .getFullList({ filter: pb.filter('organization = {:org}', { org: organizationId }), expand: 'user', sort: 'created' });
    return memberships.map((m) => {
      const user = (m.expand as { user?: RecordModel } | undefined)?.user;
      return {
        membershipId: m.id,
        userId: String(m.user),
        name: String(user?.name ?? ''),
        email: String(user?.email ?? ''),
        role: m.role as MemberRole,
        venues: Array.isArray(m.venues) ? (m.venues as string[]) : [],
      };
    });
  }
}

export function fetchInvitations(organizationId: string): Promise<PendingInvitation[]> {
  return pb.send<PendingInvitation[]>(`${base(organizationId)}/invitations`, { method: 'GET' });
}

export function inviteMember(organizationId: string, body: { email: string; role: MemberRole; venues?: string[] }): Promise<InviteResult> {
  return pb.send<InviteResult>(`${base(organizationId)}/invitations`, { method: 'POST', body });
}

/** The organization's venues (id and name), for assigning them to floor staff. */
export async function fetchVenueNames(organizationId: string): Promise<{ id: string; name: string }[]> {
  const venues = await pb
    .collection('venues')
    .getFullList({ filter: pb.filter('organization = {:org}', { org: organizationId }), fields: 'id,name', sort: 'name' });
  return venues.map((v) => ({ id: v.id, name: String(v.name) }));
}

export function revokeInvitation(organizationId: string, invitationId: string): Promise<void> {
  return pb.send(`${base(organizationId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });
}
