import type { RecordModel } from 'pocketbase';
import { pb } from '../../lib/pb.ts';

export const USERS_PER_PAGE = 20;

export async function loadUsers(page: number, search: string) {
  const q = search.trim();
  return pb.collection('users').getList(page, USERS_PER_PAGE, {
    filter: q ? pb.filter('(email ~ {:q} || name ~ {:q} || id = {:q})', { q }) : '',
    sort: '-created',
  });
}

export interface OwnedOrganization {
  org: RecordModel;
  /** Other members: the organization stays, without an owner. None: it goes, with its venues and menus. */
  otherMembers: number;
  venues: number;
  menus: number;
}

/** What deleting a user takes with it, computed before anyone confirms. */
export interface DeletionAccount {
  memberships: RecordModel[];
  /** Organizations where the user is the only owner. */
  soleOwned: OwnedOrganization[];
}

const count = async (collection: string, organization: string) =>
  (await pb.collection(collection).getList(1, 1, { filter: pb.filter('organization = {:organization}', { organization }), fields: 'id' }))
    .totalItems;

export async function deletionAccount(userId: string): Promise<DeletionAccount> {
  const memberships = await pb
    .collection('memberships')
    .getFullList({ filter: pb.filter('user = {:userId}', { userId }), expand: 'organization', sort: 'created' });
  const soleOwned: OwnedOrganization[] = [];
  for (const m of memberships.filter((x) => x.role === 'owner')) {
    const org = (m.expand as { organization?: RecordModel } | undefined)?.organization;
    if (!org) continue;
    const team = await pb
      .collection('memberships')
      .getFullList({ filter: pb.filter('organization = {:id}', { id: org.id }), fields: 'user,role' });
    if (team.some((x) => x.role === 'owner' && x.user !== userId)) continue;
    const [venues, menus] = await Promise.all([count('venues', org.id), count('menus', org.id)]);
    soleOwned.push({ org, otherMembers: team.filter((x) => x.user !== userId).length, venues, menus });
  }
  return { memberships, soleOwned };
}

/**
 * Deletes the user and, in the same transaction, the organizations nobody else is left in (their
 * venues and menus go by cascade). Organizations with other members stay, ownerless, for the
 * superuser to hand over.
 */
export async function deleteUser(userId: string, account: DeletionAccount): Promise<void> {
  const batch = pb.createBatch();
  for (const o of account.soleOwned) if (o.otherMembers === 0) batch.collection('organizations').delete(o.org.id);
  batch.collection('users').delete(userId);
  await batch.send();
}
