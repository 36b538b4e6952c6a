import type { Statements } from '../../db/statements.ts';
import type { ScheduleWindow } from '../../../shared/schedule.ts';
import { itemsOfSections, publishedMenus, sectionsOfMenus } from '../menus/queries.ts';
import { lapseFieldsOf, organizationDefaults } from '../organizations/queries.ts';
import type { LapseFields } from '../../../shared/lapse.ts';
import { subscriptionState } from '../../../shared/subscription.ts';
import { tagsByIds } from '../tags/queries.ts';
import { uploadOfOrganization } from '../uploads/queries.ts';
import { venueBySlug } from '../venues/queries.ts';

export interface Translation {
  name?: string;
  description?: string;
}
export interface GuestItem {
  id: string;
  name: string;
  description: string;
  prices: { label: string; amount: number }[];
  image: string;
  tags: { name: string; color: string }[];
  allergens: string[];
  mayContain: string[];
  available: boolean;
  translations: Record<string, Translation>;
}
export interface GuestSection {
  id: string;
  name: string;
  description: string;
  translations: Record<string, Translation>;
  items: GuestItem[];
}
export interface GuestMenu {
  id: string;
  name: string;
  description: string;
  schedule: ScheduleWindow[];
  languages: string[];
  updated: string;
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
  logo: string;
  organization: string;
  defaultLanguage: string;
  originalMenuUrl: string;
  menus: GuestMenu[];
  /** Every language offered by the venue's menus (the switcher). */
  languages: string[];
  /** The venue's registered table labels: only these are counted per table. */
  tables: ReadonlySet<string>;
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
 * Everything a venue's guest page shows, in at most seven queries (venue, organization, menus,
 * sections, items, tags, original upload) whatever the menu's size, each through the module that
 * owns the table. Only published menus listed at the venue are included.
 */
export function loadGuestVenue(stmts: Statements, slug: string, now: string): GuestVenue | null {
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
  const sectionRows = sectionsOfMenus(
    stmts,
    orderedMenus.map((m) => String(m.id)),
  );
  const itemRows = itemsOfSections(
    stmts,
    sectionRows.map((s) => String(s.id)),
  );
  const tags = tagsByIds(stmts, [...new Set(itemRows.flatMap((i) => json<string[]>(i.tags, [])))]);

  const itemsBySection = new Map<string, GuestItem[]>();
  for (const i of itemRows) {
    const soldOutUntil = String(i.soldOutUntil ?? '');
    // "Sold out until" resets by itself once the time has passed (the cron also writes it back).
    const available = i.available === 1 || (soldOutUntil !== '' && soldOutUntil <= now);
    const list = itemsBySection.get(String(i.section)) ?? [];
    list.push({
      id: String(i.id),
      name: String(i.name),
      description: String(i.description ?? ''),
      prices: json(i.prices, []),
      image: String(i.image ?? ''),
      tags: json<string[]>(i.tags, [])
        .map((id) => tags.get(id))
        .filter((t): t is { name: string; color: string } => Boolean(t)),
      allergens: json(i.allergens, []),
      mayContain: json(i.mayContain, []),
      available,
      translations: json(i.translations, {}),
    });
    itemsBySection.set(String(i.section), list);
  }
  const sectionsByMenu = new Map<string, GuestSection[]>();
  for (const s of sectionRows) {
    const list = sectionsByMenu.get(String(s.menu)) ?? [];
    list.push({
      id: String(s.id),
      name: String(s.name),
      description: String(s.description ?? ''),
      translations: json(s.translations, {}),
      items: itemsBySection.get(String(s.id)) ?? [],
    });
    sectionsByMenu.set(String(s.menu), list);
  }
  const upload = venue.originalMenu ? uploadOfOrganization(stmts, String(venue.originalMenu), String(venue.organization)) : undefined;
  const menus: GuestMenu[] = orderedMenus.map((m) => ({
    id: String(m.id),
    name: String(m.name),
    description: String(m.description ?? ''),
    schedule: json(m.schedule, []),
    languages: json<string[]>(m.languages, []),
    updated: String(m.updated ?? ''),
    sections: sectionsByMenu.get(String(m.id)) ?? [],
  }));
  return {
    id: String(venue.id),
    slug: String(venue.slug),
    name: String(venue.name),
    timezone: String(venue.timezone || 'UTC'),
    primaryColor: String(venue.primaryColor || '#0f766e'),
    currency: String(venue.currency || org.currency || 'EUR'),
    address: String(venue.address ?? ''),
    logo: String(venue.logo ?? ''),
    organization: String(venue.organization),
    defaultLanguage: String(org.defaultLanguage || 'en'),
    originalMenuUrl: upload?.file ? `/m/${encodeURIComponent(String(venue.slug))}/original.pdf` : '',
    menus,
    languages: [...new Set(menus.flatMap((m) => m.languages))],
    tables: new Set(json<unknown[]>(venue.tables, []).map(String)),
    billing,
  };
}
