import { Window } from 'happy-dom';
import sharp from 'sharp';
import { EventSource } from 'eventsource';
import { eventually } from '../../test/eventually.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../test/test-app.ts';

/**
 * The guest page's small things (issue 22 item 8) through the real app: "Updated {date}" in the
 * venue's time zone and the page's language, the favicon, the venue's price note, hidden prices
 * per menu and per section (page and JSON-LD), and the print stylesheet's presence.
 */
let t: TestApp;
let owner: { id: string; org: string; token: string };
let venueId = '';
let menuId = '';
let wineId = '';
let foodId = '';
let optionId = '';
let baroloId = '';
// 23:30 UTC on 24 November is already 25 November in Vienna (CET, +01:00).
let now = new Date('2026-11-24T23:30:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  await t.listen();
  owner = await activeOwner(t.ctx, 'small-things@example.com');
  const menu = await seed(t.ctx, 'menus', {
    organization: owner.org,
    name: 'Carte',
    status: 'published',
    languages: ['en', 'de'],
    publishIncomplete: ['de'],
  });
  menuId = String(menu.id);
  const group = await seed(t.ctx, 'option_groups', { organization: owner.org, name: 'Extras', maxChoices: 2 });
  optionId = String((await seed(t.ctx, 'options', { group: group.id, name: 'Truffle', priceDelta: 450 })).id);
  foodId = String((await seed(t.ctx, 'sections', { menu: menu.id, name: 'Food' })).id);
  await seed(t.ctx, 'items', { section: foodId, name: 'Risotto', prices: [{ label: '', amount: 1850 }], optionGroups: [group.id] });
  wineId = String((await seed(t.ctx, 'sections', { menu: menu.id, name: 'Wine' })).id);
  baroloId = String((await seed(t.ctx, 'items', { section: wineId, name: 'Barolo 2016', prices: [{ label: 'Bottle', amount: 9600 }] })).id);
  venueId = String(
    (
      await seed(t.ctx, 'venues', {
        organization: owner.org,
        name: 'Osteria',
        slug: 'osteria',
        timezone: 'Europe/Vienna',
        primaryColor: '#1d4ed8',
        menus: [menu.id],
      })
    ).id,
  );
});

afterAll(async () => {
  await t.close();
});

