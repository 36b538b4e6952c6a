import fs from 'node:fs';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../core/datetime.ts';
import { eventually } from '../test/eventually.ts';
import { postgresMissing } from '../test/postgres.ts';
import { ROOT, rootEnv } from '../test/sdk-clients.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

const missing = postgresMissing();

/**
 * Issue 24 item 4: on PostgreSQL the request logs of every instance are in one place. Two app
 * instances on one PostgreSQL database, each with its own DATA_DIR (where auxiliary.db would be):
 * what either served is listed, viewed and counted by both, and the logs retention job runs once.
 * Their realtime bus is on that database too, in the outbox table the migrations made.
 */
describe.skipIf(missing !== null)('request logs of two instances on one PostgreSQL database', () => {
  let db: TestDatabase;
  const apps: Record<'A' | 'B', TestApp> = {} as never;
  const admins: Record<'A' | 'B', PocketBase> = {} as never;
  const marker = `fleetlog${Date.now()}`;

  beforeAll(async () => {
    db = await createTestDatabase([]);
    for (const name of ['A', 'B'] as const) {
      // The realtime bus on the same database: its outbox is the migration's table.
      apps[name] = await buildTestApp({ env: { DATABASE_URL: db.url, REALTIME_BUS_URL: db.url, ...rootEnv } });
      await apps[name].listen();
      admins[name] = apps[name].sdk();
      await admins[name].collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    }
    await fetch(`${apps.A.url}/api/${marker}-on-a`);
    await fetch(`${apps.B.url}/api/${marker}-on-b`);
    await fetch(`${apps.B.url}/api/health?${marker}=1`);
  });

  afterAll(async () => {
    for (const t of Object.values(apps)) await t?.close();
    await db?.drop();
  });

  it('lists, filters and views the requests of both instances on either', async () => {
    const answers = [];
    for (const name of ['A', 'B'] as const) {
      const list = await eventually(
        () => admins[name].logs.getList(1, 10, { filter: `message ~ "${marker}"`, sort: '-data.status,message' }),
        (l) => l.totalItems >= 3,
      );
      expect(list.items.map((i) => i.message)).toEqual([
        `GET /api/${marker}-on-a`,
        `GET /api/${marker}-on-b`,
        `GET /api/health?${marker}=1`,
      ]);
      // A field of the JSON data, compared as a number.
      const failed = await admins[name].logs.getList(1, 10, { filter: `data.status >= 400 && message ~ "${marker}"` });
      expect(failed.items.map((i) => i.data.url).sort()).toEqual([`/api/${marker}-on-a`, `/api/${marker}-on-b`]);
      answers.push(list);
    }
    expect(answers[1]).toEqual(answers[0]);
    const fromB = answers[0]?.items.find((i) => i.message.endsWith('-on-b'));
    expect(await admins.A.logs.getOne(String(fromB?.id))).toEqual(fromB);
    // Nothing went to a per-instance file.
    for (const t of Object.values(apps)) expect(fs.existsSync(path.join(t.config.dataDir, 'auxiliary.db'))).toBe(false);
  });

  it('counts both instances in the stats', async () => {
    const stats = {
      A: await admins.A.logs.getStats({ filter: `message ~ "${marker}"` }),
      B: await admins.B.logs.getStats({ filter: `message ~ "${marker}"` }),
    };
    expect(stats.A.reduce((n, s) => n + s.total, 0)).toBe(3);
    expect(stats.B).toEqual(stats.A);
  });

  it('prunes once across the fleet', async () => {
    await admins.A.settings.update({ logs: { maxDays: 2 } });
    // B learns A's settings over the bus (outbox from the migrations).
    expect(
      await eventually(
        () => apps.B.ctx.settings.get().logs.maxDays,
        (d) => d === 2,
      ),
    ).toBe(2);
    expect(Number(apps.A.ctx.stmts.get('SELECT count(*) AS n FROM _bus_outbox')?.n)).toBeGreaterThan(0);
    apps.A.ctx.stmts.run("INSERT INTO _logs (id, level, message, data, created) VALUES ('fleetold0000001', 0, 'GET /old', '{}', ?)", [
      formatDateTime(new Date(Date.now() - 3 * 86_400_000)),
    ]);
    expect((await admins.B.logs.getOne('fleetold0000001')).message).toBe('GET /old');
    // Both instances tick the cleanup's minute: one of them runs it.
    const minute = new Date('2031-01-01T06:00:00.100Z');
    const ran = [apps.A.ctx.crons.tick(minute), apps.B.ctx.crons.tick(minute)].map((ids) => ids.includes('__pbLogsCleanup__'));
    expect(ran).toEqual([true, false]);
    const gone = await eventually(
      () =>
        admins.B.logs.getOne('fleetold0000001').then(
          () => false,
          () => true,
        ),
      (g) => g,
    );
    expect(gone).toBe(true);
    expect((await admins.A.logs.getList(1, 1, { filter: `message ~ "${marker}"` })).totalItems).toBe(3);
  });
});
