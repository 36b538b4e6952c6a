import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import { activeOwner, buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { expectError } from '../../test/sdk-errors.ts';
import { collector } from '../../test/realtime-collector.ts';
import { eventually } from '../../test/eventually.ts';

(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

/**
 * Per-venue availability of options (issue 23, item 1) through HTTP and the official SDK: two
 * venues of one organization show the same menu with a "Milk" group; floor staff of the bar mark
 * "Oat milk" sold out there, and only there: on the page, in live updates, in the cron's reset.
 * A third venue's own menu offers "Large", which the bar's staff may not mark.
 */
let t: TestApp;
let owner: PocketBase;
let staff: PocketBase;
let org = '';
let now = new Date('2026-11-25T12:00:00.000Z');
const ids = { owner: '', staff: '', coffee: '', tea: '', oat: '', whole: '', large: '', bar: '', cafe: '', kiosk: '' };

const marks = (pb: PocketBase) => pb.collection('venue_options');
const page = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/m/${slug}?lang=en` })).body;
/** The `<li>` of a dish on a guest page. */
const dish = (html: string, id: string) => new RegExp(`<li class="i[^"]*" id="i-${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';
/** Whether the option named `name` shows as sold out under the dish (`class="out"` and its "Sold out" mark). */
const optionSoldOut = (html: string, dishId: string, name: string) => {
  const span = new RegExp(`<span data-o( class="out")?>${name}[\\s\\S]*?</span>(?=,|\\s*<(?:/p|span data-o|small>))`).exec(
    dish(html, dishId),
  );
  if (!span) throw new Error(`no option ${name} under dish ${dishId}`);
  const out = Boolean(span[1]);
  expect(span[0].includes('class="so"')).toBe(out);
  return out;
};

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  await t.listen();
  const o = await activeOwner(t.ctx, 'bar-owner@example.com');
  org = o.org;
  ids.owner = o.id;
  owner = t.sdk();
  owner.authStore.save(o.token, null);
  const milk = await seed(t.ctx, 'option_groups', { organization: org, name: 'Milk', minChoices: 0, maxChoices: 1 });
  ids.oat = String((await seed(t.ctx, 'options', { group: milk.id, name: 'Oat milk', priceDelta: 50, available: true, position: 0 })).id);
  ids.whole = String((await seed(t.ctx, 'options', { group: milk.id, name: 'Whole milk', available: true, position: 1 })).id);
  const menu = await seed(t.ctx, 'menus', { organization: org, name: 'Drinks', status: 'published', languages: ['en'] });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Hot drinks' });
  const item = async (sectionId: unknown, name: string, groups: unknown[]) =>
    String((await seed(t.ctx, 'items', { section: sectionId, name, prices: [{ label: '', amount: 300 }], optionGroups: groups })).id);
  ids.coffee = await item(section.id, 'Coffee', [milk.id]);
  ids.tea = await item(section.id, 'Tea', [milk.id]);
  const venue = async (slug: string, menus: unknown[]) =>
    String(
      (await seed(t.ctx, 'venues', { organization: org, name: slug, slug, timezone: 'Europe/Berlin', primaryColor: '#0f766e', menus })).id,
    );
  ids.bar = await venue('bar', [menu.id]);
  ids.cafe = await venue('cafe', [menu.id]);
  // A menu only the kiosk shows, with a group no dish of the bar offers.
  const size = await seed(t.ctx, 'option_groups', { organization: org, name: 'Size' });
  ids.large = String((await seed(t.ctx, 'options', { group: size.id, name: 'Large', available: true })).id);
  const kioskMenu = await seed(t.ctx, 'menus', { organization: org, name: 'Kiosk', status: 'published', languages: ['en'] });
  const kioskSection = await seed(t.ctx, 'sections', { menu: kioskMenu.id, name: 'Cold' });
  await item(kioskSection.id, 'Lemonade', [size.id]);
  ids.kiosk = await venue('kiosk', [kioskMenu.id]);

  const waiter = await seed(t.ctx, 'users', {
    email: 'waiter@example.com',
    password: 'waiter-password-1',
    passwordConfirm: 'waiter-password-1',
    verified: true,
  });
  ids.staff = String(waiter.id);
  await seed(t.ctx, 'memberships', { organization: org, user: ids.staff, role: 'staff', venues: [ids.bar, ids.kiosk] });
  staff = t.sdk();
  staff.authStore.save(await tokenFor(t.ctx, 'users', ids.staff), null);
});

afterAll(async () => {
  await staff.realtime.unsubscribe().catch(() => undefined);
  await owner.realtime.unsubscribe().catch(() => undefined);
  await t.close();
});

