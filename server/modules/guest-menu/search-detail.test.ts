import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, superuserRequest, type TestApp } from '../../test/test-app.ts';
import { flushGuestStats } from './index.ts';

/**
 * Issue 22 items 1 and 2 through HTTP, without JavaScript: the search `?q=` (accent- and
 * case-insensitive, in the page's language, over names, descriptions, tags and options; sections
 * kept as headings; a "no dishes match" state) and the dish page `/m/{slug}/i/{id}` (content,
 * photo sizes, 404s by the menu's rules, language, counted as a view of the dish).
 */
let t: TestApp;
let org = '';
let token = '';
let venueId = '';
const ids = { soup: '', noodles: '', brulee: '', late: '', laterMenu: '', draft: '', foreign: '' };

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The dishes a guest without JavaScript sees (not `hidden`), in page order. */
const visible = (html: string): string[] =>
  [...html.matchAll(/<li class="i[^"]*" id="i-[a-z0-9]+"[^>]*?( hidden)?><div><h3><a href="[^"]*"[^>]*>([^<]*)<\/a>/g)]
    .filter((m) => !m[1])
    .map((m) => String(m[2]));
/** The section headings a guest sees. */
const headings = (html: string): string[] =>
  [...html.matchAll(/<section id="s-[a-z0-9]+"( hidden)?><h2[^>]*>([^<]*)<\/h2>/g)].filter((m) => !m[1]).map((m) => String(m[2]));

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await activeOwner(t.ctx, 'search@example.com');
  org = owner.org;
  token = owner.token;
  const spicy = await seed(t.ctx, 'tags', { organization: org, name: 'Hot', color: '#b91c1c', translations: { de: { name: 'Scharf' } } });
  const extras = await seed(t.ctx, 'option_groups', { organization: org, name: 'Extras', maxChoices: 2 });
  await seed(t.ctx, 'options', {
    group: extras.id,
    name: 'Parmigiano',
    priceDelta: 150,
    allergens: ['milk'],
    translations: { de: { name: 'Parmesan' } },
  });
  const menu = await seed(t.ctx, 'menus', {
    organization: org,
    name: 'Carte',
    status: 'published',
    languages: ['en', 'de'],
    publishIncomplete: ['de'],
  });
  const starters = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Starters', translations: { de: { name: 'Vorspeisen' } } });
  const mains = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains', translations: { de: { name: 'Hauptgerichte' } } });
  const desserts = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Desserts', translations: { de: { name: 'Nachspeisen' } } });
  const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  const soup = await t.ctx.engine.create(
    t.ctx.engine.collection('items'),
    {
      data: {
        section: starters.id,
        name: 'Onion soup',
        description: 'With croutons and gruyère',
        prices: [
          { label: 'cup', amount: 550 },
          { label: 'bowl', amount: 850 },
        ],
        allergens: ['gluten', 'milk'],
        mayContain: ['celery'],
        diets: ['vegetarian'],
        optionGroups: [extras.id],
        nutrition: { kcal: 320, fat: 14, salt: 1.2, portion: '300 ml' },
        translations: { de: { name: 'Zwiebelsuppe', description: 'Mit Croûtons und Gruyère' } },
      },
      files: { image: [{ name: 'soup.png', data: image }] },
      fromForm: false,
    },
    superuserRequest(t.ctx),
  );
  ids.soup = String(soup.id);
  ids.noodles = String(
    (
      await seed(t.ctx, 'items', {
        section: mains.id,
        name: 'Cheese noodles',
        prices: [{ label: '', amount: 1290 }],
        tags: [spicy.id],
        translations: { de: { name: 'Käsespätzle' } },
      })
    ).id,
  );
  ids.brulee = String(
    (
      await seed(t.ctx, 'items', {
        section: desserts.id,
        name: 'Crème Brûlée',
        description: 'Vanilla custard',
        prices: [{ label: '', amount: 690 }],
        available: false,
      })
    ).id,
  );
  // A menu that is not on now (Sunday one minute past midnight), a draft, and another organization's menu.
  const later = await seed(t.ctx, 'menus', {
    organization: org,
    name: 'Late night',
    status: 'published',
    languages: ['en'],
    schedule: [{ day: 0, start: '00:00', end: '00:01' }],
  });
  const lateSection = await seed(t.ctx, 'sections', { menu: later.id, name: 'Snacks' });
  ids.late = String(
    (await seed(t.ctx, 'items', { section: lateSection.id, name: 'Midnight toast', prices: [{ label: '', amount: 500 }] })).id,
  );
  ids.laterMenu = String(later.id);
  const draft = await seed(t.ctx, 'menus', { organization: org, name: 'Secret', status: 'draft', languages: ['en'] });
  const draftSection = await seed(t.ctx, 'sections', { menu: draft.id, name: 'Secret' });
  ids.draft = String(
    (await seed(t.ctx, 'items', { section: draftSection.id, name: 'Secret dish', prices: [{ label: '', amount: 100 }] })).id,
  );
  const venue = await seed(t.ctx, 'venues', {
    organization: org,
    name: 'Bistro Suche',
    slug: 'bistro-suche',
    timezone: 'Europe/Berlin',
    primaryColor: '#1d4ed8',
    menus: [menu.id, later.id, draft.id],
  });
  venueId = String(venue.id);
  const other = await activeOwner(t.ctx, 'other@example.com');
  const otherMenu = await seed(t.ctx, 'menus', { organization: other.org, name: 'Other', status: 'published', languages: ['en'] });
  const otherSection = await seed(t.ctx, 'sections', { menu: otherMenu.id, name: 'Other' });
  ids.foreign = String(
    (await seed(t.ctx, 'items', { section: otherSection.id, name: 'Foreign dish', prices: [{ label: '', amount: 100 }] })).id,
  );
  await seed(t.ctx, 'venues', {
    organization: other.org,
    name: 'Elsewhere',
    timezone: 'UTC',
    primaryColor: '#000000',
    menus: [otherMenu.id],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('guest search without JavaScript', () => {
  it('finds dishes accent- and case-insensitively, keeps their sections as headings and hides the others', async () => {
    const all = (await get('/m/bistro-suche?lang=en')).body;
    expect(visible(all)).toEqual(['Onion soup', 'Cheese noodles', 'Crème Brûlée']);
    for (const q of ['brulee', 'CRÈME', 'creme%20BRÛLÉE', 'vanilla']) {
      const html = (await get(`/m/bistro-suche?lang=en&q=${q}`)).body;
      expect(visible(html), q).toEqual(['Crème Brûlée']);
      expect(headings(html), q).toEqual(['Desserts']);
      // The field shows what was searched; the sold-out dish is found and shown sold out, as on the menu.
      expect(html).toContain(`name="q" value="${decodeURIComponent(q)}"`);
      expect(html).toMatch(/<h3><a [^>]*>Crème Brûlée<\/a> <span class="so">Sold out<\/span>/);
    }
    // Every word must occur (in any of the dish's texts).
    expect(visible((await get('/m/bistro-suche?lang=en&q=gruyere+soup')).body)).toEqual(['Onion soup']);
    expect(visible((await get('/m/bistro-suche?lang=en&q=gruyere+noodles')).body)).toEqual([]);
  });

  it("searches the page's language: translated names, tags and options; untranslated ones in the original", async () => {
    expect(visible((await get('/m/bistro-suche?lang=de&q=kase')).body)).toEqual(['Käsespätzle']);
    expect(visible((await get('/m/bistro-suche?lang=en&q=kase')).body)).toEqual([]);
    expect(visible((await get('/m/bistro-suche?lang=en&q=cheese')).body)).toEqual(['Cheese noodles']);
    // Tags and options by their name in the page's language.
    expect(visible((await get('/m/bistro-suche?lang=de&q=SCHARF')).body)).toEqual(['Käsespätzle']);
    expect(visible((await get('/m/bistro-suche?lang=en&q=hot')).body)).toEqual(['Cheese noodles']);
    expect(visible((await get('/m/bistro-suche?lang=de&q=parmesan')).body)).toEqual(['Zwiebelsuppe']);
    expect(visible((await get('/m/bistro-suche?lang=en&q=parmigiano')).body)).toEqual(['Onion soup']);
    expect(visible((await get('/m/bistro-suche?lang=de&q=parmigiano')).body)).toEqual([]);
    // Descriptions too, with their accents folded.
    expect(visible((await get('/m/bistro-suche?lang=de&q=croutons')).body)).toEqual(['Zwiebelsuppe']);
  });

  it('says no dish matches, with a link back that keeps the language and the filter', async () => {
    const res = await get('/m/bistro-suche?lang=de&hide=milk&q=%3Cb%3Epizza');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(visible(html)).toEqual([]);
    expect(headings(html)).toEqual([]);
    expect(html).toContain(
      '<p class="empty" id="nq">Keine Gerichte passen zu „<span>&lt;b&gt;pizza</span>“. <a href="?hide=milk&amp;lang=de">Alle Gerichte zeigen</a></p>',
    );
    // The filter's own empty state is not shown for a search.
    expect(html).toMatch(/<p class="empty" id="nm" hidden>/);
    // The language links keep the search and the filter.
    expect(html).toContain('href="?hide=milk&amp;q=%3Cb%3Epizza&amp;lang=en"');
    // Without a search the message is there for the script, hidden.
    expect((await get('/m/bistro-suche?lang=de')).body).toMatch(/<p class="empty" id="nq" hidden>/);
  });

  it('combines with the filter and ignores what it cannot use', async () => {
    expect(visible((await get('/m/bistro-suche?lang=en&q=e&hide=milk')).body)).toEqual(['Cheese noodles', 'Crème Brûlée']);
    // Repeated, overlong or odd queries never fail: the first counts, cut to 100 characters.
    for (const q of ['q=soup&q=noodles', `q=${'x'.repeat(5000)}`, 'q=%00%01soup', 'q=', 'q=%20%20']) {
      const res = await get(`/m/bistro-suche?lang=en&${q}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect(visible((await get('/m/bistro-suche?lang=en&q=soup&q=noodles')).body)).toEqual(['Onion soup']);
    expect(visible((await get('/m/bistro-suche?lang=en&q=%00%01soup')).body)).toEqual(['Onion soup']);
    expect(visible((await get('/m/bistro-suche?lang=en&q=%20%20')).body)).toHaveLength(3);
  });
});

describe('dish pages', () => {
  it('shows the dish without JavaScript: photo sizes, description, prices, options, allergens spelled out, labels, nutrition, Back', async () => {
    const res = await get(`/m/bistro-suche/i/${ids.soup}?lang=en`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Onion soup – Bistro Suche</title>');
    expect(html).toContain(`<link rel="canonical" href="${t.ctx.config.appUrl}/m/bistro-suche/i/${ids.soup}?lang=en">`);
    expect(html).toContain(`hreflang="de" href="${t.ctx.config.appUrl}/m/bistro-suche/i/${ids.soup}?lang=de"`);
    expect(html).toContain(`<a class="bk" href="/m/bistro-suche?lang=en#i-${ids.soup}">← Back to the menu</a>`);
    expect(html).toMatch(/<h1>Onion soup <svg class="dg" role="img" aria-label="Vegetarian">/);
    expect(html).toContain('<p class="de">With croutons and gruyère</p>');
    expect(html).toContain('<small>cup</small> €5.50');
    expect(html).toContain('<small>bowl</small> €8.50');
    // An option's codes are letters as on the menu; the page's allergen list below names them.
    expect(html).toMatch(/<p class="og"><b>Extras<\/b> \(up to 2\): <span data-o>Parmigiano <span class="al">\(G\)<\/span> \+€1\.50/);
    expect(html).toContain(
      '<h2>Allergens</h2><ul><li><span class="ac">A</span>Cereals containing gluten</li><li><span class="ac">G</span>Milk</li></ul>',
    );
    expect(html).toContain('may contain:</span> <span>Celery</span>');
    expect(html).toContain('Vegetarian</li>');
    expect(html).toContain('<h2>Nutrition</h2>');
    expect(html).toContain('320 kcal (per 300 ml) · fat 14 g · salt 1.2 g');
    // The photo from the item's declared thumbs, as large as the screen needs.
    const img = /<img class="ph" src="([^"]+)" srcset="([^"]+)" sizes="[^"]+" width="480" height="320" alt="Onion soup">/.exec(html);
    expect(img).not.toBeNull();
    const candidates = String(img?.[2])
      .split(', ')
      .map((c) => c.split(' '));
    expect(candidates.map((c) => c[1])).toEqual(['480w', '960w']);
    for (const [url, w] of candidates) {
      const file = await get(String(url));
      expect(file.statusCode, url).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(`${meta.width}w`).toBe(w);
      expect(meta.height).toBe((Number.parseInt(String(w), 10) * 2) / 3);
    }
    // schema.org MenuItem with what the menu's JSON-LD leaves to it.
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'MenuItem',
      name: 'Onion soup',
      url: `${t.ctx.config.appUrl}/m/bistro-suche/i/${ids.soup}?lang=en`,
      disambiguatingDescription: 'Allergens: Cereals containing gluten, Milk; may contain: Celery',
      suitableForDiet: 'https://schema.org/VegetarianDiet',
      offers: [
        { '@type': 'Offer', price: '5.50', name: 'cup' },
        { '@type': 'Offer', price: '8.50', name: 'bowl' },
      ],
    });
    expect(ld.image).toContain('thumb=960x640');
  });

  it('is in the guest language, with the menu link on the menu page pointing to it', async () => {
    const menu = (await get('/m/bistro-suche?lang=de')).body;
    expect(menu).toContain(`<h3><a href="/m/bistro-suche/i/${ids.soup}?lang=de">Zwiebelsuppe</a>`);
    const html = (await get(`/m/bistro-suche/i/${ids.soup}?lang=de`)).body;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Zwiebelsuppe – Bistro Suche</title>');
    expect(html).toContain('<h2>Allergene</h2>');
    expect(html).toContain('Glutenhaltiges Getreide');
    expect(html).toContain('← Zurück zur Speisekarte');
    expect(html).toContain('Parmesan');
    // Accept-Language chooses as on the menu.
    expect((await get(`/m/bistro-suche/i/${ids.soup}`, { 'accept-language': 'de-AT,de;q=0.9' })).body).toContain('<html lang="de">');
  });

  it('shows a sold-out dish as the menu does, and the dish of a menu not on now with Back to that menu', async () => {
    const brulee = (await get(`/m/bistro-suche/i/${ids.brulee}?lang=en`)).body;
    expect(brulee).toContain('<span class="so">Sold out</span></h1>');
    expect(brulee).toContain('"availability":"https://schema.org/SoldOut"');
    const late = await get(`/m/bistro-suche/i/${ids.late}?lang=en`);
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain(`href="/m/bistro-suche/${ids.laterMenu}?lang=en#i-${ids.late}"`);
  });

  it('answers 404 for an unknown, draft or another venue’s dish, and a malformed id', async () => {
    for (const id of [ids.draft, ids.foreign, 'a'.repeat(15), 'NOT-AN-ID', `${ids.soup}x`, '%3Cscript%3E']) {
      const res = await get(`/m/bistro-suche/i/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body, id).toContain('<meta name="robots" content="noindex">');
    }
    expect((await get(`/m/nowhere/i/${ids.soup}`)).statusCode).toBe(404);
    // Once its menu is unpublished, the dish is gone too (the record event clears the cached page).
    await t.ctx.engine.update(
      t.ctx.engine.collection('items'),
      ids.noodles,
      {
        data: { section: String(t.ctx.stmts.get('SELECT section FROM items WHERE id = ?', [ids.draft])?.section) },
        files: {},
        fromForm: false,
      },
      superuserRequest(t.ctx),
    );
    expect((await get(`/m/bistro-suche/i/${ids.noodles}`)).statusCode).toBe(404);
  });

  it('counts an opened dish as a view of that dish, with no cookie and no identifier', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/analytics/guests?organization=${org}`, headers: { authorization: token } })
    ).json();
    const seen = (id: string, data: { topItems: { item: string; views: number }[] }) =>
      data.topItems.find((i) => i.item === id)?.views ?? 0;
    const res = await get(`/m/bistro-suche/i/${ids.brulee}`);
    expect(res.headers['set-cookie']).toBeUndefined();
    await get(`/m/bistro-suche/i/${ids.brulee}?lang=de`);
    await get(`/m/bistro-suche/i/${ids.draft}`); // a 404 counts nothing
    flushGuestStats(t.ctx);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/analytics/guests?organization=${org}`, headers: { authorization: token } })
    ).json();
    expect(seen(ids.brulee, after)).toBe(seen(ids.brulee, before) + 2);
    expect(after.topItems.find((i: { item: string }) => i.item === ids.brulee).name).toBe('Crème Brûlée');
    expect(seen(ids.draft, after)).toBe(0);
    // A dish view is not a page view.
    expect(after.days.reduce((n: number, d: { views: number }) => n + d.views, 0)).toBe(
      before.days.reduce((n: number, d: { views: number }) => n + d.views, 0),
    );
    const rows = t.ctx.stmts.all("SELECT * FROM guest_stats WHERE venue = ? AND kind = 'item'", [venueId]);
    expect(rows.map((r) => r.item)).toContain(ids.brulee);
  });

  it('serves the page script from a content-addressed URL cached for a year, and 404 for any other', async () => {
    const html = (await get('/m/bistro-suche')).body;
    const src = /<script src="(\/m-assets\/guest-[A-Za-z0-9_-]+\.js)" defer><\/script>/.exec(html)?.[1];
    expect(src).toBeDefined();
    const js = await get(String(src), { 'accept-encoding': 'gzip' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-encoding']).toBe('gzip');
    expect((await get('/m-assets/guest-old.js')).statusCode).toBe(404);
  });
});
