import useSWR from 'swr';
import type PocketBase from 'pocketbase';
import { DEFAULT_PAGE_SIZE, FULL_LIST_BATCH } from '../../../../shared/constants.ts';
import { pb } from '../../lib/pb.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { browserTimeZone } from '../../../../shared/schedule.ts';
import { toItem, toMenu, toSection, toTag, toVenue, type Menu, type Section, type Venue } from './types.ts';
import type { MenuTexts } from './translation-rows.ts';
import { toOption, toOptionGroup } from './option-data.ts';
import { toSetCourse } from './use-set-courses.ts';

/** The swr reads of the menu screens (keys from `lib/swr-keys.ts`). */

export function useMenusPage(organizationId: string | undefined, page: number, search: string) {
  return useSWR(
    organizationId ? swrKeys.menus(organizationId, page, search) : null,
    async () => {
      const filter = search.trim()
        ? pb.filter('organization = {:org} && name ~ {:q}', { org: organizationId, q: search.trim() })
        : pb.filter('organization = {:org}', { org: organizationId });
      const list = await pb.collection('menus').getList(page, DEFAULT_PAGE_SIZE, { filter, sort: '-updated,-created' });
      return { ...list, items: list.items.map(toMenu) };
    },
    { keepPreviousData: true },
  );
}

/** All venues of the organization (which menus each shows, its time zone). */
export function useVenues(organizationId: string | undefined) {
  return useSWR(organizationId ? swrKeys.venues(organizationId) : null, async () => {
    const list = await pb.collection('venues').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter('organization = {:org}', { org: organizationId }),
      sort: 'name',
      fields: 'id,collectionId,collectionName,name,slug,timezone,currency,primaryColor,logo,menus',
    });
    return list.map(toVenue);
  });
}

export function useTags(organizationId: string | undefined) {
  return useSWR(organizationId ? swrKeys.tags(organizationId) : null, async () => {
    const list = await pb
      .collection('tags')
      .getFullList({ batch: FULL_LIST_BATCH, filter: pb.filter('organization = {:org}', { org: organizationId }), sort: 'name' });
    return list.map(toTag);
  });
}

export function useMenu(menuId: string | undefined) {
  return useSWR(menuId ? swrKeys.menu(menuId) : null, async () => toMenu(await pb.collection('menus').getOne(menuId as string)));
}

export function useSections(menuId: string | undefined) {
  return useSWR(menuId ? swrKeys.sections(menuId) : null, async () => {
    const list = await pb
      .collection('sections')
      .getFullList({ batch: FULL_LIST_BATCH, filter: pb.filter('menu = {:menu}', { menu: menuId }), sort: 'position,created' });
    return list.map(toSection);
  });
}

/** How many items each section of a menu has. */
export function useItemCounts(menuId: string | undefined) {
  return useSWR(menuId ? swrKeys.itemCounts(menuId) : null, async () => {
    const list = await pb
      .collection('items')
      .getFullList({ batch: FULL_LIST_BATCH, filter: pb.filter('section.menu = {:menu}', { menu: menuId }), fields: 'id,section' });
    const counts: Record<string, number> = {};
    for (const i of list) counts[String(i.section)] = (counts[String(i.section)] ?? 0) + 1;
    return counts;
  });
}

export interface SectionWithMenu {
  section: Section;
  menu: Menu;
}

export function useSection(sectionId: string | undefined) {
  return useSWR(sectionId ? swrKeys.section(sectionId) : null, async (): Promise<SectionWithMenu> => {
    const r = await pb.collection('sections').getOne(sectionId as string, { expand: 'menu' });
    const menu = (r.expand as { menu?: Parameters<typeof toMenu>[0] } | undefined)?.menu;
    return { section: toSection(r), menu: toMenu(menu ?? { id: String(r.menu), collectionId: '', collectionName: 'menus' }) };
  });
}

export function useItems(sectionId: string | undefined) {
  return useSWR(sectionId ? swrKeys.items(sectionId) : null, async () => {
    const list = await pb
      .collection('items')
      .getFullList({ batch: FULL_LIST_BATCH, filter: pb.filter('section = {:section}', { section: sectionId }), sort: 'position,created' });
    return list.map(toItem);
  });
}

/** The venues showing a menu, and the time zone its schedule is read in (first venue, else this browser's). */
export function venuesShowing(
  venues: readonly Venue[] | undefined,
  menuId: string,
): { venues: Venue[]; timeZone: string; zoneSource: string | null } {
  const showing = (venues ?? []).filter((v) => v.menus.includes(menuId));
  const first = showing.find((v) => v.timezone);
  return { venues: showing, timeZone: first?.timezone || browserTimeZone(), zoneSource: first ? first.name : null };
}

/** The organization's menus by name (id, name, status, languages): venue menu lists and texts, "append to menu …" on uploads. */
export function useMenuOptions(organizationId: string | undefined) {
  return useSWR(organizationId ? swrKeys.menuOptions(organizationId) : null, async () => {
    const list = await pb.collection('menus').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter('organization = {:org}', { org: organizationId }),
      sort: 'name',
      fields: 'id,collectionId,collectionName,name,status,languages',
    });
    return list.map(toMenu);
  });
}

/**
 * Everything the translation view shows: the menu, its sections and items, the organization's tags
 * and option groups (with their options), and the courses of the menu's items. `client` is the
 * app's SDK (`pb`); the parity test of the guest page passes its own.
 */
export async function fetchMenuTexts(client: PocketBase, menuId: string, organizationId: string): Promise<MenuTexts> {
  const byMenu = (field: string) => client.filter(`${field} = {:m}`, { m: menuId });
  const byOrg = (field: string) => client.filter(`${field} = {:org}`, { org: organizationId });
  const [menu, sections, items, tags, groups, options, courses] = await Promise.all([
    client.collection('menus').getOne(menuId),
    client.collection('sections').getFullList({ batch: FULL_LIST_BATCH, filter: byMenu('menu'), sort: 'position,created' }),
    client.collection('items').getFullList({ batch: FULL_LIST_BATCH, filter: byMenu('section.menu'), sort: 'position,created' }),
    client.collection('tags').getFullList({ batch: FULL_LIST_BATCH, filter: byOrg('organization'), sort: 'name' }),
    client.collection('option_groups').getFullList({ batch: FULL_LIST_BATCH, filter: byOrg('organization'), sort: 'name,created' }),
    client.collection('options').getFullList({ batch: FULL_LIST_BATCH, filter: byOrg('group.organization'), sort: 'position,created' }),
    client.collection('set_courses').getFullList({ batch: FULL_LIST_BATCH, filter: byMenu('item.section.menu'), sort: 'position,created' }),
  ]);
  const allOptions = options.map(toOption);
  return {
    menu: toMenu(menu),
    sections: sections.map(toSection),
    items: items.map(toItem),
    tags: tags.map(toTag),
    optionGroups: groups.map((g) => toOptionGroup(g, allOptions)),
    courses: courses.map(toSetCourse),
  };
}

export function useMenuTexts(menuId: string | undefined, organizationId: string | undefined) {
  return useSWR(menuId && organizationId ? swrKeys.menuTexts(menuId) : null, () =>
    fetchMenuTexts(pb, menuId as string, organizationId as string),
  );
}
