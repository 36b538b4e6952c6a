import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGEN_KEYS, ALLERGENS } from '../../../shared/constants.ts';
import { allergenNames } from '../../../shared/i18n/allergen-names.ts';
import { fill, GUEST_CHROME, type GuestChrome } from '../../../shared/i18n/guest-chrome.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ownerWorld, type OwnerWorld } from '../../test/translation-fixtures.ts';

/**
 * Issue 19's acceptance: a menu in en/de/fr/it with every guest-visible text translated (venue
 * name and address, menu, sections, items, price labels, tags) renders each language's guest page
 * with no text of another language. The page is parsed and EVERY text node (and every
 * human-readable attribute) is checked against the texts expected in the language it is in:
 * the one its element declares (`lang` of the nearest ancestor). Allergen names are exactly the
 * regulation's language version. A language published while incomplete shows its fallbacks in
 * the default language, each marked with that language.
 */
const LANGS = ['en', 'de', 'fr', 'it'] as const;
type Lang = (typeof LANGS)[number];
/** One text in each language. */
type Texts = Record<Lang, string>;

const T = (en: string, de: string, fr: string, it: string): Texts => ({ en, de, fr, it });
const VENUE = {
  name: T('The Golden Spoon', 'Der Goldene Löffel', "La Cuillère d'Or", "Il Cucchiaio d'Oro"),
  address: T('1 Harbour Road', 'Hafenstraße 1', '1 rue du Port', 'Via del Porto 1'),
};
const MENU = {
  name: T('Evening menu', 'Abendkarte', 'Carte du soir', 'Menù serale'),
  description: T('Served from six', 'Ab achtzehn Uhr', 'Servie dès dix-huit heures', 'Servito dalle diciotto'),
};
const TAG = T('Vegetarian', 'Vegetarisch', 'Végétarien', 'Vegetariano');
const SECTIONS = [
  {
    name: T('Starters', 'Vorspeisen', 'Entrées', 'Antipasti'),
    description: T('To share', 'Zum Teilen', 'À partager', 'Da condividere'),
    items: [
      {
        name: T('Beef broth', 'Rinderbrühe', 'Bouillon de bœuf', 'Brodo di manzo'),
        description: T('With chives', 'Mit Schnittlauch', 'À la ciboulette', 'Con erba cipollina'),
        prices: [
          { label: T('cup', 'Tasse', 'tasse', 'tazza'), amount: 450 },
          { label: T('bowl', 'Schüssel', 'bol', 'ciotola'), amount: 750 },
        ],
        allergens: ['celery'],
        mayContain: [],
        tag: false,
      },
      {
        name: T('Cheese plate', 'Käseplatte', 'Plateau de fromages', 'Tagliere di formaggi'),
        description: T('Three cheeses, walnuts', 'Drei Käse, Walnüsse', 'Trois fromages, noix', 'Tre formaggi, noci'),
        prices: [{ label: null, amount: 1290 }],
        allergens: ['milk', 'nuts'],
        mayContain: ['gluten'],
        tag: true,
      },
    ],
  },
  {
    name: T('Drinks', 'Getränke', 'Boissons', 'Bevande'),
    description: null,
    items: [
      {
        name: T('House red wine', 'Roter Hauswein', 'Vin rouge maison', 'Vino rosso della casa'),
        description: null,
        prices: [
          { label: T('glass', 'Glas', 'verre', 'bicchiere'), amount: 590 },
          { label: T('bottle', 'Flasche', 'bouteille', 'bottiglia'), amount: 2800 },
        ],
        // Every allergen once on the page: the whole legend and filter are checked.
        allergens: ALLERGEN_KEYS.filter((k) => !['celery', 'milk', 'nuts', 'gluten'].includes(k)),
        mayContain: [],
        tag: true,
      },
    ],
  },
];

/** `translations` of a record: the given fields in de/fr/it as a person wrote them. */
const translationsOf = (fields: Record<string, Texts | null>) =>
  Object.fromEntries(
    LANGS.slice(1).map((l) => [l, Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v ? [[k, v[l]]] : [])))]),
  );

