import useSWR from 'swr';
import { earlyOr } from '../../lib/early-requests.ts';
import { dashboardKeys, fetchCounts, fetchFirstWeek, fetchRecent, firstWeekKey } from './dashboard-requests.ts';

export type { DashboardCounts, FirstWeek, RecentEdit } from './dashboard-requests.ts';
export { dashboardKeys, firstWeekKey } from './dashboard-requests.ts';

export function useDashboardCounts(organizationId: string | undefined) {
  const key = organizationId ? dashboardKeys.counts(organizationId) : null;
  return useSWR(key, () => earlyOr(dashboardKeys.counts(String(organizationId)), () => fetchCounts(String(organizationId))));
}

/** The five most recently updated menus and items of the organization. */
export function useRecentEdits(organizationId: string | undefined) {
  const key = organizationId ? dashboardKeys.recent(organizationId) : null;
  return useSWR(key, () => earlyOr(dashboardKeys.recent(String(organizationId)), () => fetchRecent(String(organizationId))));
}

/**
 * Where the organization is in its first week: a published menu, a venue that shows a menu, and a
 * QR code downloaded (the server records the first one in `organizations.qrDownloadedAt`).
 * Revalidated on focus, so coming back from the venue page ticks the step.
 */
export function useFirstWeek(organizationId: string | undefined) {
  const key = organizationId ? firstWeekKey(organizationId) : null;
  return useSWR(key, () => earlyOr(firstWeekKey(String(organizationId)), () => fetchFirstWeek(String(organizationId))));
}
