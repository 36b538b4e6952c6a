import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import { activeOwner, buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../test/test-app.ts';
import { expectError } from '../../test/sdk-errors.ts';
import { collector } from '../../test/realtime-collector.ts';
import { eventually } from '../../test/eventually.ts';

(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

/**
 * Per-venue availability and prices (issue 20, item 5) through HTTP and the official SDK: two
 * venues of one organization show the same menu; an override at the airport sells out or reprices
 * a dish there only, on the page, in live updates and in the sold-out reset; bad input is a 400
 * with the contract's envelope.
 */
let t: TestApp;
let pb: PocketBase;
let org = '';
let now = new Date('2026-11-25T12:00:00.000Z');
const ids = { owner: '', burger: '', salad: '', airport: '', centre: '' };

const overrides = () => pb.collection('venue_items');
const page = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/m/${slug}?lang=en` })).body;
/** The `<li>` of a dish on a guest page. */
const dish = (html: string, id: string) => new RegExp(`<li class="i[^"]*" id="i-${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';
/** Whether the dish shows its "Sold out" badge (always rendered, hidden while available, for live updates). */
const soldOut = (html: string, id: string) => {
  const badge = /<span class="so"[^>]*>/.exec(dish(html, id))?.[0];
  if (!badge) throw new Error(`no dish ${id} on the page`);
  return !badge.includes(' hidden');
};
const update = (collection: string, id: string, data: Record<string, unknown>) =>
  t.ctx.engine.update(t.ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, superuserRequest(t.ctx));

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  await t.listen();
  const owner = await activeOwner(t.ctx, 'chain-owner@example.com');
  org = owner.org;
  ids.owner = owner.id;
  pb = t.sdk();
  pb.authStore.save(owner.token, null);
  const menu = await seed(t.ctx, 'menus', { organization: org, name: 'Chain menu', status: 'published', languages: ['en'] });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains' });
  ids.burger = String((await seed(t.ctx, 'items', { section: section.id, name: 'Burger', prices: [{ label: '', amount: 1200 }] })).id);
  ids.salad = String((await seed(t.ctx, 'items', { section: section.id, name: 'Salad', prices: [{ label: '', amount: 900 }] })).id);
  const venue = async (slug: string, timezone: string) =>
    String(
      (
        await seed(t.ctx, 'venues', {
          organization: org,
          name: slug,
          slug,
          timezone,
          primaryColor: '#0f766e',
          menus: [menu.id],
        })
      ).id,
    );
  ids.airport = await venue('airport', 'Pacific/Auckland');
  ids.centre = await venue('centre', 'Europe/Berlin');
});

afterAll(async () => {
  await pb.realtime.unsubscribe().catch(() => undefined);
  await t.close();
});

describe('venue overrides as records', () => {
  it('creates an override (available unless said, prices inherited when null) and refuses a second one for the pair', async () => {
    const o = await overrides().create({ venue: ids.centre, item: ids.salad });
    expect(o).toMatchObject({ venue: ids.centre, item: ids.salad, available: true, soldOutUntil: '', prices: null });
    const dup = await expectError(overrides().create({ venue: ids.centre, item: ids.salad, available: false }), 400);
    expect(dup.response.data.venue?.code ?? dup.response.data.item?.code).toBe('validation_not_unique');
    await overrides().delete(o.id);
  });

  it.each([
    [{ prices: [] }, 'prices', 'validation_required'],
    [{ prices: [{ label: '', amount: 12.5 }] }, 'prices', 'validation_invalid_value'],
    [{ prices: [{ label: '', amount: -1 }] }, 'prices', 'validation_invalid_value'],
    [{ prices: 'cheap' }, 'prices', 'validation_invalid_value'],
    [{ soldOutUntil: 'tomorrow' }, 'soldOutUntil', 'validation_invalid_date'],
  ])('refuses %j with a 400 at %s', async (body, field, code) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/venue_items/records',
      headers: { authorization: pb.authStore.token },
      payload: { venue: ids.airport, item: ids.burger, ...body },
    });
    expect(res.statusCode).toBe(400);
    const envelope = res.json();
    expect(envelope).toMatchObject({ status: 400, message: 'Failed to create record.' });
    expect(Object.keys(envelope.data)).toContain(field);
    if (code) expect(envelope.data[field].code).toBe(code);
    expect(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM venue_items')?.c).toBe(0);
  });

  it('refuses an unknown item like any rule refusal, and a superuser pairing across organizations with a field error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/venue_items/records',
      headers: { authorization: pb.authStore.token },
      payload: { venue: ids.airport, item: 'nosuchitem00000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'Failed to create record.', data: {} });
    const other = await activeOwner(t.ctx, 'other-owner@example.com');
    const menu = await seed(t.ctx, 'menus', { organization: other.org, name: 'Other menu' });
    const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Other' });
    const foreign = await seed(t.ctx, 'items', { section: section.id, name: 'Foreign', prices: [{ label: '', amount: 100 }] });
    await expect(seed(t.ctx, 'venue_items', { venue: ids.airport, item: foreign.id })).rejects.toMatchObject({
      status: 400,
      data: { item: { code: 'validation_missing_rel_records' } },
    });
    expect(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM venue_items')?.c).toBe(0);
  });

  it('keeps the pair fixed: an update may change the mark and prices, not the venue or the item', async () => {
    const o = await overrides().create({ venue: ids.centre, item: ids.burger });
    await expectError(overrides().update(o.id, { venue: ids.airport }), 404);
    await expectError(overrides().update(o.id, { item: ids.salad }), 404);
    expect(await overrides().update(o.id, { prices: [{ label: 'Large', amount: 1500 }] })).toMatchObject({
      venue: ids.centre,
      item: ids.burger,
      prices: [{ label: 'Large', amount: 1500 }],
    });
    await expectError(overrides().update(o.id, { prices: [{ label: '', amount: 'x' }] }), 400);
    await overrides().delete(o.id);
  });
});

