import type { RecordModel } from 'pocketbase';
import type { ScheduleWindow } from '../../../../shared/schedule.ts';
import { readNutrition, type Nutrition } from '../../../../shared/nutrition.ts';
import { itemKindOf, type ItemKind } from '../../../../shared/set-menus.ts';
import {
  readTranslations,
  sourceTexts,
  translationState,
  type TranslatableCollection,
  type Translations,
} from '../../../../shared/translations.ts';

/** The records of the menu screens, with JSON fields normalised (the server may send null). */

export type MenuStatus = 'draft' | 'published';
export interface PriceVariant {
  label: string;
  amount: number;
}
export type { Translations };

export interface Menu extends RecordModel {
  organization: string;
  name: string;
  description: string;
  status: MenuStatus;
  schedule: ScheduleWindow[];
  languages: string[];
  translations: Translations;
  /** Languages shown to guests although not complete. */
  publishIncomplete: string[];
  /** Terms machine translation keeps as written. */
  glossary: string[];
  /** Guests see no amounts on this menu (wine lists, market prices). */
  hidePrices: boolean;
  created: string;
  updated: string;
}

export interface Section extends RecordModel {
  menu: string;
  name: string;
  description: string;
  position: number;
  translations: Translations;
  /** Guests see no amounts in this section. */
  hidePrices: boolean;
}

export interface Item extends RecordModel {
  section: string;
  /** A dish, or a set menu (one fixed price, courses in `set_courses`). */
  kind: ItemKind;
  name: string;
  description: string;
  prices: PriceVariant[];
  image: string;
  tags: string[];
  allergens: string[];
  mayContain: string[];
  available: boolean;
  /** Shown to guests as "Price on request" instead of an amount (an item may then have no prices). */
  priceOnRequest: boolean;
  soldOutUntil: string;
  position: number;
  translations: Translations;
  updated: string;
  /** The item's option groups (shared by the organization's items), in the order guests see them. */
  optionGroups: string[];
  /** Dietary labels (shared/diets.ts). */
  diets: string[];
  nutrition: Nutrition | null;
}

export interface Venue extends RecordModel {
  name: string;
  slug: string;
  timezone: string;
  currency: string;
  primaryColor: string;
  logo: string;
  menus: string[];
  address: string;
  translations: Translations;
}
export interface Tag extends RecordModel {
  name: string;
  color: string;
  translations: Translations;
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const strings = (v: unknown): string[] => arr<unknown>(v).filter((s): s is string => typeof s === 'string');

export function toMenu(r: RecordModel): Menu {
  return {
    ...r,
    organization: String(r.organization ?? ''),
    name: String(r.name ?? ''),
    description: String(r.description ?? ''),
    status: r.status === 'published' ? 'published' : 'draft',
    schedule: arr<ScheduleWindow>(r.schedule),
    languages: arr<string>(r.languages),
    translations: readTranslations(r.translations),
    publishIncomplete: strings(r.publishIncomplete),
    glossary: strings(r.glossary),
    hidePrices: r.hidePrices === true,
    created: String(r.created ?? ''),
    updated: String(r.updated ?? ''),
  };
}

export function toSection(r: RecordModel): Section {
  return {
    ...r,
    menu: String(r.menu ?? ''),
    name: String(r.name ?? ''),
    description: String(r.description ?? ''),
    position: Number(r.position ?? 0),
    translations: readTranslations(r.translations),
    hidePrices: r.hidePrices === true,
  };
}

export function toItem(r: RecordModel): Item {
  return {
    ...r,
    section: String(r.section ?? ''),
    kind: itemKindOf(r.kind),
    name: String(r.name ?? ''),
    description: String(r.description ?? ''),
    prices: arr<PriceVariant>(r.prices),
    image: String(r.image ?? ''),
    tags: arr<string>(r.tags),
    allergens: arr<string>(r.allergens),
    mayContain: arr<string>(r.mayContain),
    available: Boolean(r.available),
    priceOnRequest: Boolean(r.priceOnRequest),
    soldOutUntil: String(r.soldOutUntil ?? ''),
    position: Number(r.position ?? 0),
    translations: readTranslations(r.translations),
    updated: String(r.updated ?? ''),
    optionGroups: strings(r.optionGroups),
    diets: strings(r.diets),
    nutrition: readNutrition(r.nutrition),
  };
}

export function toVenue(r: RecordModel): Venue {
  return {
    ...r,
    name: String(r.name ?? ''),
    slug: String(r.slug ?? ''),
    timezone: String(r.timezone || ''),
    currency: String(r.currency || ''),
    primaryColor: String(r.primaryColor || '#000000'),
    logo: String(r.logo || ''),
    menus: arr<string>(r.menus),
    address: String(r.address ?? ''),
    translations: readTranslations(r.translations),
  };
}

export function toTag(r: RecordModel): Tag {
  return { ...r, name: String(r.name ?? ''), color: String(r.color || '#000000'), translations: readTranslations(r.translations) };
}

/** Whether guests can order the item now: available, or sold out until a time that has passed. */
export function isAvailableNow(item: Pick<Item, 'available' | 'soldOutUntil'>, now = Date.now()): boolean {
  if (item.available) return true;
  if (!item.soldOutUntil) return false;
  const until = new Date(item.soldOutUntil.replace(' ', 'T'));
  return !Number.isNaN(until.getTime()) && until.getTime() <= now;
}

/**
 * The languages of a menu (other than its default, first one) in which a record has a text that is
 * not done: missing, a machine draft or outdated (the kernel's states, price labels included).
 */
export function untranslatedLanguages(
  collection: TranslatableCollection,
  record: Record<string, unknown> & { translations: Translations },
  languages: readonly string[],
): string[] {
  const sources = Object.entries(sourceTexts(collection, record));
  return languages
    .slice(1)
    .filter((lang) => sources.some(([key, source]) => translationState(record.translations[lang]?.[key], source) !== 'done'));
}

/** A translatable record with its collection, for `untranslatedLanguagesOfAll`. */
export type TranslatableRecord = [TranslatableCollection, { translations: Translations }];

/**
 * The languages in which any of the records has a text that is not done, in the menu's order: an
 * item counts together with its set courses and the option groups (and options) it offers, as the
 * guest page only shows a language when all of them are translated.
 */
export function untranslatedLanguagesOfAll(records: readonly TranslatableRecord[], languages: readonly string[]): string[] {
  // The records are plain objects read field by field (sourceTexts); interfaces such as SetCourse lack the index signature.
  const missing = new Set(
    records.flatMap(([collection, record]) =>
      untranslatedLanguages(collection, record as Record<string, unknown> & { translations: Translations }, languages),
    ),
  );
  return languages.filter((lang) => missing.has(lang));
}
