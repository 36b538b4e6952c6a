import { fontPairingOf, layoutOf, type FontPairing, type Layout } from '../../../shared/themes.ts';
import type { Row, SqlStatements } from '../../db/sql.ts';
import type { ScheduleWindow } from '../../../shared/schedule.ts';
import { itemsOfSections, menuById, publishedMenus, sectionsOfMenus } from '../menus/queries.ts';
import { lapseFieldsOf, organizationDefaults } from '../organizations/queries.ts';
import type { LapseFields } from '../../../shared/lapse.ts';
import { subscriptionState } from '../../../shared/subscription.ts';
import { tagsByIds } from '../tags/queries.ts';
import { optionGroupRows, optionsOfGroups } from '../options/queries.ts';
import { nutritionDisplayOf, readNutrition, type Nutrition, type NutritionDisplay } from '../../../shared/nutrition.ts';
import { isDietKey, type DietKey } from '../../../shared/diets.ts';
import { DEFAULT_CURRENCY } from '../../../shared/constants.ts';
import { uploadOfOrganization } from '../uploads/queries.ts';
import { venueById, venueBySlug, venueIdsListingMenu, venueIdsOf } from '../venues/queries.ts';
import { overridesOfVenue } from '../venue-items/queries.ts';
import { optionMarksOfVenue } from '../venue-options/queries.ts';
import { coursesOfItems } from '../set-courses/queries.ts';
import { itemKindOf, type ItemKind } from '../../../shared/set-menus.ts';
import { atVenue, availableAt, type SoldOutMark, type VenueOverride } from '../../../shared/availability.ts';
import { readVenueInfo, type GuestVenueInfo } from './venue-info.ts';
import { isPriceNote, type PriceNote } from '../../../shared/price-notes.ts';
import {
  guestLanguages,
  readTranslations,
  translatableTexts,
  type TranslatableText,
  type Translations,
} from '../../../shared/translations.ts';

/** A tag as guests see it: its name (and translations) and colour. */
export interface GuestTag {
  id: string;
  name: string;
  color: string;
  translations: Translations;
}
/** One choice of an option group as guests see it. */
export interface GuestOption {
  id: string;
  name: string;
  priceDelta: number;
  allergens: string[];
  mayContain: string[];
  diets: DietKey[];
  available: boolean;
  translations: Translations;
}
/** An option group (shared by the organization's items) with its options in order. */
export interface GuestOptionGroup {
  id: string;
  name: string;
  description: string;
  minChoices: number;
  maxChoices: number;
  translations: Translations;
  options: GuestOption[];
}
export interface GuestItem {
  id: string;
  name: string;
  description: string;
  prices: { label: string; amount: number }[];
  /** No price on purpose: guests read "Price on request" instead. */
  priceOnRequest: boolean;
  image: string;
  tags: GuestTag[];
  allergens: string[];
  mayContain: string[];
  available: boolean;
  translations: Translations;
  /** The item's option groups in its order (the same group object on every item that shares it). */
  optionGroups: GuestOptionGroup[];
  diets: DietKey[];
  nutrition: Nutrition | null;
  /** A dish, or a set menu whose fixed price is `prices[0]` and whose courses follow. */
  kind: ItemKind;
  /** A set's courses in order (empty for dishes). */
  courses: GuestCourse[];
}
/**
 * A course of a set menu: its name, free text, and the dishes to choose from — the very dish
 * objects of the page (the same availability at this venue, allergens and translations).
 */
