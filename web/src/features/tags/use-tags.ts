import useSWR from 'swr';
import { pb } from '../../lib/pb.ts';

/** swr keys of the tag screens (the item editor's tag picker reads the same list). */
export const tagKeys = {
  list: (organizationId: string) => ['tags', organizationId] as const,
};

/** All tags of the organization, by name (tags are few: one full-list request in batches of 500). */
export function useTags(organizationId: string | undefined) {
  return useSWR(organizationId ? tagKeys.list(organizationId) : null, () =>
    pb
      .collection('tags')
      .getFullList({ filter: pb.filter('organization = {:org}', { org: organizationId }), sort: 'name,created', batch: 500 }),
  );
}
