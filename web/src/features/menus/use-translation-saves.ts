import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { pb } from '../../lib/pb.ts';
import { describeError } from '../../lib/action-errors.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { readTranslations, type TranslatableCollection, type Translations } from '../../../../shared/translations.ts';
import type { RecordModel } from 'pocketbase';
import { toItem, toMenu, toSection, toTag, type Item, type Section } from './types.ts';
import { toOption, toOptionGroup } from './option-data.ts';
import { setCourseKeys, toSetCourse } from './use-set-courses.ts';
import type { MenuTexts, TranslationRow } from './translation-rows.ts';
import { nextTranslationsValue, type FieldWrite } from '../../lib/translation-write.ts';

/** A field of the view: a row in one target language (drafts and statuses are kept per field). */
export const fieldKey = (lang: string, rowId: string) => `${lang}/${rowId}`;

export type SaveStatus = { state: 'saving' } | { state: 'saved' } | { state: 'error'; message: string };

/** Where the view keeps each collection's records (venues are translated on the venue page). */
const COLLECTION_OF: Record<TranslatableCollection, keyof MenuTexts | null> = {
  menus: 'menu',
  sections: 'sections',
  items: 'items',
  tags: 'tags',
  venues: null,
  option_groups: 'optionGroups',
  // Options live inside their group (MenuTexts.optionGroups[].options).
  options: 'optionGroups',
  set_courses: 'courses',
};

const replaceById = <T extends { id: string }>(list: readonly T[], id: string, next: (old: T) => T): T[] =>
  list.map((r) => (r.id === id ? next(r) : r));

/** MenuTexts with one saved record replaced. */
export function withSaved(data: MenuTexts | undefined, collection: TranslatableCollection, saved: RecordModel): MenuTexts | undefined {
  if (!data) return data;
  switch (collection) {
    case 'menus':
      return { ...data, menu: toMenu(saved) };
    case 'sections':
      return { ...data, sections: replaceById(data.sections, saved.id, () => toSection(saved)) };
    case 'items':
      return { ...data, items: replaceById(data.items, saved.id, () => toItem(saved)) };
    case 'tags':
      return { ...data, tags: replaceById(data.tags, saved.id, () => toTag(saved)) };
    case 'option_groups':
      return { ...data, optionGroups: replaceById(data.optionGroups, saved.id, (g) => toOptionGroup(saved, g.options)) };
    case 'options': {
      const option = toOption(saved);
      return {
        ...data,
        optionGroups: replaceById(data.optionGroups, option.group, (g) => ({
          ...g,
          options: replaceById(g.options, option.id, () => option),
        })),
      };
    }
    case 'set_courses':
      return { ...data, courses: replaceById(data.courses, saved.id, () => toSetCourse(saved)) };
    default:
      return data;
  }
}

/**
 * The menu screens that show this record read other swr keys (the items list shows a "to translate"
 * badge): put the saved record there too, and let them revalidate when they are next shown.
 */
function refreshOtherScreens(
  mutate: ReturnType<typeof useSWRConfig>['mutate'],
  menu: { id: string; organization: string },
  collection: TranslatableCollection,
  saved: RecordModel,
): Promise<unknown> {
  if (collection === 'items') {
    const item = toItem(saved);
    return mutate(swrKeys.items(item.section), (list: Item[] | undefined) => list?.map((i) => (i.id === item.id ? item : i)));
  }
  if (collection === 'sections')
    return Promise.all([
      mutate(swrKeys.sections(menu.id), (list: Section[] | undefined) => list?.map((s) => (s.id === saved.id ? toSection(saved) : s))),
      mutate(swrKeys.section(saved.id)),
    ]);
  if (collection === 'menus') return mutate(swrKeys.menu(menu.id), toMenu(saved));
  // The group editor (the item editor's option groups) and the set editor read these.
  if (collection === 'option_groups' || collection === 'options') return mutate(swrKeys.optionGroups(menu.organization));
  if (collection === 'set_courses') return mutate(setCourseKeys.courses(String(saved.item)));
  return Promise.resolve();
}

