import useSWR, { preload } from 'swr';
import { preloadMyRole } from '../../hooks/use-my-role.ts';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../lib/pb.ts';

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

async function fetchCounts(organizationId: string): Promise<DashboardCounts> {
  const org = pb.filter('organization = {:org}', { org: organizationId });
  const [venues, menus, items] = await Promise.all([
    total('venues', org),
    total('menus', org),
    total('items', pb.filter('section.menu.organization = {:org}', { org: organizationId })),
  ]);
  return { venues, menus, items };
}

export function useDashboardCounts(organizationId: string | undefined) {
  return useSWR(organizationId ? dashboardKeys.counts(organizationId) : null, () => fetchCounts(String(organizationId)));
}

/** The five most recently updated menus and items of the organization. */
export function useRecentEdits(organizationId: string | undefined) {
  return useSWR(organizationId ? dashboardKeys.recent(organizationId) : null, () => fetchRecent(String(organizationId)));
}

async function fetchRecent(organizationId: string): Promise<RecentEdit[]> {
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

/**
 * Where the organization is in its first week: a published menu, a venue that shows a menu, and a
 * QR code downloaded (the server records the first one in `organizations.qrDownloadedAt`).
 * Revalidated on focus, so coming back from the venue page ticks the step.
 */
export function useFirstWeek(organizationId: string | undefined) {
  return useSWR(organizationId ? firstWeekKey(organizationId) : null, () => fetchFirstWeek(String(organizationId)));
}

async function fetchFirstWeek(organizationId: string): Promise<FirstWeek> {
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
 * Starts the dashboard's requests as the app starts, with the stored session (the hooks above take
 * them over as their first values: one request each): the figures, the recent edits, the role and
 * the getting-started checklist's facts. Failures are the hooks' to show.
 */
export function preloadDashboard(organizationId: string, userId: string): void {
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(preload(dashboardKeys.counts(organizationId), () => fetchCounts(organizationId)));
  quiet(preload(dashboardKeys.recent(organizationId), () => fetchRecent(organizationId)));
  quiet(preloadMyRole(organizationId, userId));
  // The checklist's facts alongside the role, not after it: the checklist is the owner's first
  // screen, and on a slow network each round trip shows. Another role never reads them.
  quiet(preload(firstWeekKey(organizationId), () => fetchFirstWeek(organizationId)));
}