export interface GuestCourse {
  id: string;
  name: string;
  description: string;
  translations: Translations;
  choices: GuestItem[];
}
export interface GuestSection {
  id: string;
  name: string;
  description: string;
  translations: Translations;
  /** Guests see no amounts in this section (set on the section or its menu). */
  hidePrices: boolean;
  items: GuestItem[];
}
export interface GuestMenu {
  id: string;
  name: string;
  description: string;
  schedule: ScheduleWindow[];
  /** The menu's languages; the first is the language its texts are written in. */
  languages: string[];
  /** The languages guests may read it in (shared/translations.ts `guestLanguages`). */
  guestLanguages: string[];
  translations: Translations;
  updated: string;
  /** The newest `updated` of the menu, its sections, items, and their option groups and options ("Updated {date}"). */
  changed: string;
  /** How guests see the dishes (shared/themes.ts). */
  layout: Layout;
  sections: GuestSection[];
}
export interface GuestVenue {
  id: string;
  slug: string;
  name: string;
  timezone: string;
  primaryColor: string;
  currency: string;
  address: string;
  /** The venue's name and address in other languages. */
  translations: Translations;
  logo: string;
  /** The cover image above the venue's name ('' for none) and the page's fonts (shared/themes.ts). */
  cover: string;
  fontPairing: FontPairing;
  organization: string;
  defaultLanguage: string;
  originalMenuUrl: string;
  menus: GuestMenu[];
  /** Every language guests may read the venue's menus in (the switcher): the union of the menus' guest languages. */
  languages: string[];
  /** What guests see of nutrition (off, kcal only, full) and whether the daily kcal note shows. */
  nutritionDisplay: NutritionDisplay;
  dailyKcalNote: boolean;
  /** The standard price note under the menu ("Prices include VAT."), '' for none. */
  priceNote: PriceNote | '';
  /** Opening hours, contact, Wi-Fi and links (venue-info.ts). */
  info: GuestVenueInfo;
  /** The venue's registered table labels: only these are counted per table. */
  tables: ReadonlySet<string>;
  /** The websites allowed to frame its guest pages (normalized origins, shared/schemas/embeds.ts). */
  embedOrigins: string[];
  /**
   * The organization's subscription as the grace rule reads it: whether guests see the menu is
   * decided per request (shared/lapse.ts `guestAccess`), as the grace period ends with the clock.
   */
  billing: LapseFields;
}

const json = <T>(v: unknown, fallback: T): T => {
  if (v === null || v === undefined || v === '') return fallback;
  try {
    return JSON.parse(String(v)) as T;
  } catch {
    return fallback;
  }
};

/**
 * Every translatable text of a menu as loaded: its own, its sections', items', and the tags and
 * option groups on its items. Price labels are the items' own (`ownPrices`): a venue's own price
 * list is not translated, so it must not make a language incomplete at that venue (its labels
 * show as written, `guestText` falls back for them).
 */
function menuTexts(menu: Omit<GuestMenu, 'guestLanguages'>, ownPrices: Map<string, GuestItem['prices']>): TranslatableText[] {
  const items = menu.sections.flatMap((s) => s.items);
  const tags = new Map(items.flatMap((i) => i.tags.map((t) => [t.id, t] as const)));
  const groups = new Map(items.flatMap((i) => i.optionGroups.map((g) => [g.id, g] as const)));
  return [
    ...translatableTexts(
      'set_courses',
      items.flatMap((i) => i.courses.map((c) => ({ ...c }))),
    ),
    ...translatableTexts('menus', [{ ...menu }]),
    ...translatableTexts(
      'sections',
      menu.sections.map((s) => ({ ...s })),
    ),
    ...translatableTexts(
      'items',
      items.map((i) => ({ ...i, prices: ownPrices.get(i.id) ?? i.prices })),
    ),
    ...translatableTexts(
      'tags',
      [...tags.values()].map((t) => ({ ...t })),
    ),
    ...translatableTexts(
      'option_groups',
      [...groups.values()].map((g) => ({ ...g })),
    ),
    ...translatableTexts(
      'options',
      [...groups.values()].flatMap((g) => g.options.map((o) => ({ ...o }))),
    ),
  ];
}

type PriceVariant = GuestItem['prices'][number];

/** A venue's overrides of items (sold out here, its own prices), by item id. */
function venueOverrides(stmts: SqlStatements, venueId: string): Map<string, VenueOverride<PriceVariant>> {
  const overrides = new Map<string, VenueOverride<PriceVariant>>();
  if (!venueId) return overrides;
  for (const o of overridesOfVenue(stmts, venueId))
    overrides.set(String(o.item), {
      available: o.available === 1,
      soldOutUntil: String(o.soldOutUntil ?? ''),
      prices: json<PriceVariant[] | null>(o.prices, null),
    });
  return overrides;
}

/** A venue's own sold-out marks of options (issue 23, item 1), by option id. */
function venueOptionMarks(stmts: SqlStatements, venueId: string): Map<string, SoldOutMark> {
  const marks = new Map<string, SoldOutMark>();
  if (!venueId) return marks;
  for (const o of optionMarksOfVenue(stmts, venueId))
    marks.set(String(o.option), { available: o.available === 1, soldOutUntil: String(o.soldOutUntil ?? '') });
  return marks;
}

