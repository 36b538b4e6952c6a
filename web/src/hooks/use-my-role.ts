import useSWR, { preload } from 'swr';
import type { MemberRole } from '../../../shared/constants.ts';
import { pb } from '../lib/pb.ts';
import { useAuth } from './use-auth.ts';

/** The swr key of the signed-in user's role in an organization (writers of memberships refresh it). */
export const myRoleKey = (organizationId: string, userId: string) => ['my-role', organizationId, userId] as const;

async function fetchRole(organizationId: string, userId: string): Promise<MemberRole | null> {
  const list = await pb.collection('memberships').getList(1, 1, {
    filter: pb.filter('user = {:user} && organization = {:org}', { user: userId, org: organizationId }),
    skipTotal: true,
  });
  return (list.items[0]?.role as MemberRole | undefined) ?? null;
}

/** Starts the role's request ahead of the page (useMyRole takes it over as its first value). */
export function preloadMyRole(organizationId: string, userId: string): Promise<MemberRole | null> {
  return preload(myRoleKey(organizationId, userId), () => fetchRole(organizationId, userId));
}

/**
 * The signed-in user's role in the current organization (`undefined` while loading). Owners and
 * admins manage settings; editors see them read-only; floor staff use their venues only.
 */
export function useMyRole(): { role: MemberRole | null | undefined; canManage: boolean; isOwner: boolean; loading: boolean } {
  const { record, organization } = useAuth();
  const key = record && organization ? myRoleKey(organization.id, record.id) : null;
  const { data, error } = useSWR(key, () => fetchRole(String(organization?.id), String(record?.id)));
  return {
    role: data,
    canManage: data === 'owner' || data === 'admin',
    isOwner: data === 'owner',
    // Still asking the server (a failed request is not loading: the role stays unknown).
    loading: key !== null && data === undefined && !error,
  };
}
