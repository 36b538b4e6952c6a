import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { activeOwner, buildTestApp, seed, type TestApp } from './test/test-app.ts';
import { ROOT, rootEnv } from './test/sdk-clients.ts';
import { collector, type Collector } from './test/realtime-collector.ts';
import { eventually } from './test/eventually.ts';
import { postgresMissing, startPostgres, type PostgresServer } from './test/postgres.ts';
import { loadConfig } from './config.ts';
import { createBus } from './bus-wiring.ts';
import { LocalBus } from './core/realtime/bus.ts';
import { PgBus } from './core/realtime/pg-bus.ts';

(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

const missing = postgresMissing();
const PRICE = [{ label: '', amount: 990 }];

/**
 * Issue 24 item 3: three app instances in one process, on one SQLite file, sharing one PgBus on
 * Debian's real PostgreSQL, driven through HTTP and the official SDK. Each instance connects to
 * the bus as its own role, so a test can keep one from reconnecting (NOLOGIN) while its listen
 * connection is down.
 */
describe.skipIf(missing !== null)('three instances, one SQLite file, one realtime bus (PgBus)', () => {
  let pgServer: PostgresServer;
  let shared = '';
  const apps: Record<'A' | 'B' | 'C', TestApp> = {} as never;
  const x = { token: '', org: '', section: '', item: '', venue: '' };
  const y = { token: '', section: '' };
  const seen = {} as Record<'xOnA' | 'xOnB' | 'yOnA', Collector>;
  const sdkAs = (t: TestApp, token: string) => {
    const pb = t.sdk();
    pb.authStore.save(token, null);
    return pb;
  };
  const clients: PocketBase[] = [];
  const subscribeItems = async (name: keyof typeof seen, pb: PocketBase) => {
    const c = collector();
    seen[name] = c;
    clients.push(pb);
    await pb.collection('items').subscribe('*', c.push);
    return c;
  };
  const ofRecord = (c: Collector, id: string, action?: string) =>
    c.events.filter((e: RecordSubscription) => e.record.id === id && (!action || e.action === action));

  beforeAll(async () => {
    pgServer = await startPostgres();
    await pgServer.psql('CREATE DATABASE fleet');
    shared = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-fleet-'));
    for (const name of ['A', 'B', 'C'] as const) {
      const role = `fleet_${name.toLowerCase()}`;
      await pgServer.psql(`CREATE ROLE ${role} SUPERUSER LOGIN`);
      const url = new URL(pgServer.urlOf('fleet'));
      url.username = role;
      apps[name] = await buildTestApp({
        // B and C are instances on A's data: its SQLite file, or its database with DB=pg.
        ...(name === 'A' ? {} : { dir: apps.A.dir }),
        env: { DATA_DIR: path.join(shared, 'data'), UPLOADS_DIR: path.join(shared, 'uploads'), REALTIME_BUS_URL: url.href, ...rootEnv },
      });
      await apps[name].listen();
    }
    const { A } = apps;
    const ownerX = await activeOwner(A.ctx, 'fleet-x@example.com');
    const ownerY = await activeOwner(A.ctx, 'fleet-y@example.com');
    Object.assign(x, { token: ownerX.token, org: ownerX.org });
    y.token = ownerY.token;
    const menuX = await seed(A.ctx, 'menus', {
      organization: ownerX.org,
      name: 'X menu',
      status: 'published',
      languages: ['en', 'de', 'fr'],
    });
    x.section = String((await seed(A.ctx, 'sections', { menu: menuX.id, name: 'Mains' })).id);
    x.item = String((await seed(A.ctx, 'items', { section: x.section, name: 'Burger', prices: [{ label: '', amount: 1200 }] })).id);
    const venue = await seed(A.ctx, 'venues', {
      organization: ownerX.org,
      name: 'Fleet X',
      slug: 'fleet-x',
      timezone: 'Europe/Berlin',
      primaryColor: '#0f766e',
      menus: [menuX.id],
    });
    x.venue = String(venue.id);
    const menuY = await seed(A.ctx, 'menus', { organization: ownerY.org, name: 'Y menu', status: 'published', languages: ['en'] });
    y.section = String((await seed(A.ctx, 'sections', { menu: menuY.id, name: 'Y mains' })).id);
    await subscribeItems('xOnA', sdkAs(A, x.token));
    await subscribeItems('xOnB', sdkAs(apps.B, x.token));
    await subscribeItems('yOnA', sdkAs(A, y.token));
  }, 120_000);

  afterAll(async () => {
    for (const pb of clients) await pb.realtime.unsubscribe().catch(() => undefined);
    for (const t of Object.values(apps)) await t.app.close();
    await pgServer?.stop();
    if (shared) fs.rmSync(shared, { recursive: true, force: true });
  });

  it('a write through C reaches the SSE subscribers on A and B once, rule-checked on A', async () => {
    const { xOnA, xOnB, yOnA } = seen;
    const onC = sdkAs(apps.C, x.token);
    const created = await onC.collection('items').create({ section: x.section, name: 'Fleet fries', prices: [{ label: '', amount: 450 }] });
    for (const c of [xOnA, xOnB]) await c.waitUntil((e) => e.record.id === created.id && e.action === 'create');
    expect(ofRecord(xOnA, created.id)[0]?.record.name).toBe('Fleet fries');
    // Sentinel: Y's own write, made after X's, reaches Y's stream on A; X's item never did.
    const ySentinel = await sdkAs(apps.C, y.token).collection('items').create({ section: y.section, name: 'Y sentinel', prices: PRICE });
    await yOnA.waitUntil((e) => e.record.id === ySentinel.id);
    expect(ofRecord(yOnA, created.id)).toEqual([]);
    // Exactly once on A and B: a later X write arrived, the first one still counts one event.
    const xSentinel = await onC.collection('items').create({ section: x.section, name: 'X sentinel', prices: PRICE });
    for (const c of [xOnA, xOnB]) await c.waitUntil((e) => e.record.id === xSentinel.id);
    expect([ofRecord(xOnA, created.id).length, ofRecord(xOnB, created.id).length]).toEqual([1, 1]);
  });

  it('a large row (over 8000 bytes of JSON) and a delete arrive whole on the other instances', async () => {
    const { xOnA, xOnB } = seen;
    const onC = sdkAs(apps.C, x.token);
    const long = (word: string) => `${word} `.repeat(400).trim().slice(0, 2000);
    const big = await onC.collection('items').create({
      section: x.section,
      name: 'Große Platte',
      prices: PRICE,
      description: long('Größe'),
      translations: {
        de: { name: { text: 'Große Platte' }, description: { text: long('Käse') } },
        fr: { name: { text: 'Grand plat' }, description: { text: long('Crème') } },
      },
    });
    const fromA = (await xOnA.waitUntil((e) => e.record.id === big.id && e.action === 'create')).find((e) => e.record.id === big.id);
    expect(Buffer.byteLength(JSON.stringify(fromA?.record))).toBeGreaterThan(8000);
    expect(fromA?.record.description).toBe(big.description);
    expect(fromA?.record.translations).toEqual(big.translations);
    await onC.collection('items').delete(big.id);
    for (const c of [xOnA, xOnB]) {
      const events = await c.waitUntil((e) => e.record.id === big.id && e.action === 'delete');
      const deleted = events.find((e) => e.record.id === big.id && e.action === 'delete');
      expect(deleted?.record).toEqual(fromA?.record);
    }
  });

  it('a settings change saved on A applies on B without a restart', async () => {
    const onA = apps.A.sdk();
    await onA.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    const onB = apps.B.sdk();
    await onB.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    expect((await onB.settings.getAll()).meta.appName).not.toBe('Fleet Menu');
    await onA.settings.update({ meta: { appName: 'Fleet Menu' } });
    const name = await eventually(
      async () => (await onB.settings.getAll()).meta.appName as string,
      (n) => n === 'Fleet Menu',
    );
    expect(name).toBe('Fleet Menu');
    expect(apps.B.ctx.config.appName).toBe('Fleet Menu');
  });

  it('a subscription request that reaches another instance than its stream is applied where the stream is', async () => {
    // The stream on A, opened as the SDK opens it; its subscription requests posted to B and C (a
    // load balancer without sticky sessions).
    const es = new EventSource(`${apps.A.url}/api/realtime`);
    const frames: string[] = [];
    es.addEventListener('items/*', (e) => frames.push(String(e.data)));
    const clientId = await new Promise<string>((resolve) => {
      es.addEventListener('PB_CONNECT', (e) => resolve(String((JSON.parse(String(e.data)) as { clientId: string }).clientId)));
    });
    const post = (url: string, token: string, id = clientId) =>
      fetch(`${url}/api/realtime`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ clientId: id, subscriptions: ['items/*'] }),
      });
    try {
      expect((await post(apps.C.url, x.token)).status).toBe(204);
      // Another account may not take the stream over, from any instance.
      const takeover = await post(apps.B.url, y.token);
      expect(takeover.status).toBe(403);
      expect(await takeover.json()).toEqual({
        status: 403,
        message: "The current and the previous request authorization don't match.",
        data: {},
      });
      // An id no instance holds: 404, once the others had their chance to answer.
      const unknown = await post(apps.B.url, x.token, 'no-such-client-id');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ status: 404, message: 'Missing or invalid client id.', data: {} });
      // The subscription C passed on works: X's write on B reaches the stream on A, rule-checked for X.
      const created = await sdkAs(apps.B, x.token).collection('items').create({ section: x.section, name: 'Forwarded', prices: PRICE });
      const seenOnA = await eventually(
        () => frames.filter((f) => f.includes(created.id)),
        (f) => f.length > 0,
      );
      expect(JSON.parse(seenOnA[0] ?? '{}')).toMatchObject({ action: 'create', record: { id: created.id, name: 'Forwarded' } });
    } finally {
      es.close();
    }
  });

  it('B serves nothing stale after writes elsewhere: list totals, a cached row, a cached guest page, an old token', async () => {
    const { B } = apps;
    const onB = sdkAs(B, x.token);
    const total = async () => (await onB.collection('items').getList(1, 1, { filter: `section = "${x.section}"` })).totalItems;
    // First, before any guest view makes B write (its guest stats), so only the bus can bump its generation.
    const before = await total();
    expect(await total()).toBe(before); // the count is cached for this generation
    // A superuser's view has no rule condition: B answers it from its row cache.
    const rootOnB = B.sdk();
    await rootOnB.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    const viewed = async () => String((await rootOnB.collection('sections').getOne(x.section)).name);
    expect(await viewed()).toBe('Mains');
    expect(await viewed()).toBe('Mains');
    await sdkAs(apps.C, x.token).collection('items').create({ section: x.section, name: 'Counted', prices: PRICE });
    expect(await eventually(total, (n) => n === before + 1)).toBe(before + 1);
    await sdkAs(apps.C, x.token).collection('sections').update(x.section, { name: 'Mains and more' });
    expect(await eventually(viewed, (name) => name === 'Mains and more')).toBe('Mains and more');

    const page = async () => (await fetch(`${B.url}/m/fleet-x?lang=en`)).text();
    expect(await page()).toContain('>Burger<');
    expect(await page()).toContain('>Burger<'); // cached now (30 s)
    await sdkAs(apps.A, x.token).collection('items').update(x.item, { name: 'Cheeseburger' });
    expect(await eventually(page, (html) => html.includes('>Cheeseburger<'))).toContain('>Cheeseburger<');

    // A password changed on A ends the old token on B, which had its auth row cached.
    const user = await seed(apps.A.ctx, 'users', {
      email: 'fleet-z@example.com',
      password: 'z-password-1',
      passwordConfirm: 'z-password-1',
      verified: true,
    });
    const z = apps.A.sdk();
    await z.collection('users').authWithPassword('fleet-z@example.com', 'z-password-1');
    const oldOnB = sdkAs(B, z.authStore.token);
    const refresh = async () =>
      oldOnB
        .collection('users')
        .authRefresh()
        .then(
          () => 200,
          (e: { status: number }) => e.status,
        );
    expect(await refresh()).toBe(200);
    await z
      .collection('users')
      .update(user.id as string, { oldPassword: 'z-password-1', password: 'z-password-2', passwordConfirm: 'z-password-2' });
    expect(await eventually(refresh, (s) => s === 401)).toBe(401);
    // The password hashes stayed on the instances: the outbox never held one.
    expect((await pgServer.psql("SELECT count(*) FROM _bus_outbox WHERE payload::text LIKE '%argon2%'", 'fleet')).trim()).toBe('0');
    expect(
      Number(
        (
          await pgServer.psql("SELECT count(*) FROM _bus_outbox WHERE payload #>> '{message,row,email}' = 'fleet-z@example.com'", 'fleet')
        ).trim(),
      ),
    ).toBeGreaterThan(0);
  });

  it('an open guest page on B hears a dish sold out on A (its live topic)', async () => {
    const { B } = apps;
    const topic = `guest/${x.venue}`;
    const heard: Array<{ items?: Array<{ id: string; available: boolean }> }> = [];
    const es = new EventSource(`${B.url}/api/realtime`);
    try {
      await new Promise<void>((resolve, reject) => {
        es.addEventListener('PB_CONNECT', (e) => {
          void fetch(`${B.url}/api/realtime`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ clientId: e.lastEventId, subscriptions: [topic] }),
          }).then(() => resolve(), reject);
        });
      });
      es.addEventListener(topic, (e) => heard.push(JSON.parse(e.data) as (typeof heard)[number]));
      await sdkAs(apps.A, x.token).collection('items').update(x.item, { available: false });
      const soldOut = (h: typeof heard) => h.some((m) => m.items?.some((i) => i.id === x.item && !i.available));
      expect(soldOut(await eventually(() => heard, soldOut))).toBe(true);
    } finally {
      es.close();
    }
  });

  it('B’s listen connection killed: not ready while it cannot listen, then it catches up and loses nothing', async () => {
    const { xOnB } = seen;
    const ready = async () => (await fetch(`${apps.B.url}/api/ready`)).status;
    expect(await ready()).toBe(200);
    await pgServer.psql('ALTER ROLE fleet_b NOLOGIN', 'fleet');
    await pgServer.psql(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'fleet_b' AND application_name = 'bus-listen'",
      'fleet',
    );
    expect(await eventually(ready, (s) => s === 503)).toBe(503);
    const whileDown = await sdkAs(apps.C, x.token)
      .collection('items')
      .create({ section: x.section, name: 'While B was away', prices: PRICE });
    await seen.xOnA.waitUntil((e) => e.record.id === whileDown.id);
    expect(await ready()).toBe(503);
    await pgServer.psql('ALTER ROLE fleet_b LOGIN', 'fleet');
    await xOnB.waitUntil((e) => e.record.id === whileDown.id, 10_000);
    expect(ofRecord(xOnB, whileDown.id, 'create')).toHaveLength(1);
    expect(await eventually(ready, (s) => s === 200)).toBe(200);
  });
});