let w: OwnerWorld;
/** The `updated` of every menu record created (the page's "Updated {date}"). */
const stamps: string[] = [];
const CURRENCY = 'EUR';

beforeAll(async () => {
  w = await ownerWorld({ env: { BILLING: 'off' } });
  const pb = w.pb;
  const tag = await pb.collection('tags').create({ organization: w.org, name: TAG.en, translations: translationsOf({ name: TAG }) });
  const menu = await pb.collection('menus').create({
    organization: w.org,
    name: MENU.name.en,
    description: MENU.description.en,
    status: 'published',
    languages: [...LANGS],
    translations: translationsOf(MENU),
  });
  for (const s of SECTIONS) {
    const section = await pb.collection('sections').create({
      menu: menu.id,
      name: s.name.en,
      description: s.description?.en ?? '',
      translations: translationsOf({ name: s.name, description: s.description }),
    });
    for (const i of s.items) {
      const item = await pb.collection('items').create({
        section: section.id,
        name: i.name.en,
        description: i.description?.en ?? '',
        prices: i.prices.map((p) => ({ label: p.label?.en ?? '', amount: p.amount })),
        allergens: i.allergens,
        mayContain: i.mayContain,
        tags: i.tag ? [tag.id] : [],
        translations: translationsOf({
          name: i.name,
          description: i.description,
          ...Object.fromEntries(i.prices.map((p, n) => [`prices.${n}`, p.label])),
        }),
      });
      stamps.push(item.updated);
    }
    stamps.push(section.updated);
  }
  stamps.push(menu.updated);
  await pb.collection('venues').create({
    organization: w.org,
    name: VENUE.name.en,
    address: VENUE.address.en,
    slug: 'golden-spoon',
    timezone: 'UTC',
    primaryColor: '#0f766e',
    menus: [menu.id],
    translations: translationsOf(VENUE),
    priceNote: 'vat',
  });
});
afterAll(() => w.t.close());

/** Everything a page in `lang` may say: the venue's texts in that language, its chrome, the regulation's names, prices, codes. */
function expectedTexts(lang: Lang): Set<string> {
  const chrome = GUEST_CHROME[lang] as GuestChrome;
  // "Updated {date}": the newest change of the menu's records, as that language writes a date (UTC venue).
  const newest = new Date(stamps.reduce((a, b) => (b > a ? b : a)).replace(' ', 'T'));
  const updated = fill(chrome.updated, { date: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(newest) });
  const records = [
    VENUE.name,
    VENUE.address,
    MENU.name,
    MENU.description,
    TAG,
    ...SECTIONS.flatMap((s) => [
      s.name,
      s.description,
      ...s.items.flatMap((i) => [i.name, i.description, ...i.prices.map((p) => p.label)]),
    ]),
  ];
  return new Set([
    ...records.flatMap((t) => (t ? [t[lang]] : [])),
    ...Object.entries(chrome)
      .filter(([key]) => key !== 'availableFrom' && key !== 'updated')
      // Grouped texts (the venue info, the search, the price notes) count one by one; "No dishes match “{q}”" shows around the guest's words.
      .flatMap(([, v]) => (typeof v === 'string' ? [v] : Object.values(v as Record<string, string>)))
      .flatMap((v) => (v.includes('{q}') ? v.split('{q}').map((part) => part.trim()) : [v])),
    updated,
    ...Object.values(allergenNames(lang).names),
    ...SECTIONS.flatMap((s) => s.items.flatMap((i) => i.prices.map((p) => formatMoney(p.amount, CURRENCY, lang)))),
  ]);
}

/** Texts that are no language's: allergen letter codes, the switch's language codes, punctuation. */
const NEUTRAL = new Set([...ALLERGENS.map((a) => a.code), ...LANGS.map((l) => l.toUpperCase())]);

interface Seen {
  text: string;
  lang: string;
  where: string;
}

/**
 * Every text node of the page and every human-readable attribute, each with the language its
 * element is in (nearest `lang`). Scripts and styles are not text; JSON-LD is read separately.
 */
