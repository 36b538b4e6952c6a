import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresMissing, startPostgres, type PostgresServer } from '../../test/postgres.ts';
import { eventually } from '../../test/eventually.ts';
import type { BusMessage, BusOrigin } from './bus.ts';
import { PgBus } from './pg-bus.ts';
import { migratePostgres } from '../../db/migrate-pg.ts';
import { PgStatements } from '../../db/pg-statements.ts';

const missing = postgresMissing();
const log = { info: () => undefined, error: () => undefined };

/** A bus with everything it delivered, in order. */
function tap(bus: PgBus) {
  const got: Array<{ message: BusMessage; origin: BusOrigin }> = [];
  bus.subscribe((message, origin) => got.push({ message, origin }));
  const remote = () => got.filter((g) => g.origin === 'remote').map((g) => g.message);
  const waitFor = (match: (m: BusMessage) => boolean, what: string) =>
    eventually(remote, (ms) => ms.some(match), 10_000).then((ms) => {
      if (!ms.some(match)) throw new Error(`never received ${what}`);
      return ms;
    });
  return { got, remote, waitFor };
}

const record = (id: string, extra: Record<string, unknown> = {}): BusMessage => ({
  kind: 'record',
  action: 'update',
  collectionId: 'col',
  row: { id, ...extra },
});
const idOf = (m: BusMessage) => (m.kind === 'record' ? String(m.row.id) : m.kind);

/**
 * PgBus against Debian's real PostgreSQL: one role per instance, so a test can keep one instance
 * from reconnecting (NOLOGIN) while its listen connection is down.
 */
