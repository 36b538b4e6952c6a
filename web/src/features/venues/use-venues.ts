import useSWR, { type SWRConfiguration } from 'swr';
import type { ListResult, RecordModel } from 'pocketbase';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/constants.ts';
import { pb } from '../../lib/pb.ts';

/** swr keys of the venue screens, shared by the readers and the writers that refresh them. */
export const venueKeys = {
  /** Every list page of an organization starts with these two parts (see `isVenueListKey`). */
  list: (organizationId: string, page: number, query: string) => ['venues', organizationId, page, query] as const,
  detail: (venueId: string) => ['venue', venueId] as const,
  /** The organization's menus, to add to a venue. */
};

/** Matches every cached list page (for `mutate(isVenueListKey)` after a create or delete). */
export const isVenueListKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'venues';

/** One page (30) of the organization's venues by name, optionally filtered by `name ~ query`. */
export function useVenueList(organizationId: string | undefined, page: number, query: string) {
  return useSWR<ListResult<RecordModel>>(
    organizationId ? venueKeys.list(organizationId, page, query) : null,
    () => {
      const filter = query
        ? pb.filter('organization = {:org} && name ~ {:q}', { org: organizationId, q: query })
        : pb.filter('organization = {:org}', { org: organizationId });
      return pb.collection('venues').getList(page, DEFAULT_PAGE_SIZE, { filter, sort: 'name,created' });
    },
    { keepPreviousData: true },
  );
}

export function useVenue(venueId: string, config?: SWRConfiguration<RecordModel>) {
  return useSWR<RecordModel>(venueKeys.detail(venueId), () => pb.collection('venues').getOne(venueId), config);
}

/** The logo's URL (a thumbnail unless `full`), or null without a logo. */
export function logoUrl(venue: RecordModel, thumb: '128x128' | '256x256' | null = '256x256'): string | null {
  const file = typeof venue.logo === 'string' ? venue.logo : '';
  if (!file) return null;
  return pb.files.getURL(venue, file, thumb ? { thumb } : undefined);
}

/** What the server accepts for a venue logo (see the venues collection). */
export const VENUE_LOGO = { types: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'], maxBytes: 2 * 1024 * 1024 } as const;
