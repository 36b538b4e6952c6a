import type { RecordModel } from 'pocketbase';
import { FULL_LIST_BATCH } from '../../../../shared/constants.ts';
import type { ScheduleWindow } from '../../../../shared/schedule.ts';
import type { OpeningHours } from '../../../../shared/opening-hours.ts';
import { pb } from '../../lib/pb.ts';

/**
 * Service mode's requests and the shapes they read. Everything reads through the records API,
 * whose rules give floor staff their venues' menus only.
 */

export interface ServiceVenue {
  id: string;
  name: string;
  slug: string;
  timezone: string;
  menus: string[];
  /** The published ones among the linked menus, in the venue's order (expanded with the venue). */
  shownMenus: { id: string; name: string; schedule: ScheduleWindow[] }[];
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

export const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** What a venue marks sold out for itself: a dish (venue_items) or an option (venue_options). */
export type MarkKind = 'item' | 'option';
export const MARK_COLLECTION = { item: 'venue_items', option: 'venue_options' } as const;
export const MARK_FIELDS = { item: 'id,venue,item,available,soldOutUntil', option: 'id,venue,option,available,soldOutUntil' } as const;

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

export function toMark(kind: MarkKind, r: RecordModel): VenueMark {
  return { id: r.id, venue: text(r.venue), target: text(r[kind]), available: Boolean(r.available), soldOutUntil: text(r.soldOutUntil) };
}

/** An instant as the server stores dates (`YYYY-MM-DD HH:MM:SS.sssZ`), comparable with them. */
export const storedInstant = (d: Date) => d.toISOString().replace('T', ' ');

export function toVenue(r: RecordModel): ServiceVenue {
  const hours = r.openingHours as OpeningHours | null | undefined;
  const menus = Array.isArray(r.menus) ? (r.menus as string[]) : [];
  const expanded = (r.expand as { menus?: RecordModel[] } | undefined)?.menus ?? [];
  return {
    id: r.id,
    name: text(r.name),
    slug: text(r.slug),
    timezone: text(r.timezone) || 'UTC',
    menus,
    shownMenus: menus.flatMap((id) =>
      expanded
        .filter((m) => m.id === id && m.status === 'published')
        .map((m) => ({ id: m.id, name: text(m.name), schedule: Array.isArray(m.schedule) ? (m.schedule as ScheduleWindow[]) : [] })),
    ),
    openingHours: hours && Array.isArray(hours.weekly) && Array.isArray(hours.exceptions) ? hours : null,
  };
}

export async function loadVenues(organizationId: string): Promise<ServiceVenue[]> {
  const list = await pb.collection('venues').getFullList({
    batch: FULL_LIST_BATCH,
    sort: 'name',
    filter: pb.filter('organization = {:org}', { org: organizationId }),
    // The linked menus come along: service mode then needs one more round trip, not two.
    expand: 'menus',
    fields: 'id,name,slug,timezone,menus,openingHours,expand.menus.id,expand.menus.name,expand.menus.schedule,expand.menus.status',
  });
  return list.map(toVenue);
}

/** What a venue's menus depend on (its shown menus): relinking, publishing or renaming one reloads them. */
export const menusVersion = (venue: ServiceVenue) => `${venue.id}:${JSON.stringify(venue.shownMenus)}`;

/** `field = a || field = b …` for a list of ids (the records API has no IN). */
const anyOf = (field: string, ids: readonly string[]) =>
  ids.length ? `(${ids.map((_, i) => `${field} = {:id${i}}`).join(' || ')})` : 'false';
const idParams = (ids: readonly string[]) => Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));

/** The venue's published linked menus with their sections, items and options (schedules are applied later, at `now`). */
export async function loadMenus(venue: ServiceVenue, organizationId: string): Promise<ServiceMenu[]> {
  const shown = venue.shownMenus;
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
    ...m,
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

export async function loadMarks(kind: MarkKind, venueId: string): Promise<VenueMark[]> {
  const list = await pb.collection(MARK_COLLECTION[kind]).getFullList({
    batch: FULL_LIST_BATCH,
    filter: pb.filter('venue = {:v}', { v: venueId }),
    fields: MARK_FIELDS[kind],
  });
  return list.map((r) => toMark(kind, r));
}
