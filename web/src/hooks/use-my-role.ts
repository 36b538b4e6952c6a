import useSWR from 'swr';
import type { MemberRole } from '../../../shared/constants.ts';
import { earlyOr } from '../lib/early-requests.ts';
import { fetchRole, myRoleKey } from '../lib/my-role-request.ts';
import { useAuth } from './use-auth.ts';

export { myRoleKey } from '../lib/my-role-request.ts';

/**
 * The signed-in user's role in the current organization (`undefined` while loading). Owners and
 * admins manage settings; editors see them read-only; floor staff use their venues only.
 */
export function useMyRole(): { role: MemberRole | null | undefined; canManage: boolean; isOwner: boolean; loading: boolean } {
  const { record, organization } = useAuth();
  const key = record && organization ? myRoleKey(organization.id, record.id) : null;
  const { data, error } = useSWR(key, () =>
    earlyOr(myRoleKey(String(organization?.id), String(record?.id)), () => fetchRole(String(organization?.id), String(record?.id))),
  );
  return {
    role: data,
    canManage: data === 'owner' || data === 'admin',
    isOwner: data === 'owner',
    // Still asking the server (a failed request is not loading: the role stays unknown).
    loading: key !== null && data === undefined && !error,
  };
}
