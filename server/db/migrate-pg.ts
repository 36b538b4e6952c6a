import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgStatements } from './pg-statements.ts';

export const PG_MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle-pg');

/** Any fixed key of ours: every instance of the app takes the same transaction-level advisory lock. */
const MIGRATION_LOCK_KEY = 7_243_019_551;

/**
 * Applies the committed drizzle-kit PostgreSQL migrations (idempotent; run at every boot). As on
 * SQLite, the check and the migrations run in ONE transaction that first takes an advisory lock,
 * so instances starting together wait for the first one and then find the schema up to date.
 * The lock ends with the transaction (also when a process dies).
 */
export function migratePostgres(stmts: PgStatements, migrationsFolder = PG_MIGRATIONS_DIR): void {
  const migrations = readMigrationFiles({ migrationsFolder });
  stmts.transaction(() => {
    stmts.get(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}) IS NULL AS x`);
    stmts.exec('CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
    const last = stmts.get('SELECT created_at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1');
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const stmt of migration.sql) if (stmt.trim()) stmts.exec(stmt);
      stmts.run('INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)', [migration.hash, migration.folderMillis]);
    }
  });
}

/** Names of the tables present in the current schema, to check every collection has one. */
export function pgTableNames(stmts: PgStatements): Set<string> {
  return new Set(stmts.column('SELECT tablename FROM pg_tables WHERE schemaname = current_schema()').map(String));
}