describe.skipIf(missing !== null)('PgBus (LISTEN/NOTIFY with an outbox)', () => {
  let server: PostgresServer;
  const urls: Record<string, string> = {};
  const buses: PgBus[] = [];
  const bus = (name: string, options: Partial<ConstructorParameters<typeof PgBus>[1]> = {}) => {
    const b = new PgBus(urls[name] as string, { log, maxBackoffMs: 200, ...options });
    buses.push(b);
    return b;
  };

  beforeAll(async () => {
    server = await startPostgres();
    await server.psql('CREATE DATABASE bus');
    for (const name of ['bus_a', 'bus_b', 'bus_c', 'bus_d']) {
      await server.psql(`CREATE ROLE ${name} SUPERUSER LOGIN`);
      const u = new URL(server.urlOf('bus'));
      u.username = name;
      urls[name] = u.href;
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await server?.stop();
  });

  it('delivers another instance’s messages once, in order and whole (a 100 KB row); its own only locally', async () => {
    const a = bus('bus_a');
    const b = bus('bus_b');
    await Promise.all([a.start(), b.start()]);
    expect(a.connected() && b.connected()).toBe(true);
    const atA = tap(a);
    const atB = tap(b);
    const big = 'x'.repeat(100_000);
    const sent: BusMessage[] = [];
    for (let i = 0; i < 200; i++) sent.push(record(`r${i}`, { n: i }));
    sent.push(record('big', { description: big }));
    sent.push({ kind: 'record', action: 'delete', collectionId: 'col', row: { id: 'gone', name: 'Last state', price: 1250 } });
    sent.push({ kind: 'settings' });
    for (const m of sent) a.publish(m);
    await atB.waitFor((m) => m.kind === 'settings', 'the last message');
    expect(atB.remote()).toEqual(sent);
    // Sentinel: B's answer comes after every row A wrote, so once A has it, A has read past its own.
    b.publish(record('sentinel'));
    await atA.waitFor((m) => idOf(m) === 'sentinel', 'the sentinel');
    expect(atA.remote().map(idOf)).toEqual(['sentinel']);
    expect(atA.got.filter((g) => g.origin === 'local').map((g) => g.message)).toEqual(sent);
  });

  it('a row jsonb cannot hold (NUL) still reaches the others, as a flush of their caches', async () => {
    const [a, b] = buses as [PgBus, PgBus];
    const atB = tap(b);
    a.publish(record('nul', { name: 'a\u0000b' }));
    a.publish(record('after'));
    await atB.waitFor((m) => idOf(m) === 'after', 'the message after');
    expect(atB.remote().map(idOf)).toEqual(['flush', 'after']);
  });

  it('local-only fields (a password hash) stay on the instance that wrote them', async () => {
    const [a, b] = buses as [PgBus, PgBus];
    const atA = tap(a);
    const atB = tap(b);
    const message: BusMessage = {
      kind: 'record',
      action: 'update',
      collectionId: 'col',
      row: { id: 'user', email: 'u@example.com', password: '$argon2id$hash' },
      localOnly: ['password'],
    };
    a.publish(message);
    await atB.waitFor((m) => idOf(m) === 'user', 'the user row');
    expect(atB.remote()).toEqual([{ kind: 'record', action: 'update', collectionId: 'col', row: { id: 'user', email: 'u@example.com' } }]);
    expect(atA.got).toEqual([{ message, origin: 'local' }]);
    const stored = await server.psql("SELECT count(*) FROM _bus_outbox WHERE payload::text LIKE '%argon2id%'", 'bus');
    expect(stored.trim()).toBe('0');
  });

  it('catches up after its listen connection is killed; not connected while it cannot listen', async () => {
    const [a, b] = buses as [PgBus, PgBus];
    const atB = tap(b);
    await server.psql('ALTER ROLE bus_b NOLOGIN');
    await server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'bus_b' AND application_name = 'bus-listen'");
    expect(
      await eventually(
        () => b.connected(),
        (c) => !c,
      ),
    ).toBe(false);
    for (const id of ['while-1', 'while-2', 'while-3']) a.publish(record(id));
    // Committed to the outbox while B cannot listen.
    const written = () => server.psql("SELECT count(*) FROM _bus_outbox WHERE payload #>> '{message,row,id}' = 'while-3'", 'bus');
    expect((await eventually(written, (n) => n.trim() === '1')).trim()).toBe('1');
    expect(b.connected()).toBe(false);
    await server.psql('ALTER ROLE bus_b LOGIN');
    await atB.waitFor((m) => m.kind === 'flush', 'the flush after catching up');
    expect(atB.remote().map(idOf)).toEqual(['while-1', 'while-2', 'while-3', 'flush']);
    expect(b.connected()).toBe(true);
    expect(b.stats.reconnects).toBe(1);
  });

  it('publishers on several instances at once: a reader misses nothing and keeps each sender’s order', async () => {
    const c = bus('bus_c');
    const d = bus('bus_d');
    await Promise.all([c.start(), d.start()]);
    const [a, b] = buses as [PgBus, PgBus];
    const atD = tap(d);
    const senders = { a, b, c };
    for (let i = 0; i < 300; i++) for (const [name, s] of Object.entries(senders)) s.publish(record(`${name}-${i}`));
    await eventually(
      () => atD.remote().length,
      (n) => n >= 900,
      20_000,
    );
    const ids = atD.remote().map(idOf);
    expect(ids).toHaveLength(900);
    for (const name of Object.keys(senders)) {
      const mine = ids.filter((id) => id.startsWith(`${name}-`));
      expect(mine).toEqual(Array.from({ length: 300 }, (_, i) => `${name}-${i}`));
    }
  });

  it('prunes outbox rows older than the retention', async () => {
    const client = new pg.Client({ connectionString: urls.bus_a });
    await client.connect();
    try {
      const count = async () => Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM _bus_outbox')).rows[0]?.n);
      // The earlier tests' rows, kept by buses with the default retention (an hour).
      expect(await count()).toBeGreaterThan(0);
      await bus('bus_a', { retentionMs: 1, pruneEveryMs: 50 }).start();
      expect(await eventually(count, (n) => n === 0)).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('instances starting together on a new database all listen at their first attempt', async () => {
    await server.psql('CREATE DATABASE bus_race');
    const together = Array.from({ length: 6 }, () => new PgBus(server.urlOf('bus_race'), { log }));
    buses.push(...together);
    await Promise.all(together.map((b) => b.start()));
    expect(together.map((b) => b.connected())).toEqual(together.map(() => true));
  });

  it('makes its outbox where no migration ran in the shape of the migrations’ _bus_outbox, and uses theirs', async () => {
    await server.psql('CREATE DATABASE bus_migrated');
    const stmts = new PgStatements(server.urlOf('bus_migrated'));
    try {
      migratePostgres(stmts);
    } finally {
      stmts.close();
    }
    const shape = async (database: string) => {
      const client = new pg.Client({ connectionString: server.urlOf(database) });
      await client.connect();
      try {
        const columns = await client.query(
          `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
           WHERE table_name = '_bus_outbox' ORDER BY ordinal_position`,
        );
        const indexes = await client.query("SELECT indexdef FROM pg_indexes WHERE tablename = '_bus_outbox' ORDER BY indexname");
        return { columns: columns.rows, indexes: indexes.rows };
      } finally {
        await client.end();
      }
    };
    const migrated = await shape('bus_migrated');
    expect(migrated.columns.map((c) => c.column_name)).toEqual(['id', 'payload', 'created']);
    // bus_race's outbox was made by the buses themselves (test above).
    expect(await shape('bus_race')).toEqual(migrated);
    const a = new PgBus(server.urlOf('bus_migrated'), { log });
    const b = new PgBus(server.urlOf('bus_migrated'), { log });
    buses.push(a, b);
    await Promise.all([a.start(), b.start()]);
    const atB = tap(b);
    a.publish(record('over-the-migrated-outbox'));
    await atB.waitFor((m) => idOf(m) === 'over-the-migrated-outbox', 'the message');
  });

  it('never throws when PostgreSQL cannot be reached: not connected, publishing is kept for later', async () => {
    const errors: string[] = [];
    const lost = new PgBus('postgres://postgres@127.0.0.1:1/none', {
      log: { info: () => undefined, error: (_o, msg) => errors.push(msg) },
      maxBackoffMs: 100,
    });
    await lost.start();
    expect(lost.connected()).toBe(false);
    expect(() => lost.publish(record('kept'))).not.toThrow();
    // Bounded while away: past 10,000 messages, the rest become one flush.
    for (let i = 0; i < 12_000; i++) lost.publish(record(`more-${i}`));
    expect(lost.pending).toBe(10_001);
    await eventually(
      () => lost.stats.sendErrors,
      (n) => n > 0,
    );
    await lost.close(10);
    expect(errors).toContain('bus: cannot listen, retrying');
  });
});
