import { en } from './guest/en.ts';
import { de } from './guest/de.ts';
import { fr } from './guest/fr.ts';
import { it } from './guest/it.ts';
import { es } from './guest/es.ts';
import { nl } from './guest/nl.ts';
import { pt } from './guest/pt.ts';
import { pl } from './guest/pl.ts';
import { cs } from './guest/cs.ts';
import { hr } from './guest/hr.ts';
import { el } from './guest/el.ts';
import { sv } from './guest/sv.ts';
import { da } from './guest/da.ts';
import { hu } from './guest/hu.ts';
import type { DietKey } from '../diets.ts';
import type { PriceNote } from '../price-notes.ts';

/**
 * The guest page's own texts ("chrome": everything on /m/{slug} that is not the venue's data),
 * one data file per language in shared/i18n/guest/. Adding a language: copy en.ts, translate it,
 * add it to GUEST_CHROME below (the compiler and guest-chrome.test.ts then check its keys).
 * Day and month names are not here: they come from `Intl` (`weekdayName`).
 */
export interface GuestChrome {
  /** The language's own name ("Deutsch"), shown as the tooltip of its switcher link. */
  languageName: string;
  /** Badge on an item that is sold out. */
  soldOut: string;
  /** A menu that starts later; `{when}` is a time ("18:00") or a weekday and time ("Saturday 18:00"). */
  availableFrom: string;
  /** The allergen filter's summary; the list of allergens follows. */
  hide: string;
  /** Heading of the allergen legend and the tooltip of an item's allergen codes. */
  allergens: string;
  /** Before the codes of allergens an item may contain as traces: "(may contain: A, G)". */
  mayContain: string;
  /** Link to the venue's original (printed) menu as a PDF. */
  originalMenu: string;
  /** No menu is on at this moment. */
  noMenu: string;
  /** Accessible name of the section navigation. */
  sections: string;
  /** Accessible name of the language switch. */
  language: string;
  /** Heading of the menus that start later today or this week. */
  later: string;
  /** Title of the page a guest sees when the venue's subscription lapsed. */
  unavailable: string;
  unavailableText: string;
  /** Title of the page of an unknown venue or menu. */
  notFound: string;
  notFoundText: string;
  /** The printed table card's call to action under the QR code. */
  scanForMenu: string;
  /** The printed table card's table line; `{table}` is the table's label ("12", "Terrace 3"). */
  table: string;
  /** The print kit's call to action, printed once per menu language under the code (shared/print-kit.ts). */
  printCta: string;
  /** The dietary filter's summary ("show only vegan"); the labels follow. */
  only: string;
  /** Shown when the guest's filter leaves no dish. */
  noMatch: string;
  /** The filter form's submit button (without JavaScript the filter applies on submit). */
  apply: string;
  /** The guest search: the field's label, "no dish matches" (`{q}`: what the guest typed) and the link that clears it. */
  search: { label: string; none: string; all: string };
  /** A dish's own page (and overlay): the link back to the menu, the overlay's close button, the nutrition heading. */
  detail: { back: string; close: string; nutrition: string };
  /** An option group's rule, after its name: "Side (choose 1): fries or salad". */
  choose: string;
  upTo: string;
  atLeast: string;
  range: string;
  /** Joins the options of a "choose 1" group: "fries or salad". */
  orWord: string;
  /** Nutrition per portion; `{portion}` is the venue's portion label ("350 g"). */
  per: string;
  /** The nutrients of the full nutrition line, in the EU declaration's wording (lower case: they follow a comma). */
  fat: string;
  saturates: string;
  carbs: string;
  sugars: string;
  protein: string;
  salt: string;
  /** The badge of a set menu ("Menu del día" is its name; this says what it is). */
  setMenu: string;
  /** In place of the price of an item sold at a price given on request (market price). */
  priceOnRequest: string;
  /** A set menu's course without a name of its own; `{n}` is its number (1, 2, 3). */
  course: string;
  /** After a course's name when it offers several dishes: "Starter (choose one): soup or salad". */
  chooseOne: string;
  /** The venue's optional daily energy note (the UK's out-of-home calorie labelling statement). */
  dailyKcal: string;
  /** Under each menu: when it last changed. `{date}` is a date from Intl in the page's language ("26 November 2026"). */
  updated: string;
  /** The venue's price note under the menu (shared/price-notes.ts). */
  priceNotes: Record<PriceNote, string>;
  /** Heading of the legend of the dietary label icons. */
  labels: string;
  /**
   * The venue's guest info (header line and footer block). `{time}` is a time from Intl ("22:00",
   * "10:00 PM"); `{when}` a time, or a weekday and time ("Tuesday 12:00").
   */
  info: {
    openNow: string;
    closesAt: string;
    closed: string;
    opensAt: string;
    hours: string;
    /** Heading of the dated exceptions (holidays, seasonal closing). */
    special: string;
    contact: string;
    phone: string;
    email: string;
    website: string;
    /** Link to the venue's address on a map. */
    map: string;
    wifi: string;
    network: string;
    password: string;
    /** The Wi-Fi password's copy button, and its text once copied. */
    copy: string;
    copied: string;
    /** Heading of the venue's social links. */
    follow: string;
    /** The legal notice (German "Impressum"). */
    imprint: string;
    privacy: string;
  };
  /** The dietary labels' names (shared/diets.ts): the icons' accessible names, the filter and the legend. */
  diets: Record<DietKey, string>;
}

/** Every shipped chrome language; English is the fallback of all others. */
export const GUEST_CHROME: Readonly<Record<string, GuestChrome>> = { en, de, fr, it, es, nl, pt, pl, cs, hr, el, sv, da, hu };

export const GUEST_CHROME_LANGUAGES: readonly string[] = Object.keys(GUEST_CHROME);

/** The shipped language that serves a page language ("de-AT" → "de"), or undefined. */
export function shippedLanguage<T>(table: Readonly<Record<string, T>>, lang: string): string | undefined {
  if (Object.hasOwn(table, lang)) return lang;
  const base = lang.toLowerCase().split('-')[0] ?? '';
  return Object.hasOwn(table, base) ? base : undefined;
}

/**
 * The chrome for a page language, and the language it is really in: a menu language the chrome
 * lacks (say "ja") gets English, and the page marks those texts `lang="en"`.
 */
export function guestChrome(lang: string): { lang: string; text: GuestChrome } {
  const shipped = shippedLanguage(GUEST_CHROME, lang) ?? 'en';
  return { lang: shipped, text: GUEST_CHROME[shipped] ?? en };
}

/** A chrome text with its `{name}` placeholders filled. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}

const weekdays = new Map<string, string[]>();
/** The weekday's name (0 = Sunday) in the language, from `Intl` (no hand-written lists). */
export function weekdayName(lang: string, day: number): string {
  let names = weekdays.get(lang);
  if (!names) {
    const format = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
    // 7 January 2024 was a Sunday.
    names = Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 7 + i))));
    weekdays.set(lang, names);
  }
  return names[day] ?? '';
}
