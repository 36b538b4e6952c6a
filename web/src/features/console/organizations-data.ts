import type { RecordModel } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import { parseDate } from '../../lib/format.ts';

export const ORGS_PER_PAGE = 20;

export interface OrganizationRow {
  org: RecordModel;
  members: number;
  venues: number;
  menus: number;
  /** The latest change to the organization, its venues or its menus. */
  lastActivity: string;
}

/** `field = "a" || field = "b"` for the ids of one page (a page is at most 20 ids: the filter stays short). */
function anyOf(field: string, ids: readonly string[]): string {
  return ids.map((id, i) => pb.filter(`${field} = {:id${i}}`, { [`id${i}`]: id })).join(' || ');
}

function latest(...values: unknown[]): string {
  let best = '';
  let bestTime = 0;
  for (const v of values) {
    const t = parseDate(v)?.getTime() ?? 0;
    if (t > bestTime) {
      bestTime = t;
      best = String(v);
    }
  }
  return best;
}

/** The organizations filter of the console's search box and status picker. */
export function organizationsFilter(search: string, status: string): string {
  const parts: string[] = [];
  const q = search.trim();
  if (q) parts.push(pb.filter('(name ~ {:q} || slug ~ {:q} || id = {:q})', { q }));
  if (status) parts.push(pb.filter('subscriptionStatus = {:status}', { status }));
  return parts.join(' && ');
}

/** One page of organizations with their member, venue and menu counts (three requests for the whole page). */
export async function loadOrganizations(page: number, search: string, status: string) {
  const list = await pb.collection('organizations').getList(page, ORGS_PER_PAGE, {
    filter: organizationsFilter(search, status),
    sort: '-created',
    expand: 'plan',
  });
  const ids = list.items.map((o) => o.id);
  const related = (collection: string) =>
    ids.length
      ? pb.collection(collection).getFullList({ filter: anyOf('organization', ids), fields: 'organization,updated', batch: 500 })
      : Promise.resolve([] as RecordModel[]);
  const [members, venues, menus] = await Promise.all([related('memberships'), related('venues'), related('menus')]);
  const rows: OrganizationRow[] = list.items.map((org) => {
    const of = (records: RecordModel[]) => records.filter((r) => r.organization === org.id);
    const orgVenues = of(venues);
    const orgMenus = of(menus);
    return {
      org,
      members: of(members).length,
      venues: orgVenues.length,
      menus: orgMenus.length,
      lastActivity: latest(org.updated, ...orgVenues.map((v) => v.updated), ...orgMenus.map((m) => m.updated)),
    };
  });
  return { rows, page: list.page, totalPages: list.totalPages, totalItems: list.totalItems };
}

/** One organization with its members (and their users), venues and menu count. */
export async function loadOrganization(id: string) {
  const [org, members, venues, menus] = await Promise.all([
    pb.collection('organizations').getOne(id, { expand: 'plan' }),
    pb.collection('memberships').getFullList({ filter: pb.filter('organization = {:id}', { id }), expand: 'user', sort: 'created' }),
    pb
      .collection('venues')
      .getFullList({ filter: pb.filter('organization = {:id}', { id }), fields: 'id,name,slug,updated', sort: 'name' }),
    pb.collection('menus').getList(1, 1, { filter: pb.filter('organization = {:id}', { id }), fields: 'id' }),
  ]);
  return { org, members, venues, menuCount: menus.totalItems };
}

/** The new trial end after adding `days`: counted from the current end, or from today when it has passed. */
export function extendedTrialEnd(current: unknown, days: number, now = new Date()): Date {
  const end = parseDate(current);
  const from = end && end.getTime() > now.getTime() ? end : now;
  return new Date(from.getTime() + days * 86_400_000);
}
