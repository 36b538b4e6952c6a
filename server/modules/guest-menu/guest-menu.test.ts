import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import { PDFDocument } from 'pdf-lib';
import { activeOwner, buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../test/test-app.ts';
import { eventually } from '../../test/eventually.ts';
import { flushGuestStats, SCAN_LIMIT } from './index.ts';
import { GUEST_CSS } from './styles.ts';
import { LIVE_SCRIPT } from './live-script.ts';
import { LANG_SWITCH_SCRIPT } from './lang-switch-script.ts';
import { COPY_SCRIPT } from './copy-script.ts';
import { GUEST_SCRIPT } from './guest-script.ts';
import { LAYOUTS } from '../../../shared/themes.ts';

/** The guest page through HTTP: content, languages, schedules, caching, privacy, stats, live updates. */
let t: TestApp;
let org = '';
let venueId = '';
let soupId = '';
let menuId = '';

async function update(collection: string, id: string, data: Record<string, unknown>) {
  return t.ctx.engine.update(t.ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, superuserRequest(t.ctx));
}

beforeAll(async () => {
  t = await buildTestApp();
  const user = await seed(t.ctx, 'users', {
    email: 'owner@example.com',
    password: 'owner-password',
    passwordConfirm: 'owner-password',
    verified: true,
  });
  org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
  await update('organizations', org, { subscriptionStatus: 'active' });
  const vegan = await seed(t.ctx, 'tags', { organization: org, name: 'Vegan', color: '#15803d' });
  // German is partly translated and published anyway: its missing texts show in English.
  const menu = await seed(t.ctx, 'menus', {
    organization: org,
    name: 'À la carte',
    status: 'published',
    languages: ['en', 'de'],
    publishIncomplete: ['de'],
  });
  menuId = String(menu.id);
  const dinner = await seed(t.ctx, 'menus', {
    organization: org,
    name: 'Dinner',
    status: 'published',
    languages: ['en'],
    schedule: [{ day: 0, start: '00:00', end: '00:01' }],
  });
  const draft = await seed(t.ctx, 'menus', { organization: org, name: 'Secret draft', status: 'draft' });
  const starters = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Starters', translations: { de: { name: 'Vorspeisen' } } });
  const soup = await seed(t.ctx, 'items', {
    section: starters.id,
    name: 'Tomato soup',
    description: 'With basil <b>fresh</b>',
    prices: [{ label: '', amount: 650 }],
    allergens: ['celery'],
    tags: [vegan.id],
    translations: { de: { name: 'Tomatensuppe' } },
  });
  soupId = String(soup.id);
  await seed(t.ctx, 'items', {
    section: starters.id,
    name: 'Bread',
    prices: [
      { label: 'small', amount: 300 },
      { label: 'large', amount: 500 },
    ],
    allergens: ['gluten'],
    available: false,
  });
  const venue = await seed(t.ctx, 'venues', {
    organization: org,
    name: 'Trattoria <Test>',
    timezone: 'Europe/Vienna',
    primaryColor: '#ffe600',
    menus: [menu.id, dinner.id, draft.id],
    tables: ['12', 'Terrace 1'],
  });
  venueId = String(venue.id);
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('guest menu page', () => {
  it('renders the venue, its menus on now, items, prices, tags and allergens with no JavaScript needed', async () => {
    const res = await get('/m/trattoria-test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('Trattoria &lt;Test&gt;');
    expect(html).toContain('Tomato soup');
    expect(html).toContain('With basil &lt;b&gt;fresh&lt;/b&gt;');
    expect(html).toContain('€6.50');
    expect(html).toMatch(/small<\/small> €3\.00/);
    expect(html).toContain('>Vegan<');
    expect(html).toContain('Sold out');
    expect(html).toContain('id="x-gluten"');
    expect(html).toContain('body:has(#x-gluten:checked) [data-a~="gluten"]');
    expect(html).toContain('<dt>L</dt><dd>Celery</dd>');
    expect(html).toContain('"@type":"Menu"');
    expect(html).toContain('property="og:title"');
    expect(html).not.toContain('Secret draft');
    // Dinner is scheduled for a minute on Sunday: listed as later, with when it starts.
    expect(html).toMatch(/Dinner<\/a> · Available from/);
  });

  it('speaks the guest language with fallback and a switcher', async () => {
    const de = await get('/m/trattoria-test', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(de.body).toContain('<html lang="de"');
    expect(de.body).toContain('Tomatensuppe');
    expect(de.body).toContain('Vorspeisen');
    expect(de.body).toContain('Bread'); // untranslated: default language
    expect(de.body).toContain('6,50');
    expect((await get('/m/trattoria-test?lang=en', { 'accept-language': 'de' })).body).toContain('Tomato soup');
    expect(de.body).toContain('href="?lang=en"');
  });

  it('serves pre-compressed bodies with an ETag, a short max-age and no cookies', async () => {
    const res = await get('/m/trattoria-test', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('Tomato soup');
    expect(res.headers['cache-control']).toContain('max-age=10');
    expect(res.headers['set-cookie']).toBeUndefined();
    const again = await get('/m/trattoria-test', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    const gz = await get('/m/trattoria-test', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('shows a change on the next request (cache invalidated by record events)', async () => {
    await get('/m/trattoria-test');
    await update('items', soupId, { prices: [{ label: '', amount: 700 }] });
    expect((await get('/m/trattoria-test')).body).toContain('€7.00');
  });

  it('answers a friendly 404 for unknown venues, foreign or unpublished menus', async () => {
    for (const url of ['/m/nope', '/m/trattoria-test/unknownmenu0001']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Menu not found');
    }
  });

  it('counts views and QR scans per table without any client identifier', async () => {
    flushGuestStats(t.ctx);
    const count = (kind: string, menu: string, tableNo = '') =>
      Number(
        t.ctx.stmts.get('SELECT COALESCE(SUM(count), 0) AS n FROM guest_stats WHERE venue = ? AND kind = ? AND menu = ? AND tableNo = ?', [
          venueId,
          kind,
          menu,
          tableNo,
        ])?.n,
      );
    const views = count('view', menuId);
    await get('/m/trattoria-test?src=qr&t=12');
    await get('/m/trattoria-test?src=qr&t=12');
    await get(`/m/trattoria-test/${menuId}`);
    flushGuestStats(t.ctx);
    // The venue page shows only À la carte now (Dinner is on for a minute on Sundays): views of that menu.
    expect(count('scan', menuId, '12')).toBe(2);
    expect(count('view', menuId)).toBe(views + 3);
    const rows = t.ctx.stmts.all('SELECT * FROM guest_stats WHERE venue = ?', [venueId]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['count', 'day', 'hour', 'id', 'item', 'kind', 'menu', 'organization', 'tableNo', 'term', 'venue', 'weekday'].sort(),
    );
  });

  it('counts a venue page showing several menus as a view of no menu', async () => {
    const lunch = await seed(t.ctx, 'menus', { organization: org, name: 'Lunch', status: 'published', languages: ['en'] });
    const venue = await seed(t.ctx, 'venues', {
      organization: org,
      name: 'Two Menus',
      timezone: 'UTC',
      primaryColor: '#0f766e',
      menus: [menuId, lunch.id],
    });
    await get('/m/two-menus');
    flushGuestStats(t.ctx);
    const rows = t.ctx.stmts.all('SELECT menu, kind, count FROM guest_stats WHERE venue = ?', [String(venue.id)]);
    expect(rows).toEqual([{ menu: '', kind: 'view', count: 1 }]);
  });

  it('reports analytics to members only, as JSON and CSV', async () => {
    const owner = t.ctx.stmts.get("SELECT id FROM users WHERE email = 'owner@example.com'");
    const token = await tokenFor(t.ctx, 'users', String(owner?.id));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/guests?organization=${org}&days=7`,
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.days).toHaveLength(7);
    expect(data.days.at(-1).scans).toBe(2);
    expect(data.tables).toEqual([{ venue: venueId, name: 'Trattoria <Test>', tableNo: '12', scans: 2 }]);
    const menuViews = Number(t.ctx.stmts.get("SELECT SUM(count) AS n FROM guest_stats WHERE menu = ? AND kind = 'view'", [menuId])?.n);
    expect(data.topMenus).toEqual([{ menu: menuId, name: 'À la carte', views: menuViews }]);
    expect(data.venues.map((v: { name: string }) => v.name)).toEqual(['Trattoria <Test>', 'Two Menus']);
    expect(data.heatmap.flat().reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(3);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/guests.csv?organization=${org}&days=3`,
      headers: { authorization: token },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('"section","day","key","name","count"');
    const stranger = await seed(t.ctx, 'users', {
      email: 'stranger@example.com',
      password: 'stranger-pass',
      passwordConfirm: 'stranger-pass',
      verified: true,
    });
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/guests?organization=${org}`,
      headers: { authorization: await tokenFor(t.ctx, 'users', String(stranger.id)) },
    });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/analytics/guests?organization=${org}` })).statusCode).toBe(401);
  });

  it('counts scans of unknown table labels without a table: no new counter per label', async () => {
    flushGuestStats(t.ctx);
    const labels = () =>
      t.ctx.stmts
        .all("SELECT DISTINCT tableNo FROM guest_stats WHERE venue = ? AND kind = 'scan' ORDER BY tableNo", [venueId])
        .map((r) => r.tableNo);
    const rows = () => Number(t.ctx.stmts.get('SELECT COUNT(*) AS n FROM guest_stats WHERE venue = ?', [venueId])?.n);
    const untabled = () =>
      Number(
        t.ctx.stmts.get("SELECT COALESCE(SUM(count), 0) AS n FROM guest_stats WHERE venue = ? AND kind = 'scan' AND tableNo = ''", [
          venueId,
        ])?.n,
      );
    await get('/m/trattoria-test?src=qr&t=x');
    flushGuestStats(t.ctx);
    const [rowsBefore, untabledBefore] = [rows(), untabled()];
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        method: 'GET',
        url: `/m/trattoria-test?src=qr&t=${encodeURIComponent(`rnd-${i}-${Math.random().toString(36).slice(2, 8)}`)}`,
        remoteAddress: `10.1.0.${i}`,
      });
    }
    await t.app.inject({ method: 'GET', url: '/m/trattoria-test?src=qr&t=Terrace%201', remoteAddress: '10.1.1.1' });
    flushGuestStats(t.ctx);
    expect(labels()).toEqual(['', '12', 'Terrace 1']);
    // One new counter for the registered label; the ten random ones went to the existing untabled counter.
    expect(rows()).toBe(rowsBefore + 1);
    expect(untabled()).toBe(untabledBefore + 10);
  });

  it('rate-limits scan counting per client IP and venue', async () => {
    flushGuestStats(t.ctx);
    const scans = () =>
      Number(t.ctx.stmts.get("SELECT COALESCE(SUM(count), 0) AS n FROM guest_stats WHERE venue = ? AND kind = 'scan'", [venueId])?.n);
    const views = () =>
      Number(t.ctx.stmts.get("SELECT COALESCE(SUM(count), 0) AS n FROM guest_stats WHERE venue = ? AND kind = 'view'", [venueId])?.n);
    const [scansBefore, viewsBefore] = [scans(), views()];
    const scan = (ip: string) => t.app.inject({ method: 'GET', url: '/m/trattoria-test?src=qr&t=12', remoteAddress: ip });
    for (let i = 0; i < SCAN_LIMIT.max + 5; i++) expect((await scan('10.2.0.1')).statusCode).toBe(200);
    await scan('10.2.0.2');
    // An IPv6 client counts by its /64: a new address per request is still the same client.
    for (let i = 0; i < SCAN_LIMIT.max + 5; i++) await scan(`2001:db8:5:6::${(i + 1).toString(16)}`);
    flushGuestStats(t.ctx);
    // The replaying clients count up to the limit; another guest still counts; every page is still a view.
    expect(scans()).toBe(scansBefore + 2 * SCAN_LIMIT.max + 1);
    expect(views()).toBe(viewsBefore + 2 * SCAN_LIMIT.max + 11);
  });

  it('pushes sold-out changes to open pages over the public venue topic', async () => {
    const url = await t.listen();
    const events: string[] = [];
    const es = new EventSource(`${url}/api/realtime`);
    const topic = `guest/${venueId}`;
    await new Promise<void>((resolve) => {
      es.addEventListener('PB_CONNECT', (e) => {
        void fetch(`${url}/api/realtime`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientId: e.lastEventId, subscriptions: [topic] }),
        }).then(() => resolve());
      });
    });
    es.addEventListener(topic, (e) => events.push(e.data));
    await update('items', soupId, { available: false });
    const start = Date.now();
    while (events.length === 0 && Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 20));
    es.close();
    expect(JSON.parse(events[0] ?? '{}')).toEqual({ items: [{ id: soupId, available: false, prices: [{ label: '', amount: 700 }] }] });
  });

  it("sends live updates only for items the published page shows, never a draft menu's", async () => {
    const url = t.url || (await t.listen());
    const draft = t.ctx.stmts.get("SELECT id FROM menus WHERE name = 'Secret draft'");
    const section = await seed(t.ctx, 'sections', { menu: draft?.id, name: 'Unreleased' });
    const secret = await seed(t.ctx, 'items', { section: section.id, name: 'Secret dish', prices: [{ label: '', amount: 4242 }] });
    const events: string[] = [];
    const es = new EventSource(`${url}/api/realtime`);
    const topic = `guest/${venueId}`;
    await new Promise<void>((resolve) => {
      es.addEventListener('PB_CONNECT', (e) => {
        void fetch(`${url}/api/realtime`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientId: e.lastEventId, subscriptions: [topic] }),
        }).then(() => resolve());
      });
    });
    es.addEventListener(topic, (e) => events.push(e.data));
    await update('items', String(secret.id), { prices: [{ label: '', amount: 9999 }], available: false });
    // Sentinel: an item of the published menu, updated afterwards; once it arrives, the draft's would have too.
    await update('items', soupId, { available: true });
    await eventually(
      () => events.join(),
      (all) => all.includes(soupId),
    );
    es.close();
    expect(events.map((e) => JSON.parse(e).items[0].id)).toEqual([soupId]);
    expect(events.join()).not.toContain('9999');
  });

  it('stays within the page budgets: inline CSS ≤ 4 KB, scripts ≤ 6 KB, 100 items with options and labels ≤ 14 KB gzipped', async () => {
    expect(Buffer.byteLength(GUEST_CSS)).toBeLessThanOrEqual(4096);
    const scripts = [LIVE_SCRIPT, LANG_SWITCH_SCRIPT, COPY_SCRIPT, GUEST_SCRIPT].map((s) => Buffer.byteLength(s));
    // 5 KB until the guest-event beacons (guest-events-script.ts, about 0.7 KB) joined the external,
    // year-cached GUEST_SCRIPT file, which the menu's HTML does not carry.
    console.log(`guest page scripts: ${scripts.join(' + ')} = ${scripts.reduce((a, b) => a + b)} bytes of 6144`);
    expect(scripts.reduce((a, b) => a + b)).toBeLessThanOrEqual(6144);
    const section = await seed(t.ctx, 'sections', { menu: menuId, name: 'Many' });
    // A third of the dishes have two groups of three options each, every group its own (the worst
    // case for compression: a shared "Extras" group repeats byte for byte), with prices,
    // allergens and labels; every dish has labels and kcal.
    const groupsOf = async (i: number): Promise<string[]> => {
      if (i % 3 !== 0) return [];
      const side = await seed(t.ctx, 'option_groups', { organization: org, name: `Side ${i}`, minChoices: 1, maxChoices: 1 });
      const extras = await seed(t.ctx, 'option_groups', { organization: org, name: `Extras ${i}`, maxChoices: 3 });
      for (const [n, name] of ['Fries', 'Salad', 'Rice'].entries())
        await seed(t.ctx, 'options', { group: side.id, name: `${name} ${i}`, priceDelta: n * 50, diets: n ? ['vegan'] : [] });
      for (const [n, name] of ['Cheese', 'Bacon', 'Egg'].entries())
        await seed(t.ctx, 'options', {
          group: extras.id,
          name: `${name} ${i}`,
          priceDelta: 100 + n * 50,
          allergens: [['milk'], [], ['eggs']][n],
        });
      return [String(side.id), String(extras.id)];
    };
    const groups: string[][] = [];
    for (let i = 0; i < 100; i++) groups.push(await groupsOf(i));
    const ops = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.ctx.engine.prepareCreate(
          t.ctx.engine.collection('items'),
          {
            data: {
              section: section.id,
              name: `Dish number ${i}`,
              description: 'Slow-cooked with seasonal vegetables and herbs',
              prices: [{ label: '', amount: 900 + i * 10 }],
              allergens: ['milk'],
              optionGroups: groups[i],
              diets: [['vegetarian'], ['spicy-2', 'new'], ['vegetarian', 'chefs-pick'], ['halal']][i % 4],
              nutrition: { kcal: 400 + i, portion: '350 g' },
            },
            files: {},
            fromForm: false,
          },
          superuserRequest(t.ctx),
        ),
      ),
    );
    await t.ctx.engine.execute(ops);
    // With every guest info field filled in (issue 22 item 3: hours, exceptions, contact, Wi-Fi, links).
    await t.ctx.engine.update(
      t.ctx.engine.collection('venues'),
      venueId,
      {
        data: {
          openingHours: {
            weekly: [1, 2, 3, 4, 5].flatMap((day) => [
              { day, start: '11:30', end: '14:30' },
              { day, start: '17:30', end: '23:00' },
            ]),
            exceptions: [{ from: '2099-12-24', to: '2099-12-26', closed: true, windows: [], note: 'Christmas' }],
          },
          phone: '+39 06 1234 5678',
          email: 'ciao@trattoria.example',
          website: 'https://trattoria.example/',
          wifiName: 'Trattoria-Guest',
          wifiPassword: 'carbonara-2024',
          socialLinks: ['https://www.instagram.com/trattoria', 'https://www.facebook.com/trattoria'],
          imprintUrl: 'https://trattoria.example/imprint',
          privacyUrl: 'https://trattoria.example/privacy',
        },
        files: {},
        fromForm: false,
      },
      superuserRequest(t.ctx),
    );
    // With a cover image and a font pairing (issue 22 item 4), in each layout of the menu.
    const cover = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#7c2d12' } })
      .jpeg()
      .toBuffer();
    await t.ctx.engine.update(
      t.ctx.engine.collection('venues'),
      venueId,
      { data: { fontPairing: 'classic' }, files: { cover: [{ name: 'cover.jpg', data: cover }] }, fromForm: false },
      superuserRequest(t.ctx),
    );
    // In every language the page offers, German with all 100 dishes falling back to English (each marked lang="en").
    for (const layout of LAYOUTS)
      for (const lang of ['en', 'de']) {
        await t.ctx.engine.update(
          t.ctx.engine.collection('menus'),
          menuId,
          { data: { layout }, files: {}, fromForm: false },
          superuserRequest(t.ctx),
        );
        const res = await get(`/m/trattoria-test?lang=${lang}`, { 'accept-encoding': 'gzip' });
        expect(res.body.length, lang).toBeGreaterThan(0);
        expect(zlib.gunzipSync(res.rawPayload).toString()).toContain(`<html lang="${lang}">`);
        const html = zlib.gunzipSync(res.rawPayload).toString();
        expect(html).toMatch(new RegExp(`Fries 99(</span>)+ ${lang === 'de' ? 'oder' : 'or'} <span`));
        expect(html).toContain(`aria-label="${lang === 'de' ? 'Scharf' : 'Spicy'}"`);
        expect(html).toContain('499 kcal');
        expect(html).toContain('carbonara-2024');
        expect(html).toContain('class="cv"');
        console.log(`guest page budget (${layout}, ${lang}): ${res.rawPayload.length} bytes gzipped of ${14 * 1024}`);
        expect(res.rawPayload.length, `${layout} ${lang}`).toBeLessThanOrEqual(14 * 1024);
      }
  });
});

