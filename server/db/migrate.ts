import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { SqliteDb } from './open.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Applies the committed drizzle-kit migrations (idempotent; run at every boot). */
export function migrateDatabase(sqlite: SqliteDb, migrationsFolder = MIGRATIONS_DIR): void {
  migrate(drizzle(sqlite), { migrationsFolder });
}

/** Names of the tables present, to check every collection has one. */
export function tableNames(sqlite: SqliteDb): Set<string> {
  const rows = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  return new Set(rows.map((r) => r.name));
}
