import useSWR, { preload, useSWRConfig } from 'swr';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { FULL_LIST_BATCH } from '../../../../shared/constants.ts';
import { availableAt, type SoldOutMark } from '../../../../shared/availability.ts';
import { isOnAt, weekMinuteIn, type ScheduleWindow } from '../../../../shared/schedule.ts';
import type { OpeningHours } from '../../../../shared/opening-hours.ts';
import { pb } from '../../lib/pb.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';

/**
 * Service mode's data: the venue, what its guests see there now (its linked, published menus
 * whose schedule is on, in the venue's order, with sections and items in position order, as the
 * guest page shows them), the venue's own sold-out marks of items (venue_items) and of options
 * (venue_options), and the options of the items. Everything reads through the records API, whose
 * rules give floor staff their venues' menus only.
 */

export interface ServiceVenue {
  id: string;
  name: string;
  slug: string;
  timezone: string;
  menus: string[];
  openingHours: OpeningHours | null;
}

export interface ServiceOption {
  id: string;
  name: string;
  /** The option's own mark (every venue; options have no "until" of their own). */
  available: boolean;
  soldOutUntil: string;
}

export interface ServiceItem {
  id: string;
  name: string;
  description: string;
  /** The item's own mark (every venue): a venue can only add "sold out", never undo it. */
  available: boolean;
  soldOutUntil: string;
  options: ServiceOption[];
}

export interface ServiceSection {
  id: string;
  name: string;
  items: ServiceItem[];
}

export interface ServiceMenu {
  id: string;
  name: string;
  schedule: ScheduleWindow[];
  sections: ServiceSection[];
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** What a venue marks sold out for itself: a dish (venue_items) or an option (venue_options). */
export type MarkKind = 'item' | 'option';
const MARK_COLLECTION = { item: 'venue_items', option: 'venue_options' } as const;
const MARK_FIELDS = { item: 'id,venue,item,available,soldOutUntil', option: 'id,venue,option,available,soldOutUntil' } as const;

/**
 * The venue's own sold-out mark of an item or option (a venue_items or venue_options row; an
 * item's venue prices are the editor's business). `target`: the item's or option's id.
 */
export interface VenueMark {
  id: string;
  venue: string;
  target: string;
  available: boolean;
  soldOutUntil: string;
}

function toMark(kind: MarkKind, r: RecordModel): VenueMark {
  return { id: r.id, venue: text(r.venue), target: text(r[kind]), available: Boolean(r.available), soldOutUntil: text(r.soldOutUntil) };
}

/** An instant as the server stores dates (`YYYY-MM-DD HH:MM:SS.sssZ`), comparable with them. */
const storedInstant = (d: Date) => d.toISOString().replace('T', ' ');

export const serviceKeys = {
  venues: (organizationId: string) => ['service-venues', organizationId] as const,
  menus: (venueId: string) => ['service-menus', venueId] as const,
  /** The venue's marks of items or of options. */
  marks: (kind: MarkKind, venueId: string) => [kind === 'item' ? 'service-venue-items' : 'service-venue-options', venueId] as const,
};

function toVenue(r: RecordModel): ServiceVenue {
  const hours = r.openingHours as OpeningHours | null | undefined;
  return {
    id: r.id,
    name: text(r.name),
    slug: text(r.slug),
    timezone: text(r.timezone) || 'UTC',
    menus: Array.isArray(r.menus) ? (r.menus as string[]) : [],
    openingHours: hours && Array.isArray(hours.weekly) && Array.isArray(hours.exceptions) ? hours : null,
  };
}

/** The venues the user may serve (staff: those assigned to them; the team: all of the organization's). */
export function useServiceVenues(organizationId: string | undefined) {
  return useSWR(organizationId ? serviceKeys.venues(organizationId) : null, () => loadVenues(String(organizationId)));
}

async function loadVenues(organizationId: string): Promise<ServiceVenue[]> {
  const list = await pb.collection('venues').getFullList({
    batch: FULL_LIST_BATCH,
    sort: 'name',
    filter: pb.filter('organization = {:org}', { org: organizationId }),
    fields: 'id,name,slug,timezone,menus,openingHours',
  });
  return list.map(toVenue);
}

/** The swr key of a venue's menus (its linked menus in the key: relinking reloads them). */
const menusKey = (venue: ServiceVenue) => [...serviceKeys.menus(venue.id), venue.menus.join(',')] as const;

/** `field = a || field = b …` for a list of ids (the records API has no IN). */
const anyOf = (field: string, ids: readonly string[]) =>
  ids.length ? `(${ids.map((_, i) => `${field} = {:id${i}}`).join(' || ')})` : 'false';
const idParams = (ids: readonly string[]) => Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));

