import { dietConflict } from '../../../shared/diets.ts';
import type { MenuCsvPreview, MenuCsvPrice, MenuCsvRow, MenuCsvRowError } from '../../../shared/menu-csv.ts';
import { priceLabelIndex, type Translations, type TranslationsInput } from '../../../shared/translations.ts';

/** A section of the menu as the import compares it. */
export interface ExistingSection {
  id: string;
  name: string;
  description: string;
  translations: Translations;
}

/** An item of the menu as the import compares it (tags as ids). */
export interface ExistingItem {
  id: string;
  section: string;
  name: string;
  description: string;
  prices: MenuCsvPrice[];
  allergens: string[];
  mayContain: string[];
  diets: string[];
  tags: string[];
  available: boolean;
  priceOnRequest: boolean;
  translations: Translations;
}

/** One record write of an import, with the CSV row it comes from (0 for a section). */
export interface PlannedWrite {
  collection: 'sections' | 'items';
  action: 'create' | 'update';
  id?: string;
  row: number;
  data: Record<string, unknown>;
}

export interface ImportPlan {
  preview: Omit<MenuCsvPreview, 'applied'>;
  /** In the order they must be applied: sections first (items of new sections point to them). */
  writes: PlannedWrite[];
}

const key = (text: string) => text.trim().toLocaleLowerCase();
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));
const samePrices = (a: readonly MenuCsvPrice[], b: readonly MenuCsvPrice[]) =>
  a.length === b.length && a.every((p, i) => p.label === b[i]?.label && p.amount === b[i]?.amount);

/**
 * The translations to write when the file's cells differ from what is stored, or undefined when
 * they do not. Entries the file does not mention are sent back as stored (text, machine mark and
 * basis), so they keep their state; an unchanged text keeps its basis too, which is how it turns
 * outdated when the same import changes its source; a new text is a person's text for the
 * current source (the kernel's `nextTranslations` decides, in the translation hook).
 */
export function mergeTranslations(
  previous: Translations,
  cells: Record<string, Record<string, string>>,
  priceCount: number,
): TranslationsInput | undefined {
  const input: TranslationsInput = {};
  let changed = false;
  for (const [lang, fields] of Object.entries(previous))
    for (const [field, entry] of Object.entries(fields)) (input[lang] ??= {})[field] = { ...entry };
  for (const [lang, fields] of Object.entries(cells)) {
    for (const [field, text] of Object.entries(fields)) {
      const before = previous[lang]?.[field];
      if (text === '') {
        if (before) {
          delete input[lang]?.[field];
          changed = true;
        }
      } else if (before?.text !== text) {
        (input[lang] ??= {})[field] = text;
        changed = true;
      }
    }
  }
  // Labels of price variants that are gone have nothing left to translate.
  for (const fields of Object.values(input))
    for (const field of Object.keys(fields)) {
      const index = priceLabelIndex(field);
      if (index !== null && index >= priceCount) {
        delete fields[field];
        changed = true;
      }
    }
  for (const lang of Object.keys(input)) if (!Object.keys(input[lang] ?? {}).length) delete input[lang];
  return changed ? input : undefined;
}

/** A new record's translations: the non-empty cells. */
function freshTranslations(cells: Record<string, Record<string, string>>): TranslationsInput {
  const out: TranslationsInput = {};
  for (const [lang, fields] of Object.entries(cells))
    for (const [field, text] of Object.entries(fields)) if (text) (out[lang] ??= {})[field] = text;
  return out;
}

/**
 * What importing parsed rows into a menu means: which sections to create or re-translate, which
 * items to create, update or leave alone, and the problems that stop the import (unknown tags,
 * ambiguous names, two rows for one item, sections translated two ways). Pure: the caller reads
 * the menu and writes the plan.
 *
 * Items are matched by the id column when it names an item of this menu, otherwise by section and
 * name (case and surrounding spaces do not count). An id of another menu is not an error: the row
 * is matched by name or created, which is how a file exported from one menu fills another.
 * Columns missing from the file leave the stored values alone; nothing is ever deleted.
 */
