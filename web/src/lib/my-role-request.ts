import type { MemberRole } from '../../../shared/constants.ts';
import { pb } from './pb.ts';
import { startEarlyFor } from './early-requests.ts';

/** The swr key of the signed-in user's role in an organization (writers of memberships refresh it). */
export const myRoleKey = (organizationId: string, userId: string) => ['my-role', organizationId, userId] as const;

export async function fetchRole(organizationId: string, userId: string): Promise<MemberRole | null> {
  const list = await pb.collection('memberships').getList(1, 1, {
    filter: pb.filter('user = {:user} && organization = {:org}', { user: userId, org: organizationId }),
    skipTotal: true,
  });
  return (list.items[0]?.role as MemberRole | undefined) ?? null;
}

/** Starts the role's request as the app starts (useMyRole takes it over as its first value). */
export function startRoleRequest(organizationId: string, userId: string): void {
  void startEarlyFor(myRoleKey(organizationId, userId), () => fetchRole(organizationId, userId));
}