describe('the guest pages of two venues showing the same menu', () => {
  it('sells out and reprices a dish at one venue only', async () => {
    const o = await overrides().create({ venue: ids.airport, item: ids.burger, available: false, prices: [{ label: '', amount: 1650 }] });
    const airport = await page('airport');
    const centre = await page('centre');
    expect(soldOut(airport, ids.burger)).toBe(true);
    expect(soldOut(centre, ids.burger)).toBe(false);
    expect(dish(airport, ids.burger)).toContain('€16.50');
    expect(dish(centre, ids.burger)).toContain('€12.00');
    // The airport's other dishes are untouched.
    expect(soldOut(airport, ids.salad)).toBe(false);
    // Sold out everywhere stays sold out at a venue that has its own prices.
    await update('items', ids.burger, { available: false });
    expect(soldOut(await page('airport'), ids.burger)).toBe(true);
    expect(soldOut(await page('centre'), ids.burger)).toBe(true);
    await update('items', ids.burger, { available: true });
    await overrides().delete(o.id);
    const back = await page('airport');
    expect(soldOut(back, ids.burger)).toBe(false);
    expect(dish(back, ids.burger)).toContain('€12.00');
  });

  it('ends "sold out until" at that instant whatever the venue time zone, and the cron writes it back', async () => {
    // Sold out until 13:00 UTC (02:00 the next day in Auckland, the airport's zone).
    const o = await overrides().create({ venue: ids.airport, item: ids.salad, available: false, soldOutUntil: '2026-11-25 13:00:00.000Z' });
    expect(soldOut(await page('airport'), ids.salad)).toBe(true);
    /** The sold-out reset job, awaited (the cron scheduler's own entry point). */
    const stored = () => t.ctx.stmts.get('SELECT available, soldOutUntil FROM venue_items WHERE id = ?', [o.id]);
    expect(await t.ctx.crons.run('soldOutReset')).toBe(true);
    expect(stored()).toEqual({ available: 0, soldOutUntil: '2026-11-25 13:00:00.000Z' });
    now = new Date('2026-11-25T13:00:00.000Z');
    // Tokens live an hour of the injected clock: sign in again.
    pb.authStore.save(await tokenFor(t.ctx, 'users', ids.owner), null);
    expect(await t.ctx.crons.run('soldOutReset')).toBe(true);
    expect(await overrides().getOne(o.id)).toMatchObject({ available: true, soldOutUntil: '' });
    expect(soldOut(await page('airport'), ids.salad)).toBe(false);
    // Before the cron comes round, the page itself already shows a passed "until" as available.
    await overrides().update(o.id, { available: false, soldOutUntil: '2026-11-25 12:59:00.000Z' });
    expect(soldOut(await page('airport'), ids.salad)).toBe(false);
    await overrides().update(o.id, { soldOutUntil: '2026-11-25 13:01:00.000Z' });
    expect(soldOut(await page('airport'), ids.salad)).toBe(true);
    expect(soldOut(await page('centre'), ids.salad)).toBe(false);
    await overrides().delete(o.id);
  });
});