/** The venue's published linked menus with their sections, items and options (schedules are applied later, at `now`). */
async function loadMenus(venue: ServiceVenue, organizationId: string): Promise<ServiceMenu[]> {
  const ids = venue.menus;
  if (!ids.length) return [];
  const menus = await pb.collection('menus').getFullList({
    batch: FULL_LIST_BATCH,
    filter: pb.filter(`status = "published" && ${anyOf('id', ids)}`, idParams(ids)),
    fields: 'id,name,schedule',
  });
  const shown = ids.flatMap((id) => menus.filter((m) => m.id === id));
  if (!shown.length) return [];
  const menuIds = shown.map((m) => m.id);
  const [sections, items, options] = await Promise.all([
    pb.collection('sections').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter(anyOf('menu', menuIds), idParams(menuIds)),
      sort: 'position,created',
      fields: 'id,menu,name',
    }),
    pb.collection('items').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter(anyOf('section.menu', menuIds), idParams(menuIds)),
      sort: 'position,created',
      fields: 'id,section,name,description,available,soldOutUntil,optionGroups',
    }),
    pb.collection('options').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter('group.organization = {:org}', { org: organizationId }),
      sort: 'position,created',
      fields: 'id,group,name,available',
    }),
  ]);
  const optionsOf = (groups: unknown) =>
    (Array.isArray(groups) ? (groups as string[]) : []).flatMap((g) =>
      options
        .filter((o) => o.group === g)
        .map((o) => ({ id: o.id, name: text(o.name), available: Boolean(o.available), soldOutUntil: '' })),
    );
  return shown.map((m) => ({
    id: m.id,
    name: text(m.name),
    schedule: Array.isArray(m.schedule) ? (m.schedule as ScheduleWindow[]) : [],
    sections: sections
      .filter((s) => s.menu === m.id)
      .map((s) => ({
        id: s.id,
        name: text(s.name),
        items: items
          .filter((i) => i.section === s.id)
          .map((i) => ({
            id: i.id,
            name: text(i.name),
            description: text(i.description),
            available: Boolean(i.available),
            soldOutUntil: text(i.soldOutUntil),
            options: optionsOf(i.optionGroups),
          })),
      })),
  }));
}

async function loadMarks(kind: MarkKind, venueId: string): Promise<VenueMark[]> {
  const list = await pb.collection(MARK_COLLECTION[kind]).getFullList({
    batch: FULL_LIST_BATCH,
    filter: pb.filter('venue = {:v}', { v: venueId }),
    fields: MARK_FIELDS[kind],
  });
  return list.map((r) => toMark(kind, r));
}

/**
 * Starts service mode's requests as the app starts, with the stored session (the hooks take them
 * over as their first values: one request each): the venues, then the venue's menus, and the
 * venue's marks at once (its id is in the address). Failures are the hooks' to show.
 */
export function preloadService(organizationId: string, venueId: string | undefined): void {
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(
    preload(serviceKeys.venues(organizationId), () => loadVenues(organizationId)).then((venues) => {
      const venue = venues.find((v) => v.id === venueId);
      if (venue) quiet(preload(menusKey(venue), () => loadMenus(venue, organizationId)));
    }),
  );
  if (!venueId) return;
  for (const kind of ['item', 'option'] as const) quiet(preload(serviceKeys.marks(kind, venueId), () => loadMarks(kind, venueId)));
}

/** The venue's marks of one kind, kept live: another phone's toggle shows at once. */
function useVenueMarks(kind: MarkKind, venueId: string | undefined) {
  const key = venueId ? serviceKeys.marks(kind, venueId) : null;
  const marks = useSWR(key, () => loadMarks(kind, String(venueId)));
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
 * events, and the menus refreshed when an item, option, menu or the venue changes.
 */
export function useServiceData(venue: ServiceVenue | undefined, organizationId: string | undefined) {
  const menus = useSWR(venue && organizationId ? menusKey(venue) : null, () => loadMenus(venue as ServiceVenue, organizationId as string));
  const venueId = venue?.id;
  const marks = useVenueMarks('item', venueId);
  const optionMarks = useVenueMarks('option', venueId);
  const menuKeys = (key: unknown) => Array.isArray(key) && key[0] === 'service-menus' && key[1] === venueId;
  useLiveRecords({ collection: 'items', topic: venueId ? '*' : null, targets: [menuKeys], fields: 'id' });
  useLiveRecords({ collection: 'options', topic: venueId ? '*' : null, targets: [menuKeys], fields: 'id' });
  useLiveRecords({ collection: 'menus', topic: venueId ? '*' : null, targets: [menuKeys], fields: 'id' });
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