describe('which bus an instance uses', () => {
  const log = { info: () => undefined, error: () => undefined };
  const base = { DATA_DIR: '/tmp/unused', APP_SECRET: 'x'.repeat(40) };

  it('in process without a bus URL; REALTIME_BUS_URL, else a postgres:// DATABASE_URL, selects PgBus', async () => {
    expect(loadConfig(base).realtime.busUrl).toBeNull();
    expect(createBus(loadConfig(base), log)).toBeInstanceOf(LocalBus);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/app' }).realtime.busUrl).toBe('postgres://db/app');
    expect(() => loadConfig({ ...base, DATABASE_URL: 'file:data.db' })).toThrow(/DATABASE_URL/);
    const both = loadConfig({ ...base, DATABASE_URL: 'postgres://db/app', REALTIME_BUS_URL: 'postgresql://bus/app' });
    expect(both.realtime.busUrl).toBe('postgresql://bus/app');
    const bus = createBus(both, log);
    expect(bus).toBeInstanceOf(PgBus);
    await bus.close?.();
  });

  it('refuses a REALTIME_BUS_URL that is not a PostgreSQL URL, naming the variable', () => {
    expect(() => loadConfig({ ...base, REALTIME_BUS_URL: 'redis://cache:6379' })).toThrow(/REALTIME_BUS_URL: must be a postgres:\/\/ URL/);
  });
});
