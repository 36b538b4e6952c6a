import useSWR, { useSWRConfig } from 'swr';
import type { RecordModel } from 'pocketbase';
import { FULL_LIST_BATCH } from '../../../../shared/constants.ts';
import { itemKindOf } from '../../../../shared/set-menus.ts';
import { readTranslations, type Translations } from '../../../../shared/translations.ts';
import { pb } from '../../lib/pb.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import { savePositions } from './reorder.ts';

/** A course of a set menu as the editor shows it (shared/set-menus.ts). */
export interface SetCourse {
  id: string;
  item: string;
  name: string;
  description: string;
  choices: string[];
  position: number;
  translations: Translations;
}

/** A dish of the menu that a course can offer (sets are never choices), with its section's name. */
export interface DishOption {
  id: string;
  name: string;
  section: string;
  sectionName: string;
}

/** The swr keys of the set menu editor (refreshed by its writes and by realtime events). */
export const setCourseKeys = {
  courses: (itemId: string) => ['set-courses', itemId] as const,
  dishes: (menuId: string) => ['set-course-dishes', menuId] as const,
  sectionCourses: (sectionId: string) => ['set-courses-of-section', sectionId] as const,
};

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

export function toSetCourse(r: RecordModel): SetCourse {
  return {
    id: r.id,
    item: String(r.item ?? ''),
    name: String(r.name ?? ''),
    description: String(r.description ?? ''),
    choices: strings(r.choices),
    position: Number(r.position ?? 0),
    translations: readTranslations(r.translations),
  };
}

/** A set's courses in order; live: another member's edit of them shows here too. */
export function useSetCourses(itemId: string | null) {
  const key = itemId ? setCourseKeys.courses(itemId) : null;
  useLiveRecords({
    collection: 'set_courses',
    topic: itemId ? '*' : null,
    targets: key ? [key] : [],
    when: (e) => e.record.item === itemId,
  });
  return useSWR(key, async () => {
    const list = await pb.collection('set_courses').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter('item = {:item}', { item: itemId }),
      sort: 'position,created',
    });
    return list.map(toSetCourse);
  });
}

/** The courses of every set menu in a section (the items list's "to translate" badges count them); live. */
export function useSectionCourses(sectionId: string) {
  const key = setCourseKeys.sectionCourses(sectionId);
  useLiveRecords({ collection: 'set_courses', topic: '*', targets: [key] });
  return useSWR(key, async () => {
    const list = await pb.collection('set_courses').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter('item.section = {:section}', { section: sectionId }),
      sort: 'position,created',
    });
    return list.map(toSetCourse);
  });
}

/** The dishes of a menu a course can offer, in menu order (sections, then items). */
export function useMenuDishes(menuId: string) {
  return useSWR(setCourseKeys.dishes(menuId), async () => {
    const list = await pb.collection('items').getFullList({
      batch: FULL_LIST_BATCH,
      filter: pb.filter('section.menu = {:menu}', { menu: menuId }),
      sort: 'position,created',
      expand: 'section',
      fields: 'id,name,section,kind,expand.section.name,expand.section.position',
    });
    const sectionOf = (r: RecordModel) => (r.expand?.section ?? {}) as { name?: string; position?: number };
    return list
      .filter((r) => itemKindOf(r.kind) === 'dish')
      .sort((a, b) => Number(sectionOf(a).position ?? 0) - Number(sectionOf(b).position ?? 0))
      .map((r): DishOption => ({
        id: r.id,
        name: String(r.name ?? ''),
        section: String(r.section ?? ''),
        sectionName: String(sectionOf(r).name ?? ''),
      }));
  });
}

/**
 * The writes of the set menu editor: each one saves at once (courses are records of their own,
 * not part of the item form) and the list follows optimistically, rolled back when refused.
 */
export function useSetCourseWrites(itemId: string) {
  const { mutate } = useSWRConfig();
  const key = setCourseKeys.courses(itemId);
  const write = async (next: (list: SetCourse[]) => SetCourse[], save: () => Promise<unknown>) => {
    await mutate<SetCourse[]>(
      key,
      async () => {
        await save();
        return undefined;
      },
      { optimisticData: (list) => next(list ?? []), rollbackOnError: true, populateCache: false, revalidate: true },
    );
  };
  return {
    add: (data: { name: string }) =>
      write(
        (list) => list,
        () => pb.collection('set_courses').create({ item: itemId, name: data.name }),
      ),
    update: (id: string, data: Partial<Pick<SetCourse, 'name' | 'description' | 'choices'>>) =>
      write(
        (list) => list.map((c) => (c.id === id ? { ...c, ...data } : c)),
        () => pb.collection('set_courses').update(id, data),
      ),
    remove: (id: string) =>
      write(
        (list) => list.filter((c) => c.id !== id),
        () => pb.collection('set_courses').delete(id),
      ),
    reorder: (ordered: SetCourse[]) =>
      write(
        () => ordered.map((c, position) => ({ ...c, position })),
        () => savePositions('set_courses', ordered),
      ),
  };
}
