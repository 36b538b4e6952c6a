import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate.ts';
import { migrationsBefore } from '../../test/migrations-before.ts';
import { openSqlite } from '../../db/open.ts';

/**
 * Upgrading a database whose organizations lapsed before `lapsedAt` existed: they lapse at the
 * upgrade (a full grace period from then), never "grace over" at once; others stay unset.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('backfills lapsedAt of already lapsed organizations with the upgrade time', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-upgrade-'));
  dirs.push(dir);
  const db = openSqlite(path.join(dir, 'data.db'));
  migrateDatabase(db, migrationsBefore('0007_lapse', dirs));
  const insert = db.prepare('INSERT INTO organizations (id, name, slug, subscriptionStatus, updated) VALUES (?, ?, ?, ?, ?)');
  const longAgo = '2024-01-01 00:00:00.000Z';
  for (const [id, status] of [
    ['orgpastdue00001', 'past_due'],
    ['orgcanceled0001', 'canceled'],
    ['orgactive000001', 'active'],
    ['orgnone00000001', 'none'],
  ] as const)
    insert.run(id, id, id, status, longAgo);
  const before = new Date().toISOString().replace('T', ' ');
  migrateDatabase(db);
  const after = new Date().toISOString().replace('T', ' ');
  const rows = Object.fromEntries(
    (db.prepare('SELECT id, lapsedAt FROM organizations').all() as { id: string; lapsedAt: string }[]).map((r) => [r.id, r.lapsedAt]),
  );
  db.close();
  for (const id of ['orgpastdue00001', 'orgcanceled0001']) {
    const lapsedAt = rows[id] ?? '';
    expect(lapsedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(lapsedAt >= before && lapsedAt <= after, `${before} <= ${lapsedAt} <= ${after}`).toBe(true);
  }
  expect(rows.orgactive000001).toBe('');
  expect(rows.orgnone00000001).toBe('');
});