/** What one venue marks for itself: its overrides of items and its sold-out options. */
interface VenueMarks {
  items: Map<string, VenueOverride<PriceVariant>>;
  options: Map<string, SoldOutMark>;
}

const venueMarks = (stmts: SqlStatements, venueId: string): VenueMarks => ({
  items: venueOverrides(stmts, venueId),
  options: venueOptionMarks(stmts, venueId),
});

/** The later of two stored timestamps ('YYYY-MM-DD HH:MM:SS.sssZ' compare as text). */
const later = (a: string, b: unknown): string => (typeof b === 'string' && b > a ? b : a);

/**
 * The option groups of the items, each with its options in order: two queries whatever their
 * number. `changed`: each group's newest `updated` (the group's or one of its options').
 */
function optionGroupsOf(
  stmts: SqlStatements,
  itemRows: Row[],
  changed: Map<string, string>,
  marks: VenueMarks,
  now: string,
): Map<string, GuestOptionGroup> {
  const groupRows = optionGroupRows(stmts, [...new Set(itemRows.flatMap((i) => json<string[]>(i.optionGroups, [])))]);
  const groups = new Map<string, GuestOptionGroup>();
  for (const g of groupRows) changed.set(String(g.id), later('', g.updated));
  for (const g of groupRows)
    groups.set(String(g.id), {
      id: String(g.id),
      name: String(g.name),
      description: String(g.description ?? ''),
      minChoices: Number(g.minChoices ?? 0),
      maxChoices: Number(g.maxChoices ?? 0),
      translations: readTranslations(json(g.translations, null)),
      options: [],
    });
  for (const o of optionsOfGroups(stmts, [...groups.keys()])) {
    const mark = marks.options.get(String(o.id));
    changed.set(String(o.group), later(changed.get(String(o.group)) ?? '', o.updated));
    groups.get(String(o.group))?.options.push({
      id: String(o.id),
      name: String(o.name),
      priceDelta: Number(o.priceDelta ?? 0),
      allergens: json(o.allergens, []),
      mayContain: json(o.mayContain, []),
      diets: json<string[]>(o.diets, []).filter(isDietKey),
      // Sold out everywhere, or at this venue until its mark ends ("until" ends by itself).
      available: o.available === 1 && (!mark || availableAt(mark, now)),
      translations: readTranslations(json(o.translations, null)),
    });
  }
  return groups;
}

/**
 * The courses of the set menus among `items`, each choice the dish object itself (one query).
 * Choices are dishes of the set's own menu (the set-courses hooks keep it so); one that is not on
 * the page (e.g. deleted meanwhile) is left out.
 */
function attachCourses(stmts: SqlStatements, items: GuestItem[]): void {
  const sets = items.filter((i) => i.kind === 'set');
  if (!sets.length) return;
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const c of coursesOfItems(
    stmts,
    sets.map((i) => i.id),
  ))
    byId.get(String(c.item))?.courses.push({
      id: String(c.id),
      name: String(c.name ?? ''),
      description: String(c.description ?? ''),
      translations: readTranslations(json(c.translations, null)),
      choices: json<string[]>(c.choices, [])
        .map((id) => byId.get(id))
        .filter((d): d is GuestItem => Boolean(d) && d?.kind !== 'set'),
    });
}

/**
 * The menus (stored rows, in the order given) with their sections, items, tags and option groups:
 * five queries whatever their size. `marks`: the venue's own sold-out marks and prices, merged
 * into its items and options. `publishedAnyway` replaces each menu's `publishIncomplete` (the staff preview
 * shows a language before it is published).
 */