/** The view's records of a collection (options inside their groups). */
function recordsOf(data: MenuTexts, collection: TranslatableCollection): readonly { id: string; translations: Translations }[] {
  const where = COLLECTION_OF[collection];
  if (collection === 'options') return data.optionGroups.flatMap((g) => g.options);
  if (where === 'menu') return [data.menu];
  return where ? data[where] : [];
}

/** A record's current translations in the view's data. */
function translationsOf(data: MenuTexts | undefined, collection: TranslatableCollection, id: string): Translations {
  return (data && recordsOf(data, collection).find((r) => r.id === id)?.translations) ?? {};
}

/**
 * The translation view's writes. Each save sends the record's whole `translations` field, built
 * from its latest known value, so writes to one record run one after another (a name and a
 * description saved in quick succession must not overwrite each other). Per row it tracks the
 * typed text (kept until saved, and kept when saving fails) and a save status.
 */
export function useTranslationSaves(menuId: string, data: MenuTexts | undefined) {
  const { mutate } = useSWRConfig();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Record<string, SaveStatus>>({});
  const dataRef = useRef(data);
  useEffect(() => {
    dataRef.current = data;
  }, [data]);
  /** Per record: the tail of its write queue, and its translations after the last write in that queue. */
  const queues = useRef(new Map<string, { tail: Promise<void>; pending: number; latest?: Translations }>());
  /** Per row: the write in flight (a blur right after Enter must not send it twice). */
  const inFlight = useRef(new Map<string, string>());

  const setRowStatus = (rowId: string, next: SaveStatus | null) =>
    setStatus((s) => {
      const copy = { ...s };
      if (next) copy[rowId] = next;
      else delete copy[rowId];
      return copy;
    });

  const save = useCallback(
    (row: TranslationRow, lang: string, write: FieldWrite): Promise<boolean> => {
      const field = fieldKey(lang, row.id);
      const signature = JSON.stringify(write);
      if (inFlight.current.get(field) === signature) return Promise.resolve(true);
      inFlight.current.set(field, signature);
      const recordKey = `${row.collection}:${row.recordId}`;
      const queue = queues.current.get(recordKey) ?? { tail: Promise.resolve(), pending: 0 };
      queues.current.set(recordKey, queue);
      queue.pending++;
      setRowStatus(field, { state: 'saving' });
      let ok = false;
      const job = queue.tail.then(async () => {
        const current = queue.latest ?? translationsOf(dataRef.current, row.collection, row.recordId);
        const next = nextTranslationsValue(current, lang, row.key, write);
        try {
          if (next) {
            const saved = await pb.collection(row.collection).update(row.recordId, { translations: next });
            await mutate(swrKeys.menuTexts(menuId), (d: MenuTexts | undefined) => withSaved(d, row.collection, saved), {
              revalidate: false,
            });
            if (dataRef.current) void refreshOtherScreens(mutate, dataRef.current.menu, row.collection, saved);
            queue.latest = readTranslations(saved.translations);
          }
          ok = true;
          setDrafts((d) => {
            if (!(field in d)) return d;
            const copy = { ...d };
            delete copy[field];
            return copy;
          });
          setRowStatus(field, { state: 'saved' });
        } catch (err) {
          setRowStatus(field, { state: 'error', message: describeError(err) });
        } finally {
          inFlight.current.delete(field);
          if (--queue.pending === 0) queues.current.delete(recordKey);
        }
      });
      queue.tail = job;
      return job.then(() => ok);
    },
    [menuId, mutate],
  );

  const setDraft = useCallback((field: string, text: string) => {
    setDrafts((d) => ({ ...d, [field]: text }));
  }, []);

  return { drafts, status, save, setDraft };
}
