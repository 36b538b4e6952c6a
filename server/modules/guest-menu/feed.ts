import { ALLERGENS, type AllergenKey } from '../../../shared/constants.ts';
import { MENU_FEED_VERSION, type FeedItem, type MenuFeed } from '../../../shared/menu-feed.ts';
import { formatMoney } from '../../../shared/money.ts';
import { isOnAt, type WeekMinute } from '../../../shared/schedule.ts';
import type { DietKey } from '../../../shared/diets.ts';
import type { GuestItem, GuestVenue } from './load.ts';
import { menuLangs, pageText, shown, venueLangs, type TextLangs } from './render.ts';

/**
 * The public JSON feed of a venue (`GET /m/{slug}.json`, shape and meaning in shared/menu-feed.ts):
 * built from the very `GuestVenue` the page is rendered from, so it shows what the page shows —
 * published menus listed at the venue, on now by their schedule (the others under `later`),
 * sold-out marks and the venue's own prices, no amount where prices are hidden, texts in the
 * page's language with the same fallbacks.
 */
export interface FeedInput {
  venue: GuestVenue;
  lang: string;
  languages: string[];
  now: WeekMinute;
  baseUrl: string;
}

const CODES = new Map<string, string>(ALLERGENS.map((a) => [a.key, a.code]));
const ORDER = new Map<string, number>(ALLERGENS.map((a, i) => [a.key, i]));

export function buildFeed(input: FeedInput): MenuFeed {
  const { venue, lang, baseUrl } = input;
  const text = pageText(lang);
  const slug = encodeURIComponent(venue.slug);
  const multi = input.languages.length > 1;
  const withLang = (url: string) => (multi ? `${url}?lang=${encodeURIComponent(lang)}` : url);
  const money = (amount: number) => ({ amount, currency: venue.currency, formatted: formatMoney(amount, venue.currency, lang) });
  const allergens = (keys: string[]) =>
    keys
      .filter((k) => CODES.has(k))
      .sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0))
      .map((key) => ({ key, code: CODES.get(key) ?? '', name: text.names[key as AllergenKey] }));
  const diets = (keys: DietKey[]) => keys.map((key) => ({ key, name: text.c.diets[key] }));
  const file = (item: GuestItem, size: string) =>
    `${baseUrl}/api/files/items/${encodeURIComponent(item.id)}/${encodeURIComponent(item.image)}?thumb=${size}`;

  const item = (i: GuestItem, l: TextLangs, hidePrices: boolean): FeedItem => {
    const own = (key: string, source: string) => shown(i.translations, key, source, l).text;
    return {
      id: i.id,
      kind: i.kind,
      name: own('name', i.name),
      description: i.description ? own('description', i.description) : '',
      url: withLang(`${baseUrl}/m/${slug}/i/${encodeURIComponent(i.id)}`),
      available: i.available,
      priceOnRequest: i.priceOnRequest,
      prices:
        hidePrices || i.priceOnRequest
          ? []
          : i.prices.map((p, index) => ({ label: p.label ? own(`prices.${index}`, p.label) : '', ...money(p.amount) })),
      allergens: allergens(i.allergens),
      mayContain: allergens(i.mayContain),
      diets: diets(i.diets),
      photo: i.image ? { square: file(i, '160x160'), small: file(i, '480x320'), large: file(i, '960x640') } : null,
      optionGroups: i.optionGroups.map((g) => ({
        id: g.id,
        name: shown(g.translations, 'name', g.name, l).text,
        description: g.description ? shown(g.translations, 'description', g.description, l).text : '',
        minChoices: g.minChoices,
        maxChoices: g.maxChoices,
        options: g.options.map((o) => ({
          id: o.id,
          name: shown(o.translations, 'name', o.name, l).text,
          ...(hidePrices || i.priceOnRequest ? {} : { priceDelta: money(o.priceDelta) }),
          available: o.available,
          allergens: allergens(o.allergens),
          mayContain: allergens(o.mayContain),
          diets: diets(o.diets),
        })),
      })),
      courses: i.courses.map((c) => ({
        name: shown(c.translations, 'name', c.name, l).text,
        description: c.description ? shown(c.translations, 'description', c.description, l).text : '',
        choices: c.choices.map((d) => ({ id: d.id, name: shown(d.translations, 'name', d.name, l).text })),
      })),
    };
  };

  const v = venueLangs(venue, lang);
  const menuName = (m: GuestVenue['menus'][number]) => shown(m.translations, 'name', m.name, menuLangs(m, lang)).text;
  const menuUrl = (id: string) => withLang(`${baseUrl}/m/${slug}/${encodeURIComponent(id)}`);
  const info = venue.info;
  return {
    version: MENU_FEED_VERSION,
    language: lang,
    languages: input.languages,
    venue: {
      slug: venue.slug,
      name: shown(venue.translations, 'name', venue.name, v).text,
      address: venue.address ? shown(venue.translations, 'address', venue.address, v).text : '',
      timezone: venue.timezone,
      currency: venue.currency,
      url: withLang(`${baseUrl}/m/${slug}`),
      logo: venue.logo
        ? `${baseUrl}/api/files/venues/${encodeURIComponent(venue.id)}/${encodeURIComponent(venue.logo)}?thumb=256x256`
        : null,
      phone: info.phone,
      email: info.email,
      website: info.website,
      socialLinks: info.socialLinks,
      imprintUrl: info.imprintUrl,
      privacyUrl: info.privacyUrl,
      openingHours: info.hours,
      priceNote: venue.priceNote ? text.c.priceNotes[venue.priceNote] : '',
    },
    menus: venue.menus
      .filter((m) => isOnAt(m.schedule, input.now))
      .map((m) => {
        const l = menuLangs(m, lang);
        return {
          id: m.id,
          name: menuName(m),
          description: m.description ? shown(m.translations, 'description', m.description, l).text : '',
          url: menuUrl(m.id),
          updated: m.changed,
          sections: m.sections.map((s) => ({
            id: s.id,
            name: shown(s.translations, 'name', s.name, l).text,
            description: s.description ? shown(s.translations, 'description', s.description, l).text : '',
            pricesHidden: s.hidePrices,
            items: s.items.map((i) => item(i, l, s.hidePrices)),
          })),
        };
      }),
    later: venue.menus.filter((m) => !isOnAt(m.schedule, input.now)).map((m) => ({ id: m.id, name: menuName(m), url: menuUrl(m.id) })),
  };
}