describe('floor staff mark options at their venues', () => {
  it('sells out "Oat milk" at the bar only: the bar page shows it sold out under every dish, the café page does not', async () => {
    expect(optionSoldOut(await page('bar'), ids.coffee, 'Oat milk')).toBe(false);
    const m = await marks(staff).create({ venue: ids.bar, option: ids.oat, available: false });
    expect(m).toMatchObject({ venue: ids.bar, option: ids.oat, available: false, soldOutUntil: '' });
    const bar = await page('bar');
    const cafe = await page('cafe');
    expect(optionSoldOut(bar, ids.coffee, 'Oat milk')).toBe(true);
    expect(optionSoldOut(bar, ids.tea, 'Oat milk')).toBe(true);
    expect(optionSoldOut(bar, ids.coffee, 'Whole milk')).toBe(false);
    expect(optionSoldOut(cafe, ids.coffee, 'Oat milk')).toBe(false);
    // Available again at the bar (staff cannot delete the mark; they set it back).
    await expectError(marks(staff).delete(m.id), 404);
    expect(await marks(staff).update(m.id, { available: true })).toMatchObject({ available: true });
    expect(optionSoldOut(await page('bar'), ids.coffee, 'Oat milk')).toBe(false);
    // Sold out everywhere (the team's global mark) stays sold out at the bar whatever its own mark.
    await owner.collection('options').update(ids.oat, { available: false });
    expect(optionSoldOut(await page('bar'), ids.coffee, 'Oat milk')).toBe(true);
    expect(optionSoldOut(await page('cafe'), ids.coffee, 'Oat milk')).toBe(true);
    await owner.collection('options').update(ids.oat, { available: true });
    await owner.collection('venue_options').delete(m.id);
  });

  it('refuses the café (not assigned), an option the venue does not offer, and a second mark for the pair', async () => {
    const refused = await expectError(marks(staff).create({ venue: ids.cafe, option: ids.oat, available: false }), 400);
    expect(refused.response.data).toEqual({});
    const foreign = await expectError(marks(staff).create({ venue: ids.bar, option: ids.large, available: false }), 400);
    expect(foreign.response.data.option?.code).toBe('validation_missing_rel_records');
    // The kiosk (assigned) does offer "Large".
    const large = await marks(staff).create({ venue: ids.kiosk, option: ids.large, available: false });
    const dup = await expectError(marks(staff).create({ venue: ids.kiosk, option: ids.large }), 400);
    expect(dup.response.data.venue?.code ?? dup.response.data.option?.code).toBe('validation_not_unique');
    // The team's mark at the café: staff neither see nor change it.
    const cafeMark = await marks(owner).create({ venue: ids.cafe, option: ids.oat, available: false });
    await expectError(marks(staff).update(cafeMark.id, { available: true }), 404);
    await expectError(marks(staff).getOne(cafeMark.id), 404);
    expect((await marks(staff).getFullList()).map((r) => r.id)).toEqual([large.id]);
    expect(t.ctx.stmts.get('SELECT available FROM venue_options WHERE id = ?', [cafeMark.id])).toEqual({ available: 0 });
    // Re-pointing a mark to another venue or option is refused, for staff and the team alike.
    await expectError(marks(staff).update(large.id, { venue: ids.bar }), 404);
    await expectError(marks(owner).update(large.id, { option: ids.oat }), 404);
    await marks(owner).delete(large.id);
    await marks(owner).delete(cafeMark.id);
  });

  it("never changes the option itself: name, price and the global mark stay the team's", async () => {
    for (const body of [{ name: 'Soy milk' }, { priceDelta: 0 }, { available: false }])
      await expectError(staff.collection('options').update(ids.oat, body), 404);
    await expectError(staff.collection('options').create({ group: 'x', name: 'Soy milk' }), 400);
    expect(t.ctx.stmts.get('SELECT name, priceDelta, available FROM options WHERE id = ?', [ids.oat])).toEqual({
      name: 'Oat milk',
      priceDelta: 50,
      available: 1,
    });
    // Staff read the options (what the service screen lists).
    expect(await staff.collection('options').getOne(ids.oat)).toMatchObject({ name: 'Oat milk' });
  });

  it('refuses a venue and an option of two organizations, and bad input with the envelope', async () => {
    const other = await activeOwner(t.ctx, 'other-owner@example.com');
    const group = await seed(t.ctx, 'option_groups', { organization: other.org, name: 'Foreign' });
    const option = await seed(t.ctx, 'options', { group: group.id, name: 'Foreign milk' });
    await expectError(marks(owner).create({ venue: ids.bar, option: option.id, available: false }), 400);
    await expect(seed(t.ctx, 'venue_options', { venue: ids.bar, option: option.id })).rejects.toMatchObject({
      status: 400,
      data: { option: { code: 'validation_missing_rel_records' } },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/collections/venue_options/records',
      headers: { authorization: staff.authStore.token },
      payload: { venue: ids.bar, option: ids.oat, soldOutUntil: 'tonight' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 400,
      message: 'Failed to create record.',
      data: { soldOutUntil: { code: 'validation_invalid_date' } },
    });
    expect(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM venue_options')?.c).toBe(0);
  });
});

describe('"sold out until"', () => {
  it('ends at that instant on the page, and the cron writes it back', async () => {
    const m = await marks(staff).create({ venue: ids.bar, option: ids.oat, available: false, soldOutUntil: '2026-11-25 13:00:00.000Z' });
    expect(optionSoldOut(await page('bar'), ids.coffee, 'Oat milk')).toBe(true);
    const stored = () => t.ctx.stmts.get('SELECT available, soldOutUntil FROM venue_options WHERE id = ?', [m.id]);
    expect(await t.ctx.crons.run('soldOutReset')).toBe(true);
    expect(stored()).toEqual({ available: 0, soldOutUntil: '2026-11-25 13:00:00.000Z' });
    now = new Date('2026-11-25T13:00:00.000Z');
    owner.authStore.save(await tokenFor(t.ctx, 'users', ids.owner), null);
    staff.authStore.save(await tokenFor(t.ctx, 'users', ids.staff), null);
    expect(await t.ctx.crons.run('soldOutReset')).toBe(true);
    expect(await marks(staff).getOne(m.id)).toMatchObject({ available: true, soldOutUntil: '' });
    expect(optionSoldOut(await page('bar'), ids.coffee, 'Oat milk')).toBe(false);
    // Before the cron comes round, the page itself already shows a passed "until" as available.
    await marks(staff).update(m.id, { available: false, soldOutUntil: '2026-11-25 12:59:00.000Z' });
    expect(optionSoldOut(await page('bar'), ids.coffee, 'Oat milk')).toBe(false);
    await marks(staff).update(m.id, { soldOutUntil: '2026-11-25 13:01:00.000Z' });
    expect(optionSoldOut(await page('bar'), ids.coffee, 'Oat milk')).toBe(true);
    expect(optionSoldOut(await page('cafe'), ids.coffee, 'Oat milk')).toBe(false);
    await marks(owner).delete(m.id);
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

  it("tells the bar's open pages, by place, and not the café's", async () => {
    const bar = await listen(ids.bar);
    const cafe = await listen(ids.cafe);
    const m = await marks(staff).create({ venue: ids.bar, option: ids.oat, available: false });
    await eventually(
      () => bar.events.length,
      (n) => n >= 1,
    );
    // Oat milk is option 0 of group 0 under both dishes.
    expect(bar.events[0]).toEqual({
      options: [
        {
          id: ids.oat,
          available: false,
          at: [
            [ids.coffee, 0, 0],
            [ids.tea, 0, 0],
          ],
        },
      ],
    });
    // Sentinel: the option's own change reaches both venues, each with its own view of it; once
    // it reached the café, the bar's mark would have reached it too.
    await owner.collection('options').update(ids.oat, { name: 'Oat milk' });
    await eventually(
      () => cafe.events.length,
      (n) => n >= 1,
    );
    await eventually(
      () => bar.events.length,
      (n) => n >= 2,
    );
    expect(cafe.events.map((e) => (e.options as { available: boolean }[])[0]?.available)).toEqual([true]);
    expect((bar.events[1]?.options as { available: boolean }[])[0]?.available).toBe(false);
    await marks(staff).update(m.id, { available: true });
    await eventually(
      () => bar.events.length,
      (n) => n >= 3,
    );
    expect((bar.events[2]?.options as { available: boolean }[])[0]?.available).toBe(true);
    bar.close();
    cafe.close();
    await marks(owner).delete(m.id);
  });

  it("is a realtime record event for staff of that venue only (rule-checked), and the team's", async () => {
    const seenByStaff = collector();
    const seenByOwner = collector();
    await marks(staff).subscribe('*', seenByStaff.push);
    await marks(owner).subscribe('*', seenByOwner.push);
    const cafeMark = await marks(owner).create({ venue: ids.cafe, option: ids.whole, available: false });
    // Sentinel after the café's mark: a bar mark staff may see.
    const barMark = await marks(staff).create({ venue: ids.bar, option: ids.whole, available: false });
    await seenByStaff.waitUntil((e) => e.record.id === barMark.id);
    await seenByOwner.waitFor(2);
    expect(seenByStaff.events.map((e) => `${e.action}:${String(e.record.id)}`)).toEqual([`create:${barMark.id}`]);
    expect(seenByOwner.events.map((e) => `${e.action}:${String(e.record.id)}`)).toEqual([`create:${cafeMark.id}`, `create:${barMark.id}`]);
    await marks(staff).unsubscribe('*');
    await marks(owner).unsubscribe('*');
    await marks(owner).delete(cafeMark.id);
    await marks(owner).delete(barMark.id);
  });
});
