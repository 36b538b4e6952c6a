import {
  PORTION_KEY,
  priceLabelIndex,
  readTranslations,
  sourceTexts,
  translatableTexts,
  translationState,
  type TranslatableCollection,
  type TranslatableText,
  type TranslatedText,
  type TranslationState,
} from '../../../../shared/translations.ts';
import type { Item, Menu, Section, Tag } from './types.ts';
import type { OptionGroup } from './option-data.ts';
import type { SetCourse } from './use-set-courses.ts';

/**
 * The translation view's rows: every translatable text of a menu in reading order (the menu, then
 * section by section with its items, a set menu's courses in its item's block, then the option
 * groups and the tags its items use), each with its state in the target language. The states
 * themselves come from the kernel (shared/translations.ts). What is listed is what the guest page
 * counts when it decides which languages a menu is shown in (server/modules/guest-menu/load.ts
 * `menuTexts`), so 100 % here means guests see the language.
 */

export interface TranslationRow {
  /** Unique per text: `collection:recordId:key`. */
  id: string;
  collection: TranslatableCollection;
  recordId: string;
  key: string;
  /** The default-language text. */
  source: string;
  entry: TranslatedText | undefined;
  state: TranslationState;
  /** Descriptions get a textarea (Shift+Enter for a new line). */
  multiline: boolean;
  /** A course's or option's place in its set or group (1-based): its label says "Course 2", as several share a block. */
  n?: number;
}

export interface TranslationBlock {
  /** Anchor id in the page (`#item-<id>`), also the target of links from the item and section editors. */
  anchor: string;
  kind: 'menu' | 'section' | 'item' | 'group' | 'tags';
  /** The record's name in the default language (the block's heading). */
  title: string;
  rows: TranslationRow[];
}

export type TranslationFilter = 'all' | 'missing' | 'outdated' | 'machine';

export const rowId = (collection: TranslatableCollection, recordId: string, key: string) => `${collection}:${recordId}:${key}`;
export const blockAnchor = (kind: TranslationBlock['kind'], id = '') => (kind === 'tags' ? 'tags' : `${kind}-${id}`);

/** The menu's data the view works on. */
export interface MenuTexts {
  menu: Menu;
  sections: Section[];
  items: Item[];
  /** The organization's tags; only those the menu's items use are translated here. */
  tags: Tag[];
  /** The organization's option groups with their options; only those the menu's items use are translated here. */
  optionGroups: OptionGroup[];
  /** The courses of the menu's items; only those of set menus are shown to guests (and translated). */
  courses: SetCourse[];
}

type AnyRecord = Record<string, unknown> & { id: string };

function rowsOf(collection: TranslatableCollection, record: AnyRecord, lang: string, n?: number): TranslationRow[] {
  const translations = readTranslations(record.translations);
  return Object.entries(sourceTexts(collection, record)).map(([key, source]) => {
    const entry = translations[lang]?.[key];
    return {
      id: rowId(collection, record.id, key),
      collection,
      recordId: record.id,
      key,
      source,
      entry,
      state: translationState(entry, source),
      multiline: key === 'description' || key === 'address',
      ...(n === undefined ? {} : { n }),
    };
  });
}

/** The tags used by the menu's items, in the organization's order. */
export function usedTags(data: MenuTexts): Tag[] {
  const used = new Set(data.items.flatMap((i) => i.tags));
  return data.tags.filter((t) => used.has(t.id));
}

/** The option groups used by the menu's items, in the order guests first meet them (each once). */
export function usedOptionGroups(data: MenuTexts): OptionGroup[] {
  const byId = new Map(data.optionGroups.map((g) => [g.id, g]));
  const bySection = itemsBySection(data);
  const ids = new Set(
    [...data.sections]
      .sort((a, b) => a.position - b.position)
      .flatMap((s) => bySection.get(s.id) ?? [])
      .flatMap((i) => i.optionGroups),
  );
  return [...ids].map((id) => byId.get(id)).filter((g): g is OptionGroup => Boolean(g));
}

/** The courses of each set menu of the menu, in position order (a dish's leftover courses are not shown to guests). */
function coursesBySet(data: MenuTexts): Map<string, AnyRecord[]> {
  const sets = new Set(data.items.filter((i) => i.kind === 'set').map((i) => i.id));
  const out = new Map<string, AnyRecord[]>();
  for (const course of [...data.courses].sort((a, b) => a.position - b.position))
    if (sets.has(course.item)) out.set(course.item, [...(out.get(course.item) ?? []), { ...course }]);
  return out;
}

