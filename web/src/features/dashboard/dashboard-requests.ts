import type { RecordModel } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import { startEarlyFor } from '../../lib/early-requests.ts';
import { startRoleRequest } from '../../lib/my-role-request.ts';

/**
 * The dashboard's requests and the shapes they read, without hooks or swr: the app's entry imports
 * this to start them as the app starts (startDashboardRequests), before the dashboard's code has
 * arrived. The hooks (use-dashboard.ts) take them over.
 */

export interface DashboardCounts {
  venues: number;
  menus: number;
  items: number;
}

export interface RecentEdit {
  id: string;
  kind: 'menu' | 'item';
  name: string;
  /** Where an item lives ("Mains · Dinner menu"); '' for menus and for items without a section. */
  context: string;
  /** A menu's status (the screen words it in the user's language). */
  published?: boolean;
  updated: string;
  href: { menu: string } | { section: string };
}

/** A collection's total for a filter: one row fetched, the total counted by the server. */
async function total(collection: string, filter: string): Promise<number> {
  const page = await pb.collection(collection).getList(1, 1, { filter, skipTotal: false, fields: 'id' });
  return page.totalItems;
}

export const dashboardKeys = {
  counts: (organizationId: string) => ['dashboard-counts', organizationId] as const,
  recent: (organizationId: string) => ['dashboard-recent', organizationId] as const,
};

export async function fetchCounts(organizationId: string): Promise<DashboardCounts> {
  const org = pb.filter('organization = {:org}', { org: organizationId });
  const [venues, menus, items] = await Promise.all([
    total('venues', org),
    total('menus', org),
    total('items', pb.filter('section.menu.organization = {:org}', { org: organizationId })),
  ]);
  return { venues, menus, items };
}

export async function fetchRecent(organizationId: string): Promise<RecentEdit[]> {
  const [menus, items] = await Promise.all([
    pb.collection('menus').getList(1, 5, {
      filter: pb.filter('organization = {:org}', { org: organizationId }),
      sort: '-updated',
      skipTotal: true,
      fields: 'id,name,status,updated',
    }),
    pb.collection('items').getList(1, 5, {
      filter: pb.filter('section.menu.organization = {:org}', { org: organizationId }),
      sort: '-updated',
      skipTotal: true,
      expand: 'section.menu',
      fields: 'id,name,updated,section,expand.section.name,expand.section.expand.menu.name',
    }),
  ]);
  const edits: RecentEdit[] = [
    ...menus.items.map((m) => ({
      id: m.id,
      kind: 'menu' as const,
      name: String(m.name ?? ''),
      context: '',
      published: m.status === 'published',
      updated: String(m.updated),
      href: { menu: m.id },
    })),
    ...items.items.map((i) => {
      const section = (i.expand as { section?: RecordModel } | undefined)?.section;
      const menu = (section?.expand as { menu?: RecordModel } | undefined)?.menu;
      const context = [section?.name, menu?.name].filter(Boolean).join(' · ');
      return {
        id: i.id,
        kind: 'item' as const,
        name: String(i.name ?? ''),
        context,
        updated: String(i.updated),
        href: { section: String(i.section) },
      };
    }),
  ];
  return edits.sort((a, b) => b.updated.localeCompare(a.updated)).slice(0, 5);
}

/** The getting-started checklist's three facts, read from the organization's real state. */
export interface FirstWeek {
  published: boolean;
  linked: boolean;
  qrDownloaded: boolean;
  /** The organization's first venue (the link and QR steps open it), or null. */
  venueId: string | null;
}

export const firstWeekKey = (organizationId: string) => ['dashboard-first-week', organizationId] as const;

export async function fetchFirstWeek(organizationId: string): Promise<FirstWeek> {
  const org = pb.filter('organization = {:org}', { org: organizationId });
  const [published, linked, organization, venues] = await Promise.all([
    total('menus', `${org} && status = "published"`),
    total('venues', `${org} && menus:length > 0`),
    pb.collection('organizations').getOne(String(organizationId), { fields: 'qrDownloadedAt' }),
    pb.collection('venues').getList(1, 1, { filter: org, sort: 'created', skipTotal: true, fields: 'id' }),
  ]);
  return {
    published: published > 0,
    linked: linked > 0,
    qrDownloaded: Boolean(organization.qrDownloadedAt),
    venueId: venues.items[0]?.id ?? null,
  };
}

/**
 * Starts the dashboard's requests as the app starts, with the stored session, all at once: the
 * figures, the recent edits, the role and the getting-started checklist's facts (the checklist is
 * the owner's first screen; on a slow network each round trip shows; another role never reads
 * them). The hooks take each over as its first value; failures are theirs to show.
 */
export function startDashboardRequests(organizationId: string, userId: string): void {
  void startEarlyFor(dashboardKeys.counts(organizationId), () => fetchCounts(organizationId));
  void startEarlyFor(dashboardKeys.recent(organizationId), () => fetchRecent(organizationId));
  startRoleRequest(organizationId, userId);
  void startEarlyFor(firstWeekKey(organizationId), () => fetchFirstWeek(organizationId));
}
