import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ALLERGEN_KEYS, type AllergenKey } from '../../shared/constants.ts';

/**
 * The ground truth of the menu corpus: what a careful person reads off each menu, written by hand
 * in menus/<id>.json (never produced by the extractor). Each file holds the content (sections,
 * items, prices with their variant labels, allergens, diet markers), the page furniture that must
 * not become items, and a few style hints the producers honour in their own ways.
 *
 * Authoring shorthands (expanded by `loadMenu`): `"price": 850` is one unlabelled price; in a
 * section with `variants` (a header row such as Small/Large), `"prices": [650, 900]` are the
 * amounts under each header, `null` where a size is not offered. Amounts are in minor units.
 */

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const MENUS_DIR = path.join(CORPUS_DIR, 'menus');
export const LEGENDS_DIR = path.join(CORPUS_DIR, 'legends');
/** The generated files (PDFs, photos) and the manifest describing them (producers/build.ts). */
export const FILES_DIR = path.join(CORPUS_DIR, 'files');
export const MANIFEST_FILE = path.join(CORPUS_DIR, 'manifest.json');

export const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Diet markers printed next to names, and the diet label each stands for (shared/diets.ts keys). */
export const DIET_MARKERS = { V: 'vegetarian', VG: 'vegan', GF: 'gluten-free' } as const;
export type DietMarker = keyof typeof DIET_MARKERS;
export type DietKey = (typeof DIET_MARKERS)[DietMarker];
const DIET_KEYS = Object.values(DIET_MARKERS) as [DietKey, ...DietKey[]];

const zAllergen = z.enum(ALLERGEN_KEYS as [AllergenKey, ...AllergenKey[]]);
const zPrice = z.object({ label: z.string(), amount: z.number().int().min(0) });

const zItemSource = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    price: z.number().int().min(0).optional(),
    prices: z.array(z.union([z.number().int().min(0), z.null(), zPrice])).optional(),
    /** Printed instead of a price ("market price", "prix du jour"): the item has no price. */
    priceNote: z.string().optional(),
    allergens: z.array(zAllergen).optional(),
    diet: z.array(z.enum(DIET_KEYS)).optional(),
  })
  .strict();

const zSectionSource = z
  .object({
    name: z.string().min(1),
    /** A line under the heading ("served until 11:30"): furniture, not an item. */
    note: z.string().optional(),
    /** Column headers of a variant-price table, left to right. */
    variants: z.array(z.string().min(1)).min(2).optional(),
    items: z.array(zItemSource).min(1),
  })
  .strict();

export const KINDS = [
  'cafe',
  'pizzeria',
  'bistro',
  'restaurant',
  'wine-list',
  'bar',
  'menu-del-dia',
  'bakery',
  'pub',
  'brasserie',
] as const;

const zMenuSource = z
  .object({
    id: z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/),
    venue: z.string().min(1),
    kind: z.enum(KINDS),
    language: z.enum(LANGUAGES),
    currency: z.string().regex(/^[A-Z]{3}$/),
    /** The printed title under the venue name ("Speisekarte", "Carte des vins"). */
    title: z.string().optional(),
    style: z
      .object({
        columns: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        leaders: z.boolean().default(false),
        smallcaps: z.boolean().default(false),
        letterspaced: z.boolean().default(false),
        /** How amounts are printed: decimal mark, currency sign and its side. */
        decimal: z.enum([',', '.']),
        symbol: z.string().default(''),
        symbolAfter: z.boolean().default(false),
        /** Sections (by index) that start a new page. */
        pageBreaks: z.array(z.number().int().min(1)).default([]),
      })
      .strict(),
    /** legends/<legend>.json: allergen codes printed after names, explained in the menu's language. */
    legend: z.string().optional(),
    /** Lines printed above the first section (address, opening hours, tagline). */
    header: z.array(z.string()).default([]),
    /** Lines printed at the end (service, VAT, diet-marker legend, footnotes). */
    footer: z.array(z.string()).default([]),
    sections: z.array(zSectionSource).min(1),
  })
  .strict();

const zLegend = z
  .object({
    title: z.string(),
    entries: z.array(z.object({ code: z.string().min(1), key: zAllergen, text: z.string().min(1) }).strict()).min(1),
  })
  .strict();

export type Legend = z.infer<typeof zLegend>;
export type TruthPrice = z.infer<typeof zPrice>;

export interface TruthItem {
  name: string;
  description: string;
  prices: TruthPrice[];
  priceNote?: string;
  allergens: AllergenKey[];
  diet: DietKey[];
}
export interface TruthSection {
  name: string;
  note?: string;
  variants?: string[];
  items: TruthItem[];
}
export type MenuStyle = z.output<typeof zMenuSource>['style'];
export interface TruthMenu {
  id: string;
  venue: string;
  kind: (typeof KINDS)[number];
  language: Language;
  currency: string;
  title?: string;
  style: MenuStyle;
  legend?: Legend;
  header: string[];
  footer: string[];
  sections: TruthSection[];
}

