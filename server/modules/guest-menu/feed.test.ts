import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../test/test-app.ts';
import { zMenuFeed, type MenuFeed } from '../../../shared/menu-feed.ts';

/**
 * The public feed `GET /m/{slug}.json` (issue 22 item 5) through the real app: its shape checked
 * against the shared schema, what the page shows (menus on now, sold-out marks, hidden prices, the
 * venue's own price, translations with the page's fallback), ETag/304 and the page's cache rules,
 * open CORS with its preflight, and 404 in the contract's envelope for unknown and unpublished.
 */
let t: TestApp;
let owner: { id: string; org: string; token: string };
let soupId = '';
let wineId = '';
let risottoId = '';
let venueId = '';
// A Wednesday, 12:00 in Vienna: the dinner menu (Sundays only) is off.
const now = new Date('2026-11-25T11:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  owner = await activeOwner(t.ctx, 'feed@example.com');
  const menu = await seed(t.ctx, 'menus', {
    organization: owner.org,
    name: 'Carte',
    description: 'Our lunch',
    status: 'published',
    languages: ['en', 'de'],
    publishIncomplete: ['de'],
    translations: { de: { name: 'Karte' } },
  });
  const starters = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Starters', translations: { de: { name: 'Vorspeisen' } } });
  const group = await seed(t.ctx, 'option_groups', { organization: owner.org, name: 'Bread', maxChoices: 1 });
  await seed(t.ctx, 'options', { group: group.id, name: 'Sourdough', priceDelta: 150, allergens: ['gluten'] });
  soupId = String(
    (
      await seed(t.ctx, 'items', {
        section: starters.id,
        name: 'Tomato soup',
        description: 'With basil',
        translations: { de: { name: 'Tomatensuppe' } },
        prices: [{ label: '', amount: 650 }],
        allergens: ['celery', 'milk'],
        diets: ['vegetarian'],
        optionGroups: [group.id],
      })
    ).id,
  );
  risottoId = String(
    (await seed(t.ctx, 'items', { section: starters.id, name: 'Risotto', prices: [{ label: '', amount: 1850 }], available: false })).id,
  );
  const wine = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Wine', hidePrices: true });
  wineId = String(
    (
      await seed(t.ctx, 'items', {
        section: wine.id,
        name: 'Barolo',
        prices: [{ label: 'Bottle', amount: 9600 }],
        optionGroups: [group.id],
      })
    ).id,
  );
  const dinner = await seed(t.ctx, 'menus', {
    organization: owner.org,
    name: 'Dinner',
    status: 'published',
    languages: ['en'],
    schedule: [{ day: 0, start: '18:00', end: '22:00' }],
  });
  await seed(t.ctx, 'sections', { menu: dinner.id, name: 'Mains' });
  const draft = await seed(t.ctx, 'menus', { organization: owner.org, name: 'Secret draft', status: 'draft', languages: ['en'] });
  await seed(t.ctx, 'sections', { menu: draft.id, name: 'Secret section' });
  const venue = await seed(t.ctx, 'venues', {
    organization: owner.org,
    name: 'Osteria',
    slug: 'osteria',
    address: 'Hauptstraße 1, Wien',
    timezone: 'Europe/Vienna',
    primaryColor: '#1d4ed8',
    menus: [menu.id, dinner.id, draft.id],
    phone: '+43 1 234 56',
    priceNote: 'vat',
  });
  venueId = String(venue.id);
  await seed(t.ctx, 'venues', {
    organization: owner.org,
    name: 'Drafts only',
    slug: 'drafts-only',
    timezone: 'Europe/Vienna',
    primaryColor: '#1d4ed8',
    menus: [draft.id],
  });
  // This venue sells the soup for its own price.
  await seed(t.ctx, 'venue_items', { venue: venueId, item: soupId, prices: [{ label: '', amount: 700 }] });
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const feed = async (url = '/m/osteria.json', headers: Record<string, string> = {}): Promise<MenuFeed> => {
  const res = await get(url, headers);
  expect(res.statusCode).toBe(200);
  // The shared schema is the contract: every answer must pass it as it is.
  return zMenuFeed.parse(res.json());
};
const items = (f: MenuFeed) => f.menus.flatMap((m) => m.sections.flatMap((s) => s.items));
const itemOf = (f: MenuFeed, id: string) => items(f).find((i) => i.id === id);

describe('GET /m/{slug}.json', () => {
  it('is the page as data: menus on now, their sections and dishes, the venue, absolute URLs', async () => {
    const f = await feed('/m/osteria.json?lang=en');
    expect(f.version).toBe(1);
    expect(f.language).toBe('en');
    expect(f.languages).toEqual(['en', 'de']);
    expect(f.venue).toMatchObject({
      slug: 'osteria',
      name: 'Osteria',
      address: 'Hauptstraße 1, Wien',
      timezone: 'Europe/Vienna',
      currency: 'EUR',
      url: `${t.ctx.config.appUrl}/m/osteria?lang=en`,
      phone: '+43 1 234 56',
      priceNote: 'Prices include VAT.',
      logo: null,
    });
    expect(f.menus.map((m) => m.name)).toEqual(['Carte']);
    expect(f.menus[0]?.description).toBe('Our lunch');
    expect(f.menus[0]?.sections.map((s) => s.name)).toEqual(['Starters', 'Wine']);
    // The Sunday dinner is off on a Wednesday noon: listed for later, not shown; the draft nowhere.
    expect(f.later.map((m) => m.name)).toEqual(['Dinner']);
    expect(JSON.stringify(f)).not.toContain('Secret');
    const soup = itemOf(f, soupId);
    expect(soup).toMatchObject({
      name: 'Tomato soup',
      description: 'With basil',
      kind: 'dish',
      available: true,
      url: `${t.ctx.config.appUrl}/m/osteria/i/${soupId}?lang=en`,
      photo: null,
    });
    // The venue's own price, in minor units and as the page formats it; allergens in the legend's (Austrian letter) order.
    expect(soup?.prices).toEqual([{ label: '', amount: 700, currency: 'EUR', formatted: '€7.00' }]);
    expect(soup?.allergens).toEqual([
      { key: 'milk', code: 'G', name: 'Milk' },
      { key: 'celery', code: 'L', name: 'Celery' },
    ]);
    expect(soup?.diets).toEqual([{ key: 'vegetarian', name: 'Vegetarian' }]);
    expect(soup?.optionGroups[0]?.options[0]).toMatchObject({
      name: 'Sourdough',
      priceDelta: { amount: 150, currency: 'EUR', formatted: '€1.50' },
      allergens: [{ key: 'gluten', code: 'A', name: 'Cereals containing gluten' }],
    });
  });

  it('honours sold-out marks and hidden prices (no amounts, no surcharges)', async () => {
    const f = await feed();
    expect(itemOf(f, risottoId)?.available).toBe(false);
    const wine = f.menus[0]?.sections.find((s) => s.name === 'Wine');
    expect(wine?.pricesHidden).toBe(true);
    expect(itemOf(f, wineId)?.prices).toEqual([]);
    expect(itemOf(f, wineId)?.optionGroups[0]?.options[0]?.priceDelta).toBeUndefined();
    expect(JSON.stringify(wine)).not.toContain('9600');
  });

  it('speaks the page language: ?lang=, else Accept-Language, else the default; texts fall back one by one', async () => {
    const de = await feed('/m/osteria.json?lang=de');
    expect(de.language).toBe('de');
    expect(de.menus[0]?.name).toBe('Karte');
    expect(itemOf(de, soupId)?.name).toBe('Tomatensuppe');
    // Not translated: the original, as on the page.
    expect(itemOf(de, risottoId)?.name).toBe('Risotto');
    expect(itemOf(de, soupId)?.allergens[0]?.name).toBe('Milch');
    expect(itemOf(de, soupId)?.prices[0]?.formatted).toMatch(/^7,00\s€$/u);
    expect(itemOf(de, soupId)?.url).toBe(`${t.ctx.config.appUrl}/m/osteria/i/${soupId}?lang=de`);
    expect((await feed('/m/osteria.json', { 'accept-language': 'de-AT,de;q=0.9' })).language).toBe('de');
    expect((await feed('/m/osteria.json?lang=xx', { 'accept-language': 'ja' })).language).toBe('en');
  });

  it('has the page cache rules, an ETag answered with 304, and follows edits at once', async () => {
    const first = await get('/m/osteria.json');
    const page = await get('/m/osteria');
    expect(first.headers['cache-control']).toBe(page.headers['cache-control']);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.vary).toContain('Accept-Language');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/m/osteria.json', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['access-control-allow-origin']).toBe('*');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/items/records/${risottoId}`,
      headers: { authorization: await tokenFor(t.ctx, 'users', owner.id) },
      payload: { available: true },
    });
    expect(res.statusCode).toBe(200);
    const changed = await get('/m/osteria.json', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(itemOf(zMenuFeed.parse(changed.json()), risottoId)?.available).toBe(true);
    // Compressed like the page when asked.
    const gz = await get('/m/osteria.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('is open to any website: CORS on answers and the preflight, never credentials', async () => {
    const res = await get('/m/osteria.json', { origin: 'https://trattoria.example' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toBe('ETag');
    expect(res.headers['set-cookie']).toBeUndefined();
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/m/osteria.json',
      headers: {
        origin: 'https://trattoria.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toContain('GET');
    expect(pre.headers['access-control-allow-headers']).toBe('if-none-match');
  });

  it('answers 404 in the contract envelope for unknown venues and venues with nothing published, CORS included', async () => {
    for (const url of ['/m/nowhere.json', '/m/drafts-only.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ status: 404, message: "The requested resource wasn't found.", data: {} });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    // The page routes are untouched by the feed's.
    expect((await get('/m/osteria')).headers['content-type']).toContain('text/html');
    expect((await get(`/m/osteria/i/${soupId}`)).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After while the organization has lapsed past its grace period, as the page', async () => {
    const write = async (data: Record<string, unknown>) =>
      t.ctx.engine.update(
        t.ctx.engine.collection('organizations'),
        owner.org,
        { data, files: {}, fromForm: false },
        superuserRequest(t.ctx),
      );
    await write({ subscriptionStatus: 'past_due', lapsedAt: new Date(now.getTime() - 60 * 86_400_000).toISOString() });
    const res = await get('/m/osteria.json');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, message: 'The menu is temporarily unavailable.', data: {} });
    expect(res.headers['retry-after']).toBe('3600');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect((await get('/m/osteria')).statusCode).toBe(503);
    await write({ subscriptionStatus: 'active', lapsedAt: '' });
    expect((await get('/m/osteria.json')).statusCode).toBe(200);
  });
});