/**
 * Runs the page's live-update script against a stand-in DOM and EventSource, delivers one update
 * and returns the price texts it wrote: proves the script formats in the page's currency.
 */
function livePrices(html: string, update: { id: string; available: boolean; prices: { label: string; amount: number }[] }): string[] {
  const attr = (name: string) => new RegExp(`<body[^>]* ${name}="([^"]*)"`).exec(html)?.[1] ?? null;
  const written: string[] = [];
  const priceList = {
    set textContent(_v: string) {
      written.length = 0;
    },
    appendChild: (span: { text: string }) => {
      written.push(span.text);
    },
  };
  const li = { classList: { toggle: () => {} }, querySelector: (sel: string) => (sel === '.ps' ? priceList : null) };
  const span = () => ({
    text: '',
    className: '',
    appendChild(node: { textContent?: string; text?: string }) {
      this.text += node.textContent ?? '';
    },
  });
  const listeners = new Map<string, (e: { data: string }) => void>();
  class FakeEventSource {
    readyState = 1;
    addEventListener(type: string, fn: (e: { data: string }) => void) {
      listeners.set(type, fn);
    }
  }
  const document = {
    body: { getAttribute: attr },
    documentElement: { lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en' },
    getElementById: (id: string) => (id === `i-${update.id}` ? li : null),
    querySelectorAll: () => [],
    createElement: span,
    createTextNode: (text: string) => ({ textContent: text }),
  };
  const window = { EventSource: FakeEventSource, fetch: () => Promise.resolve() };
  new Function('window', 'document', 'EventSource', 'fetch', 'setTimeout', LIVE_SCRIPT)(
    window,
    document,
    FakeEventSource,
    window.fetch,
    () => 0,
  );
  listeners.get(`guest/${attr('data-v') ?? ''}`)?.({ data: JSON.stringify({ items: [update] }) });
  return written;
}

describe("prices in the organization's currency (ISO 4217 minor units)", () => {
  it.each([
    ['JPY', 'yen-house', '¥1,250', '1250', '¥2,000'],
    ['KWD', 'kuwait-house', 'KWD 1.250', '1.250', 'KWD 2.000'],
    ['EUR', 'euro-house', '€12.50', '12.50', '€20.00'],
  ])('%s: 1250 minor units on the page, in JSON-LD and in live updates', async (currency, slug, shown, decimal, live) => {
    // One organization per currency: every amount of an organization is in its currency.
    const owner = await activeOwner(t.ctx, `${slug}@example.com`);
    await update('organizations', owner.org, { currency });
    const menu = await seed(t.ctx, 'menus', { organization: owner.org, name: `${currency} menu`, status: 'published', languages: ['en'] });
    const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains' });
    const item = await seed(t.ctx, 'items', { section: section.id, name: 'Ramen', prices: [{ label: '', amount: 1250 }] });
    await seed(t.ctx, 'venues', {
      organization: owner.org,
      name: slug,
      slug,
      timezone: 'UTC',
      primaryColor: '#0f766e',
      menus: [menu.id],
    });
    const html = (await get(`/m/${slug}`)).body;
    expect(html.replace(/\u00a0/g, ' ')).toContain(`<span class="p">${shown}</span>`);
    expect(html).toContain(`"price":"${decimal}","priceCurrency":"${currency}"`);
    const prices = livePrices(html, { id: String(item.id), available: true, prices: [{ label: '', amount: 2000 }] });
    expect(prices.map((p) => p.replace(/\u00a0/g, ' '))).toEqual([live]);
  });
});

describe('original PDF menu', () => {
  /** A one-page PDF stored as an upload of `organization` (system write: no extraction needed). */
  async function pdfUpload(organization: string, name: string) {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]).drawText(name, { x: 40, y: 340, size: 18 });
    const data = Buffer.from(await doc.save());
    const engine = t.ctx.engine;
    return engine.create(
      engine.collection('menu_uploads'),
      {
        data: { organization, name, status: 'ready' },
        files: { file: [{ name: 'menu.pdf', data }] },
        fromForm: false,
      },
      superuserRequest(t.ctx),
    );
  }

  it('serves the upload linked to the venue publicly, and nothing else', async () => {
    const linked = await pdfUpload(org, 'Printed menu');
    const other = await pdfUpload(org, 'Old menu');
    const url = '/m/trattoria-test/original.pdf';
    // Not linked yet: no link on the page, no PDF.
    expect((await get('/m/trattoria-test')).body).not.toContain('Original menu (PDF)');
    expect((await get(url)).statusCode).toBe(404);

    await update('venues', venueId, { originalMenu: linked.id });
    const page = (await get('/m/trattoria-test')).body;
    expect(page).toContain(`<a href="${url}">Original menu (PDF)</a>`);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="menu.pdf"');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(
      res.rawPayload.equals(
        Buffer.from(
          (await t.ctx.storage.read(`${t.ctx.engine.collection('menu_uploads').id}/${linked.id}/${String(linked.file)}`)) as Uint8Array,
        ),
      ),
    ).toBe(true);

    // The files themselves stay protected: without a file token they do not exist.
    for (const u of [linked, other]) expect((await get(`/api/files/menu_uploads/${u.id}/${String(u.file)}`)).statusCode).toBe(404);
    // Another venue (even of the same organization) does not serve it.
    await seed(t.ctx, 'venues', { organization: org, name: 'Second Venue', timezone: 'UTC', primaryColor: '#000000' });
    expect((await get('/m/second-venue/original.pdf')).statusCode).toBe(404);

    // Unlinked: gone from the page and the route at once.
    await update('venues', venueId, { originalMenu: '' });
    expect((await get('/m/trattoria-test')).body).not.toContain('Original menu (PDF)');
    expect((await get(url)).statusCode).toBe(404);

    // Deleting the linked upload unlinks it from the venue (a relation update, so the cached page
    // is rebuilt too): the link and the PDF go with it.
    const doomed = await pdfUpload(org, 'Doomed menu');
    await update('venues', venueId, { originalMenu: doomed.id });
    expect((await get('/m/trattoria-test')).body).toContain('Original menu (PDF)');
    await t.ctx.engine.delete(t.ctx.engine.collection('menu_uploads'), String(doomed.id), superuserRequest(t.ctx));
    expect(t.ctx.stmts.get('SELECT originalMenu FROM venues WHERE id = ?', [venueId])?.originalMenu).toBe('');
    expect((await get('/m/trattoria-test')).body).not.toContain('Original menu (PDF)');
    expect((await get(url)).statusCode).toBe(404);
  });
});