/** Items grouped under their sections, both in position order. */
function itemsBySection(data: MenuTexts): Map<string, Item[]> {
  const out = new Map<string, Item[]>();
  for (const item of [...data.items].sort((a, b) => a.position - b.position))
    out.set(item.section, [...(out.get(item.section) ?? []), item]);
  return out;
}

/** Every block of the view for `lang`, in reading order (empty blocks left out). */
export function translationBlocks(data: MenuTexts, lang: string): TranslationBlock[] {
  const blocks: TranslationBlock[] = [];
  const push = (block: TranslationBlock) => {
    if (block.rows.length) blocks.push(block);
  };
  push({ anchor: blockAnchor('menu', data.menu.id), kind: 'menu', title: data.menu.name, rows: rowsOf('menus', data.menu, lang) });
  const bySection = itemsBySection(data);
  const courses = coursesBySet(data);
  for (const section of [...data.sections].sort((a, b) => a.position - b.position)) {
    push({ anchor: blockAnchor('section', section.id), kind: 'section', title: section.name, rows: rowsOf('sections', section, lang) });
    for (const item of bySection.get(section.id) ?? [])
      push({
        anchor: blockAnchor('item', item.id),
        kind: 'item',
        title: item.name,
        rows: [...rowsOf('items', item, lang), ...(courses.get(item.id) ?? []).flatMap((c, i) => rowsOf('set_courses', c, lang, i + 1))],
      });
  }
  for (const group of usedOptionGroups(data))
    push({
      anchor: blockAnchor('group', group.id),
      kind: 'group',
      title: group.name,
      rows: [...rowsOf('option_groups', group, lang), ...group.options.flatMap((o, i) => rowsOf('options', o, lang, i + 1))],
    });
  push({ anchor: blockAnchor('tags'), kind: 'tags', title: 'Tags', rows: usedTags(data).flatMap((t) => rowsOf('tags', t, lang)) });
  return blocks;
}

/** Every translatable text of the menu, for `translationProgress()` and `guestLanguages()`. */
export function menuTexts(data: MenuTexts): TranslatableText[] {
  return [
    ...translatableTexts('menus', [data.menu]),
    ...translatableTexts('sections', data.sections),
    ...translatableTexts('items', data.items),
    ...translatableTexts('tags', usedTags(data)),
    ...translatableTexts('set_courses', [...coursesBySet(data).values()].flat()),
    ...translatableTexts('option_groups', usedOptionGroups(data)),
    ...translatableTexts(
      'options',
      usedOptionGroups(data).flatMap((g) => g.options),
    ),
  ];
}

/** Whether a row belongs under a filter. Machine drafts that are outdated count as both. */
export function matchesFilter(row: TranslationRow, filter: TranslationFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'machine') return Boolean(row.entry?.machine);
  return row.state === filter;
}

/** The texts "Translate missing" sends to the provider: missing ones, and outdated drafts no person confirmed. */
export function machineCandidates(blocks: readonly TranslationBlock[]): number {
  return blocks.flatMap((b) => b.rows).filter((r) => r.state === 'missing' || (r.state === 'outdated' && r.entry?.machine)).length;
}

/** The field's name as the row labels it. */
export function fieldLabel(row: Pick<TranslationRow, 'collection' | 'key' | 'n'>, text: FieldLabels): string {
  const index = priceLabelIndex(row.key);
  if (index !== null) return text.priceLabel(index + 1);
  if (row.key === PORTION_KEY) return text.portion;
  if (row.collection === 'tags') return text.tag;
  if (row.collection === 'options') return text.option(row.n ?? 1);
  if (row.collection === 'set_courses') return row.key === 'name' ? text.course(row.n ?? 1) : text.courseText(row.n ?? 1);
  return text[row.key as 'name' | 'description' | 'address'] ?? row.key;
}
export interface FieldLabels {
  name: string;
  description: string;
  address: string;
  tag: string;
  priceLabel: (n: number) => string;
  /** An item's nutrition portion label ("350 g"). */
  portion: string;
  /** The name of a group's option `n` ("Extra cheese"). */
  option: (n: number) => string;
  /** The name ("Starter") and free text ("Coffee or tea") of a set menu's course `n`. */
  course: (n: number) => string;
  courseText: (n: number) => string;
}
