import type { Row, SqlStatements } from '../../db/sql.ts';
import { DEFAULT_CURRENCY } from '../../../shared/constants.ts';
import type { MenuCsvItem } from '../../../shared/menu-csv.ts';
import { readTranslations, type Translations } from '../../../shared/translations.ts';
import { itemsOfSections, sectionsOfMenus } from '../menus/queries.ts';
import { organizationDefaults } from '../organizations/queries.ts';
import { tagNamesOfOrganization } from '../tags/queries.ts';
import type { ExistingItem, ExistingSection } from './plan.ts';

const json = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    return (JSON.parse(String(value)) as T) ?? fallback;
  } catch {
    return fallback;
  }
};

/** A menu as the CSV sees it: its currency and languages, sections and items in the guests' order, the organization's tags. */
export interface MenuForCsv {
  currency: string;
  languages: string[];
  sections: ExistingSection[];
  items: ExistingItem[];
  tags: { id: string; name: string }[];
}

/** Reads a menu (a stored row the caller may see) through the owning modules' queries. */
export function readMenuForCsv(stmts: SqlStatements, menu: Row): MenuForCsv {
  const organization = String(menu.organization);
  const languages = json<string[]>(menu.languages, []);
  const sectionRows = sectionsOfMenus(stmts, [String(menu.id)]);
  const sections = sectionRows.map((s) => ({
    id: String(s.id),
    name: String(s.name ?? ''),
    description: String(s.description ?? ''),
    translations: readTranslations(json(s.translations, null)),
  }));
  // Items come by position across sections: put them in their section's order.
  const order = new Map(sections.map((s, i) => [s.id, i]));
  const itemRows = itemsOfSections(
    stmts,
    sections.map((s) => s.id),
  );
  const items = itemRows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (order.get(String(a.row.section)) ?? 0) - (order.get(String(b.row.section)) ?? 0) || a.i - b.i)
    .map(({ row }) => toItem(row));
  return {
    currency: organizationDefaults(stmts, organization)?.currency || DEFAULT_CURRENCY,
    languages: languages.length ? languages : ['en'],
    sections,
    items,
    tags: tagNamesOfOrganization(stmts, organization),
  };
}

function toItem(row: Row): ExistingItem {
  return {
    id: String(row.id),
    section: String(row.section),
    name: String(row.name ?? ''),
    description: String(row.description ?? ''),
    prices: json<{ label?: unknown; amount?: unknown }[]>(row.prices, []).map((p) => ({
      label: String(p.label ?? ''),
      amount: Number(p.amount ?? 0),
    })),
    allergens: json<string[]>(row.allergens, []),
    mayContain: json<string[]>(row.mayContain, []),
    diets: json<string[]>(row.diets, []),
    tags: json<string[]>(row.tags, []),
    available: Boolean(row.available),
    priceOnRequest: Boolean(row.priceOnRequest),
    translations: readTranslations(json(row.translations, null)),
  };
}

/** lang → key → text: what the CSV carries of a record's translations (their state stays in the app). */
const texts = (translations: Translations): Record<string, Record<string, string>> =>
  Object.fromEntries(
    Object.entries(translations).map(([lang, fields]) => [
      lang,
      Object.fromEntries(Object.entries(fields).map(([key, entry]) => [key, entry.text])),
    ]),
  );

/** The rows of the export: every item of the menu with its section, tag names and translation texts. */
export function csvItems(menu: MenuForCsv): MenuCsvItem[] {
  const sections = new Map(menu.sections.map((s) => [s.id, s]));
  const tagNames = new Map(menu.tags.map((t) => [t.id, t.name]));
  return menu.items.map((item) => {
    const section = sections.get(item.section);
    return {
      id: item.id,
      section: section?.name ?? '',
      sectionDescription: section?.description ?? '',
      sectionTranslations: section ? texts(section.translations) : {},
      name: item.name,
      description: item.description,
      prices: item.prices,
      translations: texts(item.translations),
      allergens: item.allergens,
      mayContain: item.mayContain,
      diets: item.diets,
      tags: item.tags.map((id) => tagNames.get(id)).filter((n): n is string => n !== undefined),
      available: item.available,
      priceOnRequest: item.priceOnRequest,
    };
  });
}