function guestMenusOf(stmts: SqlStatements, menuRows: Row[], now: string, marks: VenueMarks, publishedAnyway?: string[]): GuestMenu[] {
  const sectionRows = sectionsOfMenus(
    stmts,
    menuRows.map((m) => String(m.id)),
  );
  const itemRows = itemsOfSections(
    stmts,
    sectionRows.map((s) => String(s.id)),
  );
  const tagRows = tagsByIds(stmts, [...new Set(itemRows.flatMap((i) => json<string[]>(i.tags, [])))]);
  const tags = new Map<string, GuestTag>();
  for (const [id, tag] of tagRows)
    tags.set(id, { id, name: tag.name, color: tag.color, translations: readTranslations(json(tag.translations, null)) });

  const groupChanged = new Map<string, string>();
  const groups = optionGroupsOf(stmts, itemRows, groupChanged, marks, now);
  // The newest change per section: its own, its items' and their option groups'.
  const sectionChanged = new Map<string, string>();

  const itemsBySection = new Map<string, GuestItem[]>();
  const ownPrices = new Map<string, PriceVariant[]>();
  for (const i of itemRows) {
    // "Sold out until" resets by itself once the time has passed (the cron also writes it back).
    const own = json<PriceVariant[]>(i.prices, []);
    const { available, prices } = atVenue(
      { available: i.available === 1, soldOutUntil: String(i.soldOutUntil ?? ''), prices: own },
      marks.items.get(String(i.id)),
      now,
    );
    if (prices !== own) ownPrices.set(String(i.id), own);
    const changed = json<string[]>(i.optionGroups, []).reduce((t, g) => later(t, groupChanged.get(g)), later('', i.updated));
    sectionChanged.set(String(i.section), later(sectionChanged.get(String(i.section)) ?? '', changed));
    const list = itemsBySection.get(String(i.section)) ?? [];
    list.push({
      id: String(i.id),
      name: String(i.name),
      description: String(i.description ?? ''),
      prices,
      priceOnRequest: i.priceOnRequest === 1 && !prices.length,
      image: String(i.image ?? ''),
      tags: json<string[]>(i.tags, [])
        .map((id) => tags.get(id))
        .filter((t): t is GuestTag => Boolean(t)),
      allergens: json(i.allergens, []),
      mayContain: json(i.mayContain, []),
      available,
      translations: readTranslations(json(i.translations, null)),
      optionGroups: json<string[]>(i.optionGroups, [])
        .map((id) => groups.get(id))
        .filter((g): g is GuestOptionGroup => Boolean(g)),
      diets: json<string[]>(i.diets, []).filter(isDietKey),
      nutrition: readNutrition(json(i.nutrition, null)),
      kind: itemKindOf(i.kind),
      courses: [],
    });
    itemsBySection.set(String(i.section), list);
  }
  attachCourses(stmts, [...itemsBySection.values()].flat());
  const sectionsByMenu = new Map<string, GuestSection[]>();
  const menuChanged = new Map<string, string>();
  const hiddenPrices = new Set(menuRows.filter((m) => m.hidePrices === 1).map((m) => String(m.id)));
  for (const s of sectionRows) {
    const list = sectionsByMenu.get(String(s.menu)) ?? [];
    list.push({
      id: String(s.id),
      name: String(s.name),
      description: String(s.description ?? ''),
      translations: readTranslations(json(s.translations, null)),
      hidePrices: s.hidePrices === 1 || hiddenPrices.has(String(s.menu)),
      items: itemsBySection.get(String(s.id)) ?? [],
    });
    menuChanged.set(String(s.menu), later(later(menuChanged.get(String(s.menu)) ?? '', s.updated), sectionChanged.get(String(s.id))));
    sectionsByMenu.set(String(s.menu), list);
  }
  return menuRows.map((m) => {
    const menu = {
      id: String(m.id),
      name: String(m.name),
      description: String(m.description ?? ''),
      schedule: json(m.schedule, []),
      languages: json<string[]>(m.languages, []),
      translations: readTranslations(json(m.translations, null)),
      updated: String(m.updated ?? ''),
      changed: later(later('', m.updated), menuChanged.get(String(m.id))),
      layout: layoutOf(m.layout),
      sections: sectionsByMenu.get(String(m.id)) ?? [],
    };
    const published = publishedAnyway ?? json<string[]>(m.publishIncomplete, []);
    return { ...menu, guestLanguages: guestLanguages(menu.languages, published, menuTexts(menu, ownPrices)) };
  });
}

