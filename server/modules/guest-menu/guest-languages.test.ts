import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, type TestApp } from '../../test/test-app.ts';
import { ALLERGENS, ALLERGEN_KEYS } from '../../../shared/constants.ts';
import { allergenNames } from '../../../shared/i18n/allergen-names.ts';
import { GUEST_CHROME, type GuestChrome } from '../../../shared/i18n/guest-chrome.ts';

/**
 * The guest page in each of its menu's languages (issue 19, items 2 and 6): chrome only in the
 * page's language, the regulation's allergen names of that language version, and the language
 * links search engines read.
 */
let t: TestApp;
const LANGS = ['en', 'de', 'fr', 'it'] as const;

/** Each text as the venue wrote it in the four languages. */
const texts = (base: string) => ({
  name: `${base} EN`,
  translations: Object.fromEntries(
    LANGS.slice(1).map((l) => [l, { name: `${base} ${l.toUpperCase()}`, description: `${base} desc ${l}` }]),
  ),
  description: `${base} desc en`,
});

beforeAll(async () => {
  t = await buildTestApp();
  const { org } = await activeOwner(t.ctx, 'o@example.com');
  const menu = await seed(t.ctx, 'menus', {
    organization: org,
    status: 'published',
    languages: [...LANGS],
    name: 'Carte',
    // Every text translated: each language is complete, so guests are offered all four.
    translations: Object.fromEntries(LANGS.slice(1).map((l) => [l, { name: `Carte ${l.toUpperCase()}` }])),
  });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, ...texts('Section') });
  // Every allergen on one dish (stored in reverse: the page shows the legend's order), and one as a trace on another.
  await seed(t.ctx, 'items', {
    section: section.id,
    ...texts('Dish'),
    prices: [{ label: '', amount: 900 }],
    allergens: [...ALLERGEN_KEYS].reverse(),
  });
  await seed(t.ctx, 'items', {
    section: section.id,
    ...texts('Other'),
    prices: [{ label: '', amount: 500 }],
    mayContain: ['nuts'],
    available: false,
  });
  await seed(t.ctx, 'venues', { organization: org, name: 'Polyglot', timezone: 'UTC', primaryColor: '#0f766e', menus: [menu.id] });

  // Menus in languages the chrome lacks (ja) or whose allergen wording is not yet checked (el).
  for (const [slug, langs] of [
    ['nihon', ['en', 'ja']],
    ['taverna', ['el', 'en']],
  ] as const) {
    // Complete in both languages, so both are offered to guests.
    const other = { [langs[1]]: { name: `${langs[1]} text` } };
    const m = await seed(t.ctx, 'menus', {
      organization: org,
      name: `Menu ${slug}`,
      status: 'published',
      languages: [...langs],
      translations: other,
    });
    const s = await seed(t.ctx, 'sections', { menu: m.id, name: 'Mains', translations: other });
    await seed(t.ctx, 'items', {
      section: s.id,
      name: 'Dish',
      translations: other,
      prices: [{ label: '', amount: 900 }],
      allergens: ['milk'],
      mayContain: ['eggs'],
    });
    await seed(t.ctx, 'venues', { organization: org, name: slug, slug, timezone: 'UTC', primaryColor: '#0f766e', menus: [m.id] });
  }
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Each dish's allergen disclosure: [its summary (the codes), its line with the full names]. */
const dishAllergens = (html: string) =>
  [...html.matchAll(/<details><summary>([A-Z, ]*(?: <i>.*?<\/i>)?)<\/summary>(.*?)<\/details>/g)].map((m) => [m[1], m[2]]);

/** Every text node and every human-readable attribute of the page (no scripts or styles). */
function visibleTexts(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '');
  const nodes = [...body.matchAll(/>([^<]+)</g)].map((m) => m[1] ?? '');
  const attrs = [...body.matchAll(/\s(?:title|aria-label|content)="([^"]*)"/g)].map((m) => m[1] ?? '');
  const decode = (s: string) =>
    s
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  // "(kann enthalten: " and "L · Sellerie" hold a chrome text or a name with punctuation around it.
  // A dish's allergen line ("Milk, Nuts", "(may contain: H)") composes several texts in one node.
  return [...nodes.flatMap((s) => s.split(/, |: /)), ...attrs]
    .map((s) =>
      decode(s)
        .trim()
        .replace(/^\(|:$/g, '')
        .replace(/^[A-Z] · /, '')
        .trim(),
    )
    .filter(Boolean);
}

