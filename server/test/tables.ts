import { generateDrizzleJson, generateMigration, generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { normalizeCollection, type CollectionDef } from '../core/collections.ts';
import { collectionTable } from '../db/collection-table.ts';
import { collectionTablePg } from '../db/collection-table-pg.ts';
import type { SqliteDb } from '../db/open.ts';

/**
 * Creates the tables of collections that exist only in tests, with the SQL drizzle-kit itself
 * would generate for them (the same path the committed migrations take).
 */
export async function createTables(sqlite: SqliteDb, defs: CollectionDef[]): Promise<void> {
  if (defs.length === 0) return;
  const tables = Object.fromEntries(
    defs.map((d) => {
      const c = normalizeCollection(d);
      return [c.name, collectionTable(c)];
    }),
  );
  const empty = await generateSQLiteDrizzleJson({});
  const current = await generateSQLiteDrizzleJson(tables);
  for (const statement of await generateSQLiteMigration(empty, current)) sqlite.exec(statement);
}

/** The PostgreSQL twin of createTables (DB=pg test apps): the SQL drizzle-kit generates for the pg-core tables. */
export async function createTablesPg(exec: (sql: string) => void, defs: CollectionDef[]): Promise<void> {
  if (defs.length === 0) return;
  const tables = Object.fromEntries(
    defs.map((d) => {
      const c = normalizeCollection(d);
      return [c.name, collectionTablePg(c)];
    }),
  );
  const empty = generateDrizzleJson({});
  const current = generateDrizzleJson(tables);
  for (const statement of await generateMigration(empty, current)) exec(statement);
}
