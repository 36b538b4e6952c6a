import { z } from 'zod';

/**
 * The public read-only feed of a venue's published menus, `GET /m/{slug}.json` (issue 22 item 5):
 * what the guest page shows now, as data for restaurant websites and integrators. The server
 * builds it (server/modules/guest-menu/feed.ts) and its tests check every answer against this
 * schema. `version` changes only when a field changes meaning or goes; new fields may be added
 * within a version. Texts are in `language` (the page's choice: `?lang=`, else Accept-Language,
 * else the menu's default), each with its own fallback as on the page.
 */
export const MENU_FEED_VERSION = 1;

const zMoney = z.object({
  /** In the currency's minor units (cents; JPY has none). */
  amount: z.number().int(),
  currency: z.string().length(3),
  /** As the page shows it in `language`: "€ 12.50", "12,50 €". */
  formatted: z.string(),
});

const zAllergen = z.object({
  /** A key of the 14 EU allergens (`gluten`, `milk` …). */
  key: z.string(),
  /** The page's code letter for it (A, B, …, as in its legend). */
  code: z.string(),
  /** Its official name in `language` (Regulation (EU) No 1169/2011, Annex II), English where not checked. */
  name: z.string(),
});

const zDiet = z.object({ key: z.string(), name: z.string() });

const zFeedOption = z.object({
  id: z.string(),
  name: z.string(),
  /** What choosing it adds to the price; absent when the dish's prices are hidden. */
  priceDelta: zMoney.optional(),
  available: z.boolean(),
  allergens: z.array(zAllergen),
  mayContain: z.array(zAllergen),
  diets: z.array(zDiet),
});

const zFeedOptionGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  options: z.array(zFeedOption),
});

const zFeedPhoto = z.object({
  /** 160×160, 480×320 and 960×640 crops of the dish's photo (absolute URLs). */
  square: z.string().url(),
  small: z.string().url(),
  large: z.string().url(),
});

export const zFeedItem = z.object({
  id: z.string(),
  kind: z.enum(['dish', 'set']),
  name: z.string(),
  description: z.string(),
  /** The dish's own page (absolute URL). */
  url: z.string().url(),
  /** False while sold out (everywhere, or at this venue). */
  available: z.boolean(),
  /** "Price on request": no amount on purpose. */
  priceOnRequest: z.boolean(),
  /** Empty when the section or menu hides prices (`pricesHidden`) or the price is on request. */
  prices: z.array(zMoney.extend({ label: z.string() })),
  allergens: z.array(zAllergen),
  mayContain: z.array(zAllergen),
  diets: z.array(zDiet),
  photo: zFeedPhoto.nullable(),
  optionGroups: z.array(zFeedOptionGroup),
  /** A set menu's courses: free text and the dishes to choose from (ids and names of this feed's dishes). */
  courses: z.array(
    z.object({ name: z.string(), description: z.string(), choices: z.array(z.object({ id: z.string(), name: z.string() })) }),
  ),
});

export const zFeedSection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  pricesHidden: z.boolean(),
  items: z.array(zFeedItem),
});

export const zFeedMenu = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The menu's own page (absolute URL). */
  url: z.string().url(),
  /** The newest change to the menu, its sections, dishes and options (`YYYY-MM-DD HH:MM:SS.sssZ`). */
  updated: z.string(),
  sections: z.array(zFeedSection),
});

export const zMenuFeed = z.object({
  version: z.literal(MENU_FEED_VERSION),
  /** The language of the texts, and the languages `?lang=` may ask for. */
  language: z.string(),
  languages: z.array(z.string()),
  venue: z.object({
    slug: z.string(),
    name: z.string(),
    address: z.string(),
    timezone: z.string(),
    currency: z.string().length(3),
    /** The guest page (absolute URL). */
    url: z.string().url(),
    logo: z.string().url().nullable(),
    phone: z.string(),
    email: z.string(),
    website: z.string(),
    socialLinks: z.array(z.string()),
    imprintUrl: z.string(),
    privacyUrl: z.string(),
    /** As stored (shared/opening-hours.ts): weekly windows and dated exceptions, in `timezone`; null when not given. */
    openingHours: z.unknown().nullable(),
    /** The venue's price note ("Prices include VAT.") in `language`, '' for none. */
    priceNote: z.string(),
  }),
  /** The menus on now, as the page shows them (their schedules in the venue's time zone). */
  menus: z.array(zFeedMenu),
  /** The venue's other menus, off at this hour by their schedule: each has its own page. */
  later: z.array(z.object({ id: z.string(), name: z.string(), url: z.string().url() })),
});

export type MenuFeed = z.infer<typeof zMenuFeed>;
export type FeedItem = z.infer<typeof zFeedItem>;