/** A language's chrome texts shown as they are (the "{when}" template is checked separately). */
const chromeStrings = (c: GuestChrome) =>
  Object.entries(c)
    .filter(([key]) => key !== 'languageName' && key !== 'availableFrom')
    .map(([, v]) => v);

const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');

describe('the guest page in each menu language', () => {
  it.each(LANGS)('%s: chrome only in that language, official allergen names, language links', async (lang) => {
    const res = await get(`/m/polyglot?lang=${lang}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const c = GUEST_CHROME[lang] as GuestChrome;
    const seen = new Set(visibleTexts(html));

    // The chrome the page shows, in the page's language…
    for (const s of [c.soldOut, c.hide, c.allergens, c.mayContain, c.sections, c.language]) expect(seen, s).toContain(s);
    // …and no chrome text of another shipped language (the switcher's language names excepted:
    // they are each language's own name, marked with its `lang`).
    const own = new Set(chromeStrings(c));
    for (const [other, chrome] of Object.entries(GUEST_CHROME)) {
      if (other === lang) continue;
      for (const s of chromeStrings(chrome)) if (!own.has(s)) expect(seen.has(s), `${other}: "${s}" on the ${lang} page`).toBe(false);
    }
    // Chrome and names are in the page's language: nothing is marked as another language but the switcher.
    expect(html.replace(/<nav class="lg"[\s\S]*?<\/nav>/, '')).not.toMatch(/<(?!html)[a-z0-9]+ [^>]*\slang="/);

    // Allergen names exactly as the data file says for this language version, everywhere.
    const { names, lang: namesLang } = allergenNames(lang);
    expect(namesLang).toBe(lang);
    const legend = [...html.matchAll(/<dt>([A-Z])<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]);
    expect(legend).toEqual(ALLERGENS.map((a) => [a.code, names[a.key]]));
    const filter = [
      ...html.matchAll(/<label><input type="checkbox" name="hide" value="[a-z]+" id="x-([a-z]+)"> ([A-Z]) · ([^<]*)<\/label>/g),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(filter).toEqual(ALLERGENS.map((a) => [a.key, a.code, names[a.key]]));
    // Under each dish: the codes in the legend's order (not the stored one), and on a tap (or to a
    // screen reader) the same line with the full names, beside the dish; no `title` doing that job.
    expect(dishAllergens(html)).toEqual([
      [ALLERGENS.map((a) => a.code).join(', '), ALLERGENS.map((a) => names[a.key]).join(', ')],
      [` <i>(${c.mayContain}: H)</i>`, ` <i>(${c.mayContain}: ${names.nuts})</i>`],
    ]);
    expect(html).not.toMatch(/<abbr/);
    const items = jsonLdOf(html).hasMenu[0].hasMenuSection[0].hasMenuItem;
    expect(items[0].name).toBe(lang === 'en' ? 'Dish EN' : `Dish ${lang.toUpperCase()}`);
    // The allergens spelled out are on each dish's own page (its MenuItem), in the page's language.
    const pages = [...html.matchAll(/<h3><a href="([^"]+)"/g)].map((m) => String(m[1]).replace(/&amp;/g, '&'));
    expect(pages[0]).toMatch(new RegExp(`^/m/polyglot/i/[a-z0-9]{15}\\?lang=${lang}$`));
    const dishes = await Promise.all(pages.slice(0, 2).map(async (u) => jsonLdOf((await get(u)).body)));
    expect(dishes[0].disambiguatingDescription).toBe(`${c.allergens}: ${ALLERGENS.map((a) => names[a.key]).join(', ')}`);
    expect(dishes[1].disambiguatingDescription).toBe(`${c.mayContain}: ${names.nuts}`);

    // Language: <html lang>, a canonical per language, an alternate per menu language and x-default.
    const base = `${t.ctx.config.appUrl}/m/polyglot`;
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<link rel="canonical" href="${base}?lang=${lang}">`);
    expect(html).toContain(`<meta property="og:url" content="${base}?lang=${lang}">`);
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]);
    expect(alternates).toEqual([...LANGS.map((l) => [l, `${base}?lang=${l}`]), ['x-default', `${base}?lang=en`]]);
    // The switch links every other language, each named in its own language.
    for (const l of LANGS.filter((x) => x !== lang)) {
      expect(html).toContain(
        `<a href="?lang=${l}" hreflang="${l}" lang="${l}" title="${GUEST_CHROME[l]?.languageName}">${l.toUpperCase()}</a>`,
      );
    }
  });

  it("keeps the guest's filter in the language links", async () => {
    const html = (await get('/m/polyglot?diet=vegan&hide=milk&hide=nuts&lang=de')).body;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<a href="?diet=vegan&amp;hide=milk&amp;hide=nuts&amp;lang=fr" hreflang="fr"');
    expect(html).toContain('<a href="?diet=vegan&amp;hide=milk&amp;hide=nuts&amp;lang=en" hreflang="en"');
  });

  it('still picks the language from Accept-Language, with the same canonical as ?lang=', async () => {
    const html = (await get('/m/polyglot', { 'accept-language': 'it-CH,it;q=0.9' })).body;
    expect(html).toContain('<html lang="it">');
    expect(html).toContain(`<link rel="canonical" href="${t.ctx.config.appUrl}/m/polyglot?lang=it">`);
    expect(html).toContain('Esaurito');
  });

  it('keeps the chrome in English, marked lang="en", for a menu language it does not ship (ja)', async () => {
    const html = (await get('/m/nihon?lang=ja')).body;
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<summary lang="en">Hide dishes containing…</summary>');
    expect(html).toContain('<h2 lang="en">Allergens</h2><dl lang="en"><dt>C</dt><dd>Eggs</dd><dt>G</dt><dd>Milk</dd></dl>');
    expect(html).toContain(
      '<details><summary>G <i>(<span lang="en">may contain:</span> C)</i></summary><span lang="en">Milk</span> <i>(<span lang="en">may contain:</span> <span lang="en">Eggs</span>)</i></details>',
    );
    expect(html).toContain('<nav class="lg" aria-label="Language" lang="en">');
    // The English page itself marks nothing.
    expect((await get('/m/nihon?lang=en')).body).not.toMatch(/<(?!html)[^>]*\slang="en"/);
  });

  it('shows Greek chrome with English allergen names until the Greek wording is checked', async () => {
    const html = (await get('/m/taverna?lang=el')).body;
    expect(html).toContain(`<summary>${GUEST_CHROME.el?.hide}</summary>`);
    expect(html).toContain(`<h2>${GUEST_CHROME.el?.allergens}</h2><dl lang="en"><dt>C</dt><dd>Eggs</dd>`);
  });

  it('answers "not found" in the language of ?lang= too, before Accept-Language', async () => {
    const fr = await get('/m/no-such-venue?lang=fr', { 'accept-language': 'de' });
    expect(fr.statusCode).toBe(404);
    expect(fr.body).toContain(`<h1>${GUEST_CHROME.fr?.notFound}</h1>`);
    const unknown = await get('/m/no-such-venue?lang=xx', { 'accept-language': 'it' });
    expect(unknown.body).toContain(`<h1>${GUEST_CHROME.it?.notFound}</h1>`);
  });

  it('answers "not found" in the language the browser asks for', async () => {
    const de = await get('/m/no-such-venue', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.statusCode).toBe(404);
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain(`<h1>${GUEST_CHROME.de?.notFound}</h1>`);
    const ja = await get('/m/no-such-venue', { 'accept-language': 'ja' });
    expect(ja.body).toContain('<h1>Menu not found</h1>');
  });
});