const patch = async (collection: string, id: string, data: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/collections/${collection}/records/${id}`,
    headers: { authorization: await tokenFor(t.ctx, 'users', owner.id) },
    payload: data,
  });
const page = async (lang = 'en') => {
  const res = await t.app.inject({ method: 'GET', url: `/m/osteria?lang=${lang}` });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const ld = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
    hasMenu: { hasMenuSection: { name: string; hasMenuItem: { name: string; offers?: unknown }[] }[] }[];
  };
const offersOf = (html: string) =>
  Object.fromEntries(ld(html).hasMenu[0]?.hasMenuSection.flatMap((s) => s.hasMenuItem.map((i) => [i.name, i.offers])) ?? []);
/** The page's visible text (no scripts, styles or JSON-LD), as a guest reads it. */
function visibleText(html: string): string {
  const window = new Window();
  try {
    const doc = new window.DOMParser().parseFromString(html, 'text/html');
    doc.querySelectorAll('script,style').forEach((s) => s.remove());
    return doc.body.textContent ?? '';
  } finally {
    void window.happyDOM.close();
  }
}

describe('"Updated {date}" under the menu', () => {
  it("shows the newest change of the menu's records, as a date of the venue's time zone in the page's language", async () => {
    // Every record was written at 23:30 UTC on 24 Nov: 25 Nov in Vienna.
    expect(visibleText(await page('en'))).toContain('Updated Nov 25, 2026');
    expect(visibleText(await page('de'))).toContain('Aktualisiert am 25.11.2026');
  });

  it('moves on when an option of a dish on the menu changes', async () => {
    now = new Date('2026-12-03T10:00:00Z');
    expect((await patch('options', optionId, { name: 'Black truffle' })).statusCode).toBe(200);
    const html = await page('en');
    expect(visibleText(html)).toContain('Updated Dec 3, 2026');
    expect(html).not.toContain('Nov 25, 2026');
  });
});

describe('the favicon', () => {
  it('serves a neutral SVG icon at /favicon.ico (no 404 for the browser asking by habit), linked by a page without a logo', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age=');
    // A well-formed SVG document (sharp, an independent renderer, draws it).
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('svg');
    expect(meta.width).toBe(32);
    expect(await page()).toContain('<link rel="icon" href="/favicon.ico">');
  });

  it("links the venue logo's small thumb once there is a logo, and that thumb is a real image", async () => {
    const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    const venue = await t.ctx.engine.update(
      t.ctx.engine.collection('venues'),
      venueId,
      { data: {}, files: { logo: [{ name: 'logo.png', data: logo }] }, fromForm: false },
      superuserRequest(t.ctx),
    );
    const href = /<link rel="icon" href="([^"]+)">/.exec(await page())?.[1] ?? '';
    expect(href).toBe(`/api/files/venues/${venueId}/${String(venue.logo)}?thumb=128x128`);
    const icon = await t.app.inject({ method: 'GET', url: href });
    expect(icon.statusCode).toBe(200);
    const meta = await sharp(icon.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([128, 128]);
  });
});

describe("the venue's price note", () => {
  it('shows none by default, then the chosen standard note in the page language', async () => {
    expect(visibleText(await page())).not.toMatch(/Prices include/);
    expect((await patch('venues', venueId, { priceNote: 'vatService' })).statusCode).toBe(200);
    expect(visibleText(await page('en'))).toContain('Prices include VAT and service.');
    expect(visibleText(await page('de'))).toContain('Preise inklusive Mehrwertsteuer und Bedienung.');
    expect((await patch('venues', venueId, { priceNote: 'vatNoService' })).statusCode).toBe(200);
    expect(visibleText(await page('de'))).toContain('Preise inklusive Mehrwertsteuer, Bedienung nicht inbegriffen.');
  });

  it('refuses a note that is not one of the standard ones with the error envelope', async () => {
    const res = await patch('venues', venueId, { priceNote: 'Service 12 %' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { status: number; data: Record<string, { code: string; message: string }> };
    expect(body.status).toBe(400);
    expect(body.data.priceNote?.code).toBeTruthy();
    expect(visibleText(await page('de'))).toContain('Bedienung nicht inbegriffen');
  });
});

describe('hidden prices', () => {
  it('hides the amounts of one section (wine list): no price on the page, no offer in JSON-LD; other sections keep theirs', async () => {
    const before = await page();
    expect(visibleText(before)).toContain('€96.00');
    expect(offersOf(before)['Barolo 2016']).toEqual([{ '@type': 'Offer', price: '96.00', priceCurrency: 'EUR', name: 'Bottle' }]);
    expect((await patch('sections', wineId, { hidePrices: true })).statusCode).toBe(200);
    const html = await page();
    const text = visibleText(html);
    expect(text).toContain('Barolo 2016');
    expect(text).not.toContain('96');
    expect(text).not.toContain('Bottle');
    expect(text).toContain('€18.50');
    expect(text).toContain('+€4.50');
    expect(offersOf(html)['Barolo 2016']).toBeUndefined();
    expect(offersOf(html).Risotto).toEqual([{ '@type': 'Offer', price: '18.50', priceCurrency: 'EUR' }]);
  });

  it("never sends a hidden section's amounts to open pages: the live update says sold out, without prices", async () => {
    const url = t.url || (await t.listen());
    const topic = `guest/${venueId}`;
    const events: string[] = [];
    const es = new EventSource(`${url}/api/realtime`);
    await new Promise<void>((resolve) => {
      es.addEventListener('PB_CONNECT', (e) => {
        void fetch(`${url}/api/realtime`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientId: e.lastEventId, subscriptions: [topic] }),
        }).then(() => resolve());
      });
    });
    es.addEventListener(topic, (e) => events.push(String(e.data)));
    try {
      expect((await patch('items', baroloId, { available: false, prices: [{ label: 'Bottle', amount: 9900 }] })).statusCode).toBe(200);
      await eventually(
        () => events.length,
        (n) => n > 0,
      );
      expect(JSON.parse(events[0] ?? '{}')).toEqual({ items: [{ id: baroloId, available: false }] });
      expect(events[0]).not.toContain('9900');
    } finally {
      es.close();
    }
  });

  it("hides every amount of a menu, options' surcharges too", async () => {
    expect((await patch('menus', menuId, { hidePrices: true })).statusCode).toBe(200);
    const html = await page();
    const text = visibleText(html);
    expect(text).toContain('Risotto');
    expect(text).toContain('Black truffle');
    expect(text).not.toMatch(/€|18\.50|4\.50/);
    expect(html).not.toContain('class="ps"');
    expect(offersOf(html)).toEqual({ Risotto: undefined, 'Barolo 2016': undefined });
    // Shown again once switched off (the section still hides its own).
    expect((await patch('menus', menuId, { hidePrices: false })).statusCode).toBe(200);
    const again = visibleText(await page());
    expect(again).toContain('€18.50');
    expect(again).not.toMatch(/96|99/);
  });
});

describe('the print stylesheet', () => {
  it('is inline in the page: navigation, filters, forms and the venue footer hidden, dishes kept whole', async () => {
    const css = /<style>(.*?)<\/style>/.exec(await page())?.[1] ?? '';
    const print = /@media print\{(.*)\}\}/.exec(css)?.[1] ?? '';
    expect(print).toMatch(/nav,form,#vi\{display:none!important\}/);
    expect(print).toContain('.i{break-inside:avoid}');
  });
});