function pageTexts(html: string): { seen: Seen[]; jsonLd: unknown; htmlLang: string } {
  const window = new Window();
  try {
    const doc = new window.DOMParser().parseFromString(html, 'text/html');
    const seen: Seen[] = [];
    const langOf = (el: Element | null): string => el?.closest('[lang]')?.getAttribute('lang') ?? '';
    const visit = (node: Node) => {
      if (node.nodeType === 1) {
        const el = node as Element;
        const tag = el.tagName.toLowerCase();
        if (tag === 'script' || tag === 'style') return;
        for (const attr of ['title', 'aria-label', 'alt', 'placeholder']) {
          const v = el.getAttribute(attr);
          if (v) seen.push({ text: v, lang: langOf(el), where: `${tag}[${attr}]` });
        }
      } else if (node.nodeType === 3) {
        const text = node.textContent ?? '';
        if (text.trim()) seen.push({ text, lang: langOf(node.parentElement), where: node.parentElement?.tagName.toLowerCase() ?? '' });
      }
      node.childNodes.forEach((child) => visit(child as unknown as Node));
    };
    visit(doc.documentElement as unknown as Node);
    const ld = doc.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null';
    return { seen, jsonLd: JSON.parse(ld), htmlLang: doc.documentElement.getAttribute('lang') ?? '' };
  } finally {
    void window.happyDOM.close();
  }
}

/**
 * The pieces of one text node: the page composes some nodes of several texts ("A · Milch",
 * "(kann enthalten: ", "Abendkarte – Der Goldene Löffel", " €12,90").
 */
function pieces(text: string): string[] {
  return text
    .split(/ – | · /)
    .map((p) =>
      p
        .trim()
        .replace(/^\(|\)$|:$/g, '')
        .trim(),
    )
    .filter((p) => p && !/^[\p{P}\s]+$/u.test(p));
}

/** Strings of the JSON-LD that guests' search engines show: names, descriptions, the address. */
function jsonLdTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => jsonLdTexts(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && ['name', 'description', 'address'].includes(k)) out.push(v);
      else jsonLdTexts(v, out);
    }
  return out;
}

describe('acceptance: every guest text in the page language', () => {
  it.each(LANGS)("%s: every text node belongs to that language's texts; allergen names are the regulation's", async (lang) => {
    const res = await w.t.app.inject({ method: 'GET', url: `/m/golden-spoon?lang=${lang}` });
    expect(res.statusCode).toBe(200);
    const { seen, jsonLd, htmlLang } = pageTexts(res.body);
    expect(htmlLang).toBe(lang);
    const expected = Object.fromEntries(LANGS.map((l) => [l, expectedTexts(l)])) as Record<Lang, Set<string>>;
    const strays: string[] = [];
    for (const s of seen) {
      // Only the language switch's links declare another language (each in its own).
      const inLang = (s.lang || lang) as Lang;
      if (inLang !== lang) expect(s.where, `"${s.text}" is marked ${s.lang}`).toMatch(/^(a|a\[title\])$/);
      // A dish's allergen line ("A, G", "Milch, Sellerie", "(kann enthalten: ") composes several texts in one node.
      const texts = ['details', 'summary', 'i'].includes(s.where) ? s.text.split(/, |: /) : [s.text];
      for (const piece of texts.flatMap(pieces))
        if (!NEUTRAL.has(piece) && !expected[inLang]?.has(piece)) strays.push(`${s.where}: "${piece}"`);
    }
    expect(strays, `texts that are not ${lang}`).toEqual([]);
    // The venue's own texts really are there (a page of nothing would pass the check above).
    const all = seen.map((s) => s.text).join('\n');
    for (const t of [VENUE.name, VENUE.address, MENU.name, MENU.description, TAG, SECTIONS[1]?.items[0]?.prices[1]?.label])
      expect(all).toContain(t?.[lang]);

    // Allergens: the legend, the filter and every <abbr title> in the regulation's wording of this language.
    const { names, lang: namesLang } = allergenNames(lang);
    expect(namesLang).toBe(lang);
    const legend = [...res.body.matchAll(/<dt>([A-Z])<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]);
    expect(legend).toEqual(ALLERGENS.map((a) => [a.code, names[a.key]]));
    const filter = [
      ...res.body.matchAll(/<label><input type="checkbox" name="hide" value="[a-z]+" id="x-[a-z]+"> ([A-Z]) · ([^<]*)<\/label>/g),
    ].map((m) => [m[1], m[2]]);
    expect(filter).toEqual(ALLERGENS.map((a) => [a.code, names[a.key]]));
    for (const m of res.body.matchAll(/<abbr title="([^"]*)"[^>]*>([A-Z])<\/abbr>/g))
      expect(m[1]).toBe(names[ALLERGENS.find((a) => a.code === m[2])?.key ?? 'milk']);

    // JSON-LD: every name and description in this language too.
    const ld = jsonLdTexts(jsonLd);
    expect(ld.length).toBeGreaterThan(10);
    expect(ld.filter((t) => !expected[lang].has(t))).toEqual([]);
  });
});

