import useSWR, { useSWRConfig } from 'swr';
import { ClientResponseError } from 'pocketbase';
import { availableAt, type SoldOutMark } from '../../../../shared/availability.ts';
import { isOnAt, weekMinuteIn } from '../../../../shared/schedule.ts';
import { pb } from '../../lib/pb.ts';
import { earlyOr } from '../../lib/early-requests.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import {
  loadMarks,
  loadMenus,
  loadVenues,
  MARK_COLLECTION,
  MARK_FIELDS,
  menusKey,
  serviceKeys,
  storedInstant,
  toMark,
  type MarkKind,
  type ServiceMenu,
  type ServiceVenue,
  type VenueMark,
} from './service-requests.ts';

export {
  serviceKeys,
  type MarkKind,
  type ServiceItem,
  type ServiceMenu,
  type ServiceOption,
  type ServiceSection,
  type ServiceVenue,
  type VenueMark,
} from './service-requests.ts';

/**
 * Service mode's data: the venue, what its guests see there now (its linked, published menus
 * whose schedule is on, in the venue's order, with sections and items in position order, as the
 * guest page shows them), the venue's own sold-out marks of items (venue_items) and of options
 * (venue_options), and the options of the items. Everything reads through the records API, whose
 * rules give floor staff their venues' menus only.
 */

/** The venues the user may serve (staff: those assigned to them; the team: all of the organization's). */
export function useServiceVenues(organizationId: string | undefined) {
  return useSWR(organizationId ? serviceKeys.venues(organizationId) : null, () =>
    earlyOr(serviceKeys.venues(String(organizationId)), () => loadVenues(String(organizationId))),
  );
}

/** The venue's marks of one kind, kept live: another phone's toggle shows at once. */
function useVenueMarks(kind: MarkKind, venueId: string | undefined) {
  const key = venueId ? serviceKeys.marks(kind, venueId) : null;
  const marks = useSWR(key, () => earlyOr(key ?? [], () => loadMarks(kind, String(venueId))));
  const { mutate } = useSWRConfig();
  useLiveRecords({
    collection: MARK_COLLECTION[kind],
    topic: venueId ? '*' : null,
    targets: key ? [key] : [],
    when: (e) => e.record.venue === venueId,
    // Apply the other phone's change at once; the refresh that follows confirms it.
    onEvent: (e) => {
      if (!key) return;
      void mutate(key, (list: VenueMark[] | undefined) => (list ? mergeMark(list, toMark(kind, e.record), e.action === 'delete') : list), {
        revalidate: false,
      });
    },
    fields: MARK_FIELDS[kind],
  });
  return marks;
}

/**
 * A venue's service data, kept live: the venue's own marks of items and options from realtime
 * events, and the menus refreshed when a section, item, option, menu or the venue changes.
 */
export function useServiceData(venue: ServiceVenue | undefined, organizationId: string | undefined) {
  const menus = useSWR(venue && organizationId ? menusKey(venue) : null, () =>
    earlyOr(menusKey(venue as ServiceVenue), () => loadMenus(venue as ServiceVenue, organizationId as string)),
  );
  const venueId = venue?.id;
  const marks = useVenueMarks('item', venueId);
  const optionMarks = useVenueMarks('option', venueId);
  const menuKeys = (key: unknown) => Array.isArray(key) && key[0] === 'service-menus' && key[1] === venueId;
  useLiveRecords({ collection: 'items', topic: venueId ? '*' : null, targets: [menuKeys], fields: 'id' });
  useLiveRecords({ collection: 'options', topic: venueId ? '*' : null, targets: [menuKeys], fields: 'id' });
  useLiveRecords({ collection: 'sections', topic: venueId ? '*' : null, targets: [menuKeys], fields: 'id' });
  // The venue's menus come expanded with the venues: a menu renamed, rescheduled or unpublished
  // reloads those (and, through the key, the sections and items).
  useLiveRecords({
    collection: 'menus',
    topic: venueId ? '*' : null,
    targets: organizationId ? [menuKeys, serviceKeys.venues(organizationId)] : [menuKeys],
    fields: 'id',
  });
  useLiveRecords({
    collection: 'venues',
    topic: venueId ?? null,
    targets: organizationId ? [serviceKeys.venues(organizationId)] : [],
    fields: 'id',
  });
  return { menus, marks, optionMarks };
}

/** The list with `mark` put in (or taken out). */
export function mergeMark(list: readonly VenueMark[], mark: VenueMark, removed = false): VenueMark[] {
  const rest = list.filter((m) => m.id !== mark.id && m.target !== mark.target);
  return removed ? rest : [...rest, mark];
}

/** The menus guests see at the venue at `now` (the guest page's rule: shared/schedule.ts). */
export function menusOnNow(menus: readonly ServiceMenu[], venue: ServiceVenue, now: Date): ServiceMenu[] {
  const at = weekMinuteIn(now, venue.timezone);
  return menus.filter((m) => isOnAt(m.schedule, at));
}

export type ItemState =
  /** Sold out for every venue (the item's own mark): only the team changes it, in the menu editor. */
  { kind: 'soldOutEverywhere'; until: string } | { kind: 'soldOut'; until: string } | { kind: 'available' };

/** How an item or option reads at this venue at `now`: its own mark first, then the venue's. */
export function itemState(item: SoldOutMark, mark: VenueMark | undefined, now: Date): ItemState {
  const at = storedInstant(now);
  if (!availableAt(item, at)) return { kind: 'soldOutEverywhere', until: item.soldOutUntil };
  if (mark && !availableAt(mark, at)) return { kind: 'soldOut', until: mark.soldOutUntil };
  return { kind: 'available' };
}

/** A write that did not reach the server (offline, connection dropped): refused, said so, never silently lost. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ClientResponseError ? err.status === 0 && !err.isAbort : err instanceof TypeError;
}

/**
 * Sets the venue's mark of an item or option: updates its row, or creates one (when another phone
 * created it meanwhile, the unique row is read and updated instead). Resolves with the saved row.
 */
export async function saveMark(
  kind: MarkKind,
  venueId: string,
  targetId: string,
  existing: VenueMark | undefined,
  mark: { available: boolean; soldOutUntil: Date | null },
): Promise<VenueMark> {
  const records = pb.collection(MARK_COLLECTION[kind]);
  const body = { available: mark.available, soldOutUntil: mark.soldOutUntil ? mark.soldOutUntil.toISOString() : '' };
  if (existing) return toMark(kind, await records.update(existing.id, body));
  try {
    return toMark(kind, await records.create({ venue: venueId, [kind]: targetId, ...body }));
  } catch (err) {
    if (!(err instanceof ClientResponseError) || err.status !== 400) throw err;
    const row = await records.getFirstListItem(pb.filter(`venue = {:v} && ${kind} = {:t}`, { v: venueId, t: targetId })).catch(() => null);
    if (!row) throw err;
    return toMark(kind, await records.update(row.id, body));
  }
}