/** A venue row with its menus as guests see it. */
function guestVenueOf(
  stmts: SqlStatements,
  venue: Row,
  org: { currency: string; defaultLanguage: string },
  billing: LapseFields,
  menus: GuestMenu[],
): GuestVenue {
  const upload = venue.originalMenu ? uploadOfOrganization(stmts, String(venue.originalMenu), String(venue.organization)) : undefined;
  return {
    id: String(venue.id),
    slug: String(venue.slug),
    name: String(venue.name),
    timezone: String(venue.timezone || 'UTC'),
    primaryColor: String(venue.primaryColor || '#0f766e'),
    // Every amount of an organization is in its one currency (what the editor and CSV use too).
    currency: String(org.currency || DEFAULT_CURRENCY),
    address: String(venue.address ?? ''),
    translations: readTranslations(json(venue.translations, null)),
    logo: String(venue.logo ?? ''),
    cover: String(venue.cover ?? ''),
    fontPairing: fontPairingOf(venue.fontPairing),
    organization: String(venue.organization),
    defaultLanguage: String(org.defaultLanguage || 'en'),
    originalMenuUrl: upload?.file ? `/m/${encodeURIComponent(String(venue.slug))}/original.pdf` : '',
    menus,
    languages: [...new Set(menus.flatMap((m) => m.guestLanguages))],
    tables: new Set(json<unknown[]>(venue.tables, []).map(String)),
    embedOrigins: json<unknown[]>(venue.embedOrigins, []).map(String),
    nutritionDisplay: nutritionDisplayOf(venue.nutritionDisplay),
    dailyKcalNote: venue.dailyKcalNote === 1,
    priceNote: isPriceNote(venue.priceNote) ? venue.priceNote : '',
    info: readVenueInfo(venue),
    billing,
  };
}

/**
 * Everything a venue's guest page shows, in at most eleven queries (venue, organization, menus,
 * sections, items, tags, option groups, options, set menu courses, the venue's overrides, original
 * upload) whatever the menu's size, each through the module that owns the table. Only published menus listed at the venue are included.
 */
export function loadGuestVenue(stmts: SqlStatements, slug: string, now: string): GuestVenue | null {
  const venue = venueBySlug(stmts, slug);
  if (!venue) return null;
  const org = organizationDefaults(stmts, String(venue.organization));
  const billing = lapseFieldsOf(stmts, String(venue.organization));
  // Never-subscribed organizations have no page (`guestAccess`: 'closed'); lapsed ones are loaded,
  // and the handler serves them during the grace period, then the "unavailable" page.
  if (!org || !billing || subscriptionState(billing.subscriptionStatus) === 'unchosen') return null;
  const menuIds = json<string[]>(venue.menus, []);
  const menuRows = publishedMenus(stmts, menuIds, String(venue.organization));
  const menusById = new Map(menuRows.map((m) => [String(m.id), m]));
  const orderedMenus = menuIds.map((id) => menusById.get(id)).filter((m): m is NonNullable<typeof m> => Boolean(m));
  return guestVenueOf(stmts, venue, org, billing, guestMenusOf(stmts, orderedMenus, now, venueMarks(stmts, String(venue.id))));
}

/**
 * One menu as its guest page would show it in `lang`, whatever its status and even when `lang`
 * is not published yet (the staff preview): shown at a venue that lists it (else the
 * organization's first venue, else a plain page). Null when the menu does not exist or `lang`
 * is not one of its languages.
 */
export function loadMenuPreview(stmts: SqlStatements, menuId: string, lang: string, now: string): GuestVenue | null {
  const row = menuById(stmts, menuId);
  if (!row) return null;
  const organization = String(row.organization);
  const languages = json<string[]>(row.languages, []);
  if (!languages.includes(lang)) return null;
  const org = organizationDefaults(stmts, organization);
  const billing = lapseFieldsOf(stmts, organization);
  if (!org || !billing) return null;
  const venueId = venueIdsListingMenu(stmts, organization, menuId)[0] ?? venueIdsOf(stmts, organization)[0];
  // Shown at that venue, so with its sold-out marks and prices.
  const [menu] = guestMenusOf(stmts, [row], now, venueMarks(stmts, venueId ?? ''), languages);
  if (!menu) return null;
  const venue = (venueId && venueById(stmts, venueId)) || {
    id: '',
    slug: 'preview',
    name: menu.name,
    organization,
    menus: JSON.stringify([menuId]),
  };
  return { ...guestVenueOf(stmts, venue, org, billing, [menu]), originalMenuUrl: '', tables: new Set(), embedOrigins: [] };
}
