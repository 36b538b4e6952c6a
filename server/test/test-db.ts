import { randomBytes } from 'node:crypto';
import type { CollectionDef } from '../core/collections.ts';
import { migratePostgres } from '../db/migrate-pg.ts';
import { PgStatements } from '../db/pg-statements.ts';
import { startPostgres, type PostgresServer } from './postgres.ts';
import { openSqlite } from '../db/open.ts';
import type { SqlStatements } from '../db/sql.ts';
import { Statements } from '../db/statements.ts';
import { createTables, createTablesPg } from './tables.ts';

/** Whether test apps run on PostgreSQL (`DB=pg`, `npm run test:pg`) instead of SQLite. */
export function testOnPostgres(): boolean {
  return process.env.DB === 'pg';
}

/**
 * A throwaway cluster with the template database `tpl`, migrated once: each test database is a
 * copy of it (`CREATE DATABASE … TEMPLATE tpl`), far faster than migrating every one.
 */
export async function startTemplateCluster(): Promise<PostgresServer> {
  const pg = await startPostgres();
  await pg.psql('CREATE DATABASE tpl');
  const stmts = new PgStatements(pg.urlOf('tpl'));
  try {
    migratePostgres(stmts);
  } finally {
    stmts.close();
  }
  return pg;
}

/** Runs SQL on the cluster's `postgres` database (CREATE/DROP DATABASE). */
type Admin = { urlOf(database: string): string; exec(sql: string): Promise<void> };

let admin: Promise<Admin> | null = null;

/**
 * The run's cluster: the one vitest's globalSetup started (server/test/pg-global-setup.ts, in
 * QRMENU_TEST_PG_URL, with `tpl` migrated), else one of this process's own, stopped when it exits.
 */
async function cluster(): Promise<Admin> {
  admin ??= (async () => {
    const shared = process.env.QRMENU_TEST_PG_URL;
    if (shared) {
      const stmts = new PgStatements(shared);
      process.once('exit', () => stmts.close());
      const urlOf = (database: string) => {
        const u = new URL(shared);
        u.pathname = `/${encodeURIComponent(database)}`;
        return u.toString();
      };
      return { urlOf, exec: async (sql: string) => stmts.exec(sql) };
    }
    const pg = await startTemplateCluster();
    process.once('exit', () => pg.stopSync());
    return { urlOf: (database: string) => pg.urlOf(database), exec: async (sql: string) => void (await pg.psql(sql)) };
  })();
  return admin;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated PostgreSQL database with the tables of the test's own collections. */
export async function createTestDatabase(extra: CollectionDef[]): Promise<TestDatabase> {
  const pg = await cluster();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await pg.exec(`CREATE DATABASE ${name} TEMPLATE tpl`);
  const url = pg.urlOf(name);
  if (extra.length) {
    const stmts = new PgStatements(url);
    try {
      await createTablesPg((sql) => stmts.exec(sql), extra);
    } finally {
      stmts.close();
    }
  }
  return {
    url,
    async drop() {
      await pg.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A bare database with only the given collections' tables, on the engine the run tests (SQLite
 * in memory, or a fresh PostgreSQL database with DB=pg), behind the engine's query layer.
 */
export async function openTestStatements(defs: CollectionDef[]): Promise<{ stmts: SqlStatements; close(): Promise<void> }> {
  if (!testOnPostgres()) {
    const sqlite = openSqlite(':memory:');
    await createTables(sqlite, defs);
    return {
      stmts: new Statements(sqlite),
      async close() {
        sqlite.close();
      },
    };
  }
  const pg = await cluster();
  const name = `b_${randomBytes(6).toString('hex')}`;
  await pg.exec(`CREATE DATABASE ${name}`);
  const stmts = new PgStatements(pg.urlOf(name));
  await createTablesPg((sql) => stmts.exec(sql), defs);
  return {
    stmts,
    async close() {
      stmts.close();
      await pg.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