export function planImport(
  rows: readonly MenuCsvRow[],
  rowErrors: readonly MenuCsvRowError[],
  existing: { sections: readonly ExistingSection[]; items: readonly ExistingItem[] },
  tagIdsByName: ReadonlyMap<string, string>,
  newId: () => string,
): ImportPlan {
  const errors: MenuCsvRowError[] = [...rowErrors];
  const broken = new Set(rowErrors.map((e) => e.row));
  const error = (row: number, column: string, message: string) => {
    errors.push({ row, column, message });
    broken.add(row);
  };

  // Sections: the file's names, each with the description and translations its rows agree on.
  const sectionsByKey = new Map(existing.sections.map((s) => [key(s.name), s]));
  interface FileSection {
    name: string;
    row: number;
    description?: string;
    translations: Record<string, Record<string, string>>;
  }
  const fileSections = new Map<string, FileSection>();
  /** A text given on several rows of a section: the first non-empty one, and no other. */
  const agree = (entry: FileSection, row: number, column: string, before: string | undefined, text: string): string => {
    if (before === undefined || before === '') return text;
    if (text !== '' && text !== before) error(row, column, `Row ${entry.row} gives the section "${entry.name}" the text "${before}"`);
    return before;
  };
  for (const row of rows) {
    if (!row.section) continue;
    const k = key(row.section);
    const entry: FileSection = fileSections.get(k) ?? { name: row.section, row: row.row, translations: {} };
    fileSections.set(k, entry);
    if (row.sectionDescription !== undefined)
      entry.description = agree(entry, row.row, 'sectionDescription', entry.description, row.sectionDescription);
    for (const [lang, fields] of Object.entries(row.sectionTranslations))
      for (const [field, text] of Object.entries(fields)) {
        const column = `${field === 'name' ? 'section' : 'sectionDescription'}@${lang}`;
        (entry.translations[lang] ??= {})[field] = agree(entry, row.row, column, entry.translations[lang]?.[field], text);
      }
  }
  const writes: PlannedWrite[] = [];
  const sectionIds = new Map<string, string>();
  let sectionsCreated = 0;
  for (const [k, file] of fileSections) {
    const stored = sectionsByKey.get(k);
    if (stored) {
      sectionIds.set(k, stored.id);
      const data: Record<string, unknown> = {};
      if (file.description !== undefined && file.description !== stored.description) data.description = file.description;
      const translations = mergeTranslations(stored.translations, file.translations, 0);
      if (translations) data.translations = translations;
      if (Object.keys(data).length) writes.push({ collection: 'sections', action: 'update', id: stored.id, row: file.row, data });
    } else {
      const id = newId();
      sectionIds.set(k, id);
      sectionsCreated++;
      const data = { id, name: file.name, description: file.description ?? '', translations: freshTranslations(file.translations) };
      writes.push({ collection: 'sections', action: 'create', id, row: file.row, data });
    }
  }

  // Items.
  const itemsById = new Map(existing.items.map((i) => [i.id, i]));
  const sectionNameById = new Map(existing.sections.map((s) => [s.id, key(s.name)]));
  const itemsByName = new Map<string, ExistingItem[]>();
  for (const item of existing.items) {
    const k = `${sectionNameById.get(item.section) ?? ''}\u0000${key(item.name)}`;
    itemsByName.set(k, [...(itemsByName.get(k) ?? []), item]);
  }
  const claimed = new Map<string, number>();
  const changes: MenuCsvPreview['changes'] = [];
  const itemWrites: PlannedWrite[] = [];
  const counts = { create: 0, update: 0, unchanged: 0 };

  for (const row of rows) {
    let tags: string[] | undefined;
    if (row.tags) {
      tags = [];
      for (const name of row.tags) {
        const id = tagIdsByName.get(key(name));
        if (!id) error(row.row, 'tags', `"${name}" is not one of your tags (add it on the Tags page first)`);
        else if (!tags.includes(id)) tags.push(id);
      }
    }
    let match: ExistingItem | undefined = row.id ? itemsById.get(row.id) : undefined;
    if (!match && row.section && row.name) {
      const named = itemsByName.get(`${key(row.section)}\u0000${key(row.name)}`) ?? [];
      if (named.length > 1)
        error(
          row.row,
          'id',
          `${named.length} items are called "${row.name}" in "${row.section}": give this row the id of the one to update (export the menu to get the ids)`,
        );
      else match = named[0];
    }
    if (match) {
      const first = claimed.get(match.id);
      if (first !== undefined) error(row.row, row.id ? 'id' : 'name', `Row ${first} already updates this item`);
      else claimed.set(match.id, row.row);
    }
    if (match) {
      // A file without an allergens column can still label a dish that contains milk "vegan": the
      // record hook would refuse it on apply; the preview says so first.
      const allergens = row.allergens ?? match.allergens;
      const mayContain = row.mayContain ?? match.mayContain;
      const both = allergens.find((a) => mayContain.includes(a));
      if (both) error(row.row, row.allergens ? 'mayContain' : 'allergens', `"${both}" is either contained or may be contained, not both`);
      const conflict = dietConflict(row.diets ?? match.diets, allergens);
      if (conflict && (row.diets || row.allergens)) error(row.row, row.diets ? 'diets' : 'allergens', conflict);
    }
    if (broken.has(row.row)) continue;
    const section = sectionIds.get(key(row.section)) as string;

    if (!match) {
      counts.create++;
      changes.push({ row: row.row, action: 'create', section: row.section, name: row.name, fields: [] });
      itemWrites.push({
        collection: 'items',
        action: 'create',
        row: row.row,
        data: {
          section,
          name: row.name,
          description: row.description ?? '',
          prices: row.prices,
          allergens: row.allergens ?? [],
          mayContain: row.mayContain ?? [],
          diets: row.diets ?? [],
          tags: tags ?? [],
          available: row.available ?? true,
          priceOnRequest: row.priceOnRequest ?? false,
          translations: freshTranslations(row.translations),
        },
      });
      continue;
    }
    const data: Record<string, unknown> = {};
    if (section !== match.section) data.section = section;
    if (row.name !== match.name) data.name = row.name;
    if (row.description !== undefined && row.description !== match.description) data.description = row.description;
    if (!samePrices(row.prices, match.prices)) data.prices = row.prices;
    if (row.allergens && !sameSet(row.allergens, match.allergens)) data.allergens = row.allergens;
    if (row.mayContain && !sameSet(row.mayContain, match.mayContain)) data.mayContain = row.mayContain;
    if (row.diets && !sameSet(row.diets, match.diets)) data.diets = row.diets;
    if (tags && !sameSet(tags, match.tags)) data.tags = tags;
    if (row.priceOnRequest !== undefined && row.priceOnRequest !== match.priceOnRequest) data.priceOnRequest = row.priceOnRequest;
    if (row.available !== undefined && row.available !== match.available) {
      data.available = row.available;
      // "yes" or "no" from a spreadsheet has no end time: it holds until changed.
      data.soldOutUntil = '';
    }
    const translations = mergeTranslations(match.translations, row.translations, row.prices.length);
    if (translations) data.translations = translations;
    const fields = Object.keys(data);
    if (!fields.length) {
      counts.unchanged++;
      changes.push({ row: row.row, action: 'unchanged', section: row.section, name: row.name, fields });
      continue;
    }
    counts.update++;
    changes.push({ row: row.row, action: 'update', section: row.section, name: row.name, fields });
    itemWrites.push({ collection: 'items', action: 'update', id: match.id, row: row.row, data });
  }

  errors.sort((a, b) => a.row - b.row);
  return {
    preview: { rows: rows.length, ...counts, sectionsCreated, changes, errors },
    writes: [...writes, ...itemWrites],
  };
}
