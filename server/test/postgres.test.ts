import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresMissing, startPostgres, type PostgresServer } from './postgres.ts';

const missing = postgresMissing();

describe.skipIf(missing !== null)('throwaway PostgreSQL cluster (test harness)', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('serves a database the pg driver can use, over TCP, with UTF-8', async () => {
    await server.psql('CREATE DATABASE harness_check');
    const client = new pg.Client({ connectionString: server.urlOf('harness_check') });
    await client.connect();
    try {
      const { rows } = await client.query<{ v: string; enc: string }>(
        "SELECT $1::text AS v, pg_encoding_to_char(encoding) AS enc FROM pg_database WHERE datname = 'harness_check'",
        ['Crème brûlée 🍮'],
      );
      expect(rows).toEqual([{ v: 'Crème brûlée 🍮', enc: 'UTF8' }]);
    } finally {
      await client.end();
    }
  });
});
