import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate.ts';
import { migrationsBefore } from '../../test/migrations-before.ts';
import { openSqlite } from '../../db/open.ts';
import { DEFAULT_PLANS } from './plans-seed.ts';

/**
 * Upgrading an install whose plans were seeded before `plans.entitlements` existed: the default
 * plans get exactly what the seed gives new installs (so the two cannot drift), other plans none.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('gives the default plans of an existing install their entitlements, and custom plans none', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-upgrade-'));
  dirs.push(dir);
  const db = openSqlite(path.join(dir, 'data.db'));
  migrateDatabase(db, migrationsBefore('0014_plan_entitlements', dirs));
  const insert = db.prepare('INSERT INTO plans (id, code, name, features) VALUES (?, ?, ?, ?)');
  for (const p of DEFAULT_PLANS) insert.run(`plan${p.code}`.padEnd(15, '0'), p.code, p.name, '["Priority support"]');
  insert.run('plancustom00000', 'custom', 'Custom', '[]');
  migrateDatabase(db);
  const rows = db.prepare('SELECT code, entitlements FROM plans').all() as { code: string; entitlements: string | null }[];
  db.close();
  const stored = Object.fromEntries(rows.map((r) => [r.code, r.entitlements === null ? null : JSON.parse(r.entitlements)]));
  expect(stored).toEqual({ ...Object.fromEntries(DEFAULT_PLANS.map((p) => [p.code, p.entitlements])), custom: null });
});