describe("a venue's own price labels", () => {
  it("show as written and leave the menu's translated languages published at that venue", async () => {
    const menu = await seed(t.ctx, 'menus', {
      organization: org,
      name: 'Drinks',
      status: 'published',
      languages: ['en', 'de'],
      translations: { de: { name: 'Getränke' } },
    });
    const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Beer', translations: { de: { name: 'Bier' } } });
    const beer = await seed(t.ctx, 'items', {
      section: section.id,
      name: 'Lager',
      prices: [{ label: 'Glass', amount: 450 }],
      translations: { de: { name: 'Helles', 'prices.0': 'Glas' } },
    });
    const terminal = await seed(t.ctx, 'venues', {
      organization: org,
      name: 'Terminal',
      slug: 'terminal',
      timezone: 'UTC',
      primaryColor: '#0f766e',
      menus: [menu.id],
    });
    const before = (await t.app.inject({ method: 'GET', url: '/m/terminal?lang=de' })).body;
    expect(before).toContain('<html lang="de">');
    expect(dish(before, String(beer.id))).toContain('Glas');
    await overrides().create({ venue: terminal.id, item: beer.id, prices: [{ label: 'Pint', amount: 790 }] });
    const html = (await t.app.inject({ method: 'GET', url: '/m/terminal?lang=de' })).body;
    expect(html).toContain('<html lang="de">');
    expect(dish(html, String(beer.id))).toContain('Helles');
    expect(dish(html, String(beer.id))).toContain('Pint');
    expect(dish(html, String(beer.id))).toContain('7,90');
  });
});

describe('live updates', () => {
  /** Listens to a venue's public guest topic as an open page does. */
  const listen = async (venueId: string) => {
    const events: Record<string, unknown>[] = [];
    const es = new EventSource(`${t.url}/api/realtime`);
    const topic = `guest/${venueId}`;
    await new Promise<void>((resolve) => {
      es.addEventListener('PB_CONNECT', (e) => {
        void fetch(`${t.url}/api/realtime`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientId: e.lastEventId, subscriptions: [topic] }),
        }).then(() => resolve());
      });
    });
    es.addEventListener(topic, (e) => events.push(JSON.parse(e.data) as Record<string, unknown>));
    return { events, close: () => es.close() };
  };

  it("tells the open pages of the venue whose override changed, and not the other venue's", async () => {
    const airport = await listen(ids.airport);
    const centre = await listen(ids.centre);
    const o = await overrides().create({ venue: ids.airport, item: ids.burger, available: false });
    await eventually(
      () => airport.events.length,
      (n) => n >= 1,
    );
    expect(airport.events[0]).toEqual({ items: [{ id: ids.burger, available: false, prices: [{ label: '', amount: 1200 }] }] });
    // Sentinel: a change of the item itself reaches both venues, each with its own view of it;
    // once it reached the centre, the airport's override event would have reached it too.
    await update('items', ids.burger, { prices: [{ label: '', amount: 1300 }] });
    await eventually(
      () => centre.events.length,
      (n) => n >= 1,
    );
    await eventually(
      () => airport.events.length,
      (n) => n >= 2,
    );
    expect(centre.events).toEqual([{ items: [{ id: ids.burger, available: true, prices: [{ label: '', amount: 1300 }] }] }]);
    // The airport keeps its own mark although the item is available everywhere else.
    expect(airport.events[1]).toEqual({ items: [{ id: ids.burger, available: false, prices: [{ label: '', amount: 1300 }] }] });
    // Removing the override gives the airport the item's own state again.
    await overrides().delete(o.id);
    await eventually(
      () => airport.events.length,
      (n) => n >= 3,
    );
    expect(airport.events[2]).toEqual({ items: [{ id: ids.burger, available: true, prices: [{ label: '', amount: 1300 }] }] });
    airport.close();
    centre.close();
    await update('items', ids.burger, { prices: [{ label: '', amount: 1200 }] });
  });

  it('is a realtime record event for staff subscribed to the collection', async () => {
    const seen = collector();
    await overrides().subscribe('*', seen.push);
    const o = await overrides().create({ venue: ids.centre, item: ids.salad, prices: [{ label: '', amount: 950 }] });
    await overrides().update(o.id, { available: false });
    await overrides().delete(o.id);
    const events = await seen.waitFor(3);
    expect(events.map((e) => `${e.action}:${String(e.record.id)}`)).toEqual([`create:${o.id}`, `update:${o.id}`, `delete:${o.id}`]);
    await overrides().unsubscribe('*');
  });
});