describe('acceptance: a language published while incomplete', () => {
  beforeAll(async () => {
    const pb = w.pb;
    const menu = await pb.collection('menus').create({
      organization: w.org,
      name: 'Brunch',
      status: 'published',
      languages: ['en', 'it', 'fr'],
      // Italian is published anyway; French is incomplete and not published.
      publishIncomplete: ['it'],
      translations: { it: { name: 'Brunch della domenica' }, fr: { name: 'Brunch du dimanche' } },
    });
    const section = await pb
      .collection('sections')
      .create({ menu: menu.id, name: 'Eggs', translations: { it: { name: 'Piatti di uova' } } });
    await pb.collection('items').create({
      section: section.id,
      name: 'Scrambled eggs',
      description: 'With toast',
      prices: [{ label: 'small', amount: 800 }],
      allergens: ['eggs'],
      translations: { it: { name: 'Uova strapazzate' } },
    });
    await pb.collection('venues').create({
      organization: w.org,
      name: 'Brunch Club',
      slug: 'brunch-club',
      timezone: 'UTC',
      primaryColor: '#0f766e',
      menus: [menu.id],
    });
  });

  it('shows the Italian that exists and the rest in English, each fallback marked lang="en"', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/m/brunch-club?lang=it' });
    const { seen, htmlLang } = pageTexts(res.body);
    expect(htmlLang).toBe('it');
    const inLang = (text: string) => seen.filter((s) => s.text.trim() === text).map((s) => s.lang || 'it');
    expect(inLang('Brunch della domenica')).toEqual(['it']);
    expect(inLang('Piatti di uova')).toEqual(['it', 'it']); // heading and section nav
    expect(inLang('Uova strapazzate')).toEqual(['it']);
    // Not translated: shown in English and marked so screen readers pronounce them right.
    expect(inLang('With toast')).toEqual(['en']);
    expect(inLang('small')).toEqual(['en']);
    expect(inLang('Brunch Club')).toEqual(['en']);
    expect(res.body).toContain('<p lang="en">With toast</p>');
    expect(res.body).toContain('<small lang="en">small</small>');
    // Chrome and allergen names are Italian: not marked.
    expect(inLang(GUEST_CHROME.it?.allergens ?? '')).toEqual(['it']);
    // The legend's name and the code's <abbr title>.
    expect(inLang(allergenNames('it').names.eggs)).toEqual(['it', 'it']);
  });

  it('offers only the default, complete and published-anyway languages', async () => {
    const it = (await w.t.app.inject({ method: 'GET', url: '/m/brunch-club?lang=it' })).body;
    const hreflangs = [...it.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]);
    expect(hreflangs).toEqual(['en', 'it', 'x-default']);
    expect(it).not.toContain('?lang=fr');
    // French is not offered: ?lang=fr and a French browser get the default language.
    const fr = await w.t.app.inject({ method: 'GET', url: '/m/brunch-club?lang=fr', headers: { 'accept-language': 'fr' } });
    expect(fr.body).toContain('<html lang="en">');
    expect(fr.body).not.toContain('Brunch du dimanche');
  });
});
