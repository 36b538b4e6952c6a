import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { RATE_LIMIT_SQL } from '../core/auth/rate-limit.ts';
import { postgresMissing, startPostgres, type PostgresServer } from '../test/postgres.ts';
import { CRON_CLAIM_SQL } from './cron-claims.ts';

/**
 * The fleet statements (cron claims, shared rate-limit counters) are portable SQL: the very
 * strings the SQLite store runs, executed on Debian's real PostgreSQL server (placeholders
 * numbered as the pg driver wants), against tables written here by hand as PostgreSQL DDL.
 */
const missing = postgresMissing();

/** `?` placeholders → `$1, $2, …` (none of these statements has a `?` inside a literal). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

describe.skipIf(missing !== null)('fleet statements on PostgreSQL', () => {
  let server: PostgresServer;
  let pool: pg.Pool;
  const q = (sql: string, params: unknown[]) => pool.query(numbered(sql), params);

  beforeAll(async () => {
    server = await startPostgres();
    await server.psql('CREATE DATABASE fleet');
    pool = new pg.Pool({ connectionString: server.urlOf('fleet'), max: 8 });
    await pool.query(`
      CREATE TABLE "_cronClaims" ("job" text NOT NULL, "slot" integer NOT NULL, "instance" text NOT NULL, PRIMARY KEY ("job", "slot"));
      CREATE TABLE "_rateLimits" ("key" text NOT NULL, "windowStart" bigint NOT NULL, "hits" integer NOT NULL,
        "expiresAt" bigint NOT NULL, PRIMARY KEY ("key", "windowStart"));
    `);
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it('a cron slot is claimed by exactly one of many concurrent inserts; old claims are pruned', async () => {
    const slot = 29_000_000;
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => q(CRON_CLAIM_SQL.claim, ['job', slot, `instance-${i}`])));
    expect(results.map((r) => r.rowCount).sort()).toEqual([...Array(15).fill(0), 1]);
    expect((await q(CRON_CLAIM_SQL.claim, ['job', slot + 1, 'x'])).rowCount).toBe(1);
    expect((await q(CRON_CLAIM_SQL.prune, [slot + 1])).rowCount).toBe(1);
    expect((await pool.query('SELECT "job", "slot" FROM "_cronClaims"')).rows).toEqual([{ job: 'job', slot: slot + 1 }]);
  });

  it('rate-limit counts: concurrent upserts return consecutive counts; release never goes below zero; ended windows are pruned', async () => {
    const start = 1_790_000_040_000; // epoch ms beyond 32 bits
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => q(RATE_LIMIT_SQL.count, ['login:ip', start, start + 60_000]).then((r) => Number(r.rows[0].hits))),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(Number((await q(RATE_LIMIT_SQL.read, ['login:ip', start])).rows[0].hits)).toBe(20);
    await q(RATE_LIMIT_SQL.release, ['login:ip', start]);
    expect(Number((await q(RATE_LIMIT_SQL.read, ['login:ip', start])).rows[0].hits)).toBe(19);
    await q(RATE_LIMIT_SQL.count, ['email:ip', start, start + 60_000]);
    await q(RATE_LIMIT_SQL.release, ['email:ip', start]);
    await q(RATE_LIMIT_SQL.release, ['email:ip', start]);
    expect(Number((await q(RATE_LIMIT_SQL.read, ['email:ip', start])).rows[0].hits)).toBe(0);
    expect((await q(RATE_LIMIT_SQL.prune, [start + 60_000])).rowCount).toBe(2);
    expect((await q(RATE_LIMIT_SQL.read, ['login:ip', start])).rows).toEqual([]);
  });
});
