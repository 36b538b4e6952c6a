import useSWR from 'swr';
import type { MemberRole } from '../../../../shared/constants.ts';
import { pb } from '../../lib/pb.ts';
import { useAuth } from '../../hooks/use-auth.ts';

/** swr keys of the settings screens, shared by the readers and the writers that refresh them. */
export const settingsKeys = {
  myRole: (organizationId: string, userId: string) => ['my-role', organizationId, userId] as const,
  members: (organizationId: string) => ['members', organizationId] as const,
  invitations: (organizationId: string) => ['invitations', organizationId] as const,
  plans: () => ['plans'] as const,
};

/**
 * The signed-in user's role in the current organization (`undefined` while loading). Owners and
 * admins manage settings; editors see them read-only.
 */
export function useMyRole(): { role: MemberRole | null | undefined; canManage: boolean; isOwner: boolean } {
  const { record, organization } = useAuth();
  const { data } = useSWR(record && organization ? settingsKeys.myRole(organization.id, record.id) : null, async () => {
    const list = await pb.collection('memberships').getList(1, 1, {
      filter: pb.filter('user = {:user} && organization = {:org}', { user: record?.id, org: organization?.id }),
      skipTotal: true,
    });
    return (list.items[0]?.role as MemberRole | undefined) ?? null;
  });
  return { role: data, canManage: data === 'owner' || data === 'admin', isOwner: data === 'owner' };
}
