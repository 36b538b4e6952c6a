import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrateDatabase } from '../../db/migrate.ts';
import { openSqlite } from '../../db/open.ts';

/**
 * Upgrading a database whose organizations lapsed before `lapsedAt` existed: they lapse at the
 * upgrade (a full grace period from then), never "grace over" at once; others stay unset.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The committed migrations up to (not including) the one tagged `tag`. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-migrations-'));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const index = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

it('backfills lapsedAt of already lapsed organizations with the upgrade time', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-upgrade-'));
  dirs.push(dir);
  const db = openSqlite(path.join(dir, 'data.db'));
  migrateDatabase(db, migrationsBefore('0007_lapse'));
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
