import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { SqliteDb } from './open.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** drizzle-kit's bookkeeping table (same name and columns as drizzle's own migrator writes). */
const MIGRATIONS_TABLE = '__drizzle_migrations';

/**
 * How long a starting instance waits for another one that is migrating the same database file.
 * Far above any migration of ours; the usual 5 s busy timeout of a connection is restored after.
 */
const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * Applies the committed drizzle-kit migrations (idempotent; run at every boot).
 *
 * Several instances may start at once on one data folder (a rolling restart, two replicas on one
 * volume): the check "which migrations are applied" and the migrations themselves run in ONE
 * write transaction taken up front (`BEGIN IMMEDIATE`: in WAL mode the single writer lock), so a
 * second instance waits on SQLite's lock and then finds the schema up to date. drizzle's own
 * migrator reads the last applied migration before its `BEGIN`, so two processes both apply it.
 * The lock lives in SQLite (released by the OS if a process dies): no lock file to go stale.
 */
export function migrateDatabase(sqlite: SqliteDb, migrationsFolder = MIGRATIONS_DIR): void {
  const migrations = readMigrationFiles({ migrationsFolder });
  const busyTimeout = Number(sqlite.pragma('busy_timeout', { simple: true }));
  sqlite.pragma(`busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
  try {
    sqlite.exec('BEGIN IMMEDIATE');
  } finally {
    sqlite.pragma(`busy_timeout = ${busyTimeout}`);
  }
  try {
    sqlite.exec(`CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
    const last = sqlite.prepare(`SELECT created_at FROM "${MIGRATIONS_TABLE}" ORDER BY created_at DESC LIMIT 1`).get() as
      { created_at: number | string } | undefined;
    const insert = sqlite.prepare(`INSERT INTO "${MIGRATIONS_TABLE}" ("hash", "created_at") VALUES (?, ?)`);
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const stmt of migration.sql) if (stmt.trim()) sqlite.exec(stmt);
      insert.run(migration.hash, migration.folderMillis);
    }
    sqlite.exec('COMMIT');
  } catch (err) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw err;
  }
}

/** Names of the tables present, to check every collection has one. */
export function tableNames(sqlite: SqliteDb): Set<string> {
  const rows = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  return new Set(rows.map((r) => r.name));
}
