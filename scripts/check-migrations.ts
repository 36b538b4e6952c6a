/**
 * Fails when the collection definitions changed without a committed migration: compares the
 * schema drizzle-kit would generate now with the latest committed snapshot.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import * as schema from '../server/db/schema.ts';
import * as fleetSchema from '../server/ops/fleet-schema.ts';
import { MIGRATIONS_DIR } from '../server/db/migrate.ts';

const metaDir = path.join(MIGRATIONS_DIR, 'meta');
const snapshots = fs
  .readdirSync(metaDir)
  .filter((f) => f.endsWith('_snapshot.json'))
  .sort();
const latest = snapshots[snapshots.length - 1];
if (!latest) {
  console.error('No drizzle snapshot found: run "npm run db:generate".');
  process.exit(1);
}
const committed = JSON.parse(fs.readFileSync(path.join(metaDir, latest), 'utf8'));
const tables = { params: schema.params, ...schema.collectionTables, ...fleetSchema };
const current = await generateSQLiteDrizzleJson(tables);
const pending = await generateSQLiteMigration(committed, current);
if (pending.length) {
  console.error(`The schema has changes without a migration (run "npm run db:generate" and commit):\n${pending.join('\n')}`);
  process.exit(1);
}
console.log(`migrations up to date (${snapshots.length} snapshot(s))`);
