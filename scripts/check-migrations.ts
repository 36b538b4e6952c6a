/**
 * Fails when the collection definitions changed without a committed migration, for both
 * dialects: compares the schema drizzle-kit would generate now with the latest committed snapshot
 * of `drizzle/` (SQLite) and `drizzle-pg/` (PostgreSQL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration, generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import * as schema from '../server/db/schema.ts';
import * as fleetSchema from '../server/ops/fleet-schema.ts';
import * as fleetSchemaPg from '../server/ops/fleet-schema-pg.ts';
import * as schemaPg from '../server/db/schema-pg.ts';
import { MIGRATIONS_DIR } from '../server/db/migrate.ts';
import { PG_MIGRATIONS_DIR } from '../server/db/migrate-pg.ts';

function latestSnapshot(dir: string): { file: string; count: number; json: unknown } {
  const metaDir = path.join(dir, 'meta');
  const snapshots = fs
    .readdirSync(metaDir)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort();
  const latest = snapshots[snapshots.length - 1];
  if (!latest) {
    console.error(`No drizzle snapshot found in ${dir}: run "npm run db:generate".`);
    process.exit(1);
  }
  return { file: latest, count: snapshots.length, json: JSON.parse(fs.readFileSync(path.join(metaDir, latest), 'utf8')) };
}

const sqlite = latestSnapshot(MIGRATIONS_DIR);
const pendingSqlite = await generateSQLiteMigration(
  sqlite.json as never,
  await generateSQLiteDrizzleJson({ params: schema.params, ...schema.collectionTables, ...fleetSchema }),
);
const pg = latestSnapshot(PG_MIGRATIONS_DIR);
const pendingPg = await generateMigration(
  pg.json as never,
  generateDrizzleJson({ params: schemaPg.params, ...schemaPg.collectionTables, ...fleetSchemaPg }),
);
let failed = false;
for (const [name, pending] of [
  ['SQLite (drizzle/)', pendingSqlite],
  ['PostgreSQL (drizzle-pg/)', pendingPg],
] as const) {
  if (pending.length) {
    failed = true;
    console.error(`The ${name} schema has changes without a migration (run "npm run db:generate" and commit):\n${pending.join('\n')}`);
  }
}
if (failed) process.exit(1);
console.log(`migrations up to date (${sqlite.count} SQLite, ${pg.count} PostgreSQL snapshot(s))`);