export function loadLegend(name: string): Legend {
  return zLegend.parse(JSON.parse(fs.readFileSync(path.join(LEGENDS_DIR, `${name}.json`), 'utf8')));
}

/** Parses and expands one truth file; throws with the file and the problem when it is malformed. */
export function parseMenu(source: unknown, where = 'menu'): TruthMenu {
  const parsed = zMenuSource.safeParse(source);
  if (!parsed.success) throw new Error(`${where}: ${z.prettifyError(parsed.error)}`);
  const m = parsed.data;
  const legend = m.legend ? loadLegend(m.legend) : undefined;
  const sections = m.sections.map((s): TruthSection => {
    const items = s.items.map((i): TruthItem => {
      if (i.price !== undefined && i.prices) throw new Error(`${where}: "${i.name}" has both price and prices`);
      const prices: TruthPrice[] = [];
      if (i.price !== undefined) prices.push({ label: '', amount: i.price });
      (i.prices ?? []).forEach((p, k) => {
        if (p === null) return;
        if (typeof p === 'object') return void prices.push(p);
        const label = s.variants?.[k];
        if (label === undefined) throw new Error(`${where}: "${i.name}" has a bare amount outside a variant column`);
        prices.push({ label, amount: p });
      });
      if (!prices.length && !i.priceNote) throw new Error(`${where}: "${i.name}" has neither a price nor a priceNote`);
      if (i.allergens?.length && !legend) throw new Error(`${where}: "${i.name}" has allergens but the menu prints no legend`);
      for (const a of i.allergens ?? [])
        if (!legend?.entries.some((e) => e.key === a)) throw new Error(`${where}: allergen ${a} of "${i.name}" is not in the legend`);
      return {
        name: i.name,
        description: i.description ?? '',
        prices,
        ...(i.priceNote ? { priceNote: i.priceNote } : {}),
        allergens: i.allergens ?? [],
        diet: i.diet ?? [],
      };
    });
    return { name: s.name, ...(s.note ? { note: s.note } : {}), ...(s.variants ? { variants: s.variants } : {}), items };
  });
  for (const b of m.style.pageBreaks) if (b >= sections.length) throw new Error(`${where}: page break before missing section ${b}`);
  return { ...m, legend, sections };
}

export function loadMenu(id: string): TruthMenu {
  const file = path.join(MENUS_DIR, `${id}.json`);
  return parseMenu(JSON.parse(fs.readFileSync(file, 'utf8')), file);
}

export function menuIds(): string[] {
  return fs
    .readdirSync(MENUS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

export const loadAllMenus = (): TruthMenu[] => menuIds().map(loadMenu);

/** The marker printed for a diet label (V, VG, GF). */
export function dietMarker(key: DietKey): DietMarker {
  const found = (Object.keys(DIET_MARKERS) as DietMarker[]).find((m) => DIET_MARKERS[m] === key);
  if (!found) throw new Error(`no marker for ${key}`);
  return found;
}

/** The allergen codes printed after an item's name, in legend order ("1,7" or "A,G"). */
export function allergenCodes(menu: TruthMenu, item: TruthItem): string[] {
  if (!menu.legend) return [];
  return menu.legend.entries.filter((e) => item.allergens.includes(e.key)).map((e) => e.code);
}

/** The legend as printed: one line per entry ("1 Glutenhaltiges Getreide"). */
export const legendLines = (legend: Legend): string[] => legend.entries.map((e) => `${e.code} ${e.text}`);

/**
 * Everything printed that is not an item: venue, title, header and footer lines, section notes,
 * variant header labels and the allergen legend. The scorer counts an extracted item that matches
 * one of these as furniture turned into an item.
 */
export function furniture(menu: TruthMenu): string[] {
  return [
    menu.venue,
    ...(menu.title ? [menu.title] : []),
    ...menu.header,
    ...menu.footer,
    ...menu.sections.flatMap((s) => [...(s.note ? [s.note] : []), ...(s.variants ?? [])]),
    ...(menu.legend ? [menu.legend.title, ...legendLines(menu.legend)] : []),
  ];
}

/** An amount as the menu prints it: decimal mark, two decimals, currency sign before or after. */
export function formatAmount(menu: TruthMenu, amount: number, withSymbol = true): string {
  const digits = (amount / 100).toFixed(2).replace('.', menu.style.decimal);
  const sym = withSymbol ? menu.style.symbol : '';
  if (!sym) return digits;
  return menu.style.symbolAfter ? `${digits} ${sym}` : sym.length > 1 ? `${sym} ${digits}` : `${sym}${digits}`;
}
