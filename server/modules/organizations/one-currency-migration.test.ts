import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate.ts';
import { openSqlite } from '../../db/open.ts';
import { migrationsBefore } from '../../test/migrations-before.ts';

/**
 * Upgrading a database from when venues had a currency of their own (only the guest page used
 * it): an organization whose venues all showed one other currency adopts it, so guests keep
 * seeing the same prices; mixed or unset venues leave the organization's currency as it was.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('moves a currency every venue shared to the organization, and drops the venue column', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-upgrade-'));
  dirs.push(dir);
  const db = openSqlite(path.join(dir, 'data.db'));
  migrateDatabase(db, migrationsBefore('0013_one_currency', dirs));
  const org = db.prepare('INSERT INTO organizations (id, name, slug, currency) VALUES (?, ?, ?, ?)');
  const venue = db.prepare('INSERT INTO venues (id, organization, name, slug, currency) VALUES (?, ?, ?, ?, ?)');
  const orgs: [string, string, string[]][] = [
    ['orgyenonly00001', 'EUR', ['JPY', 'JPY']],
    ['orgmixed0000001', 'EUR', ['JPY', 'CHF']],
    ['orgsame00000001', 'GBP', ['GBP']],
    ['orgpartly000001', 'EUR', ['KWD', '']],
    ['orgnovenues0001', 'USD', []],
  ];
  for (const [id, currency, venues] of orgs) {
    org.run(id, id, id, currency);
    venues.forEach((c, i) => venue.run(`${id.slice(0, 12)}v${i}0`, id, `${id} ${i}`, `${id}-${i}`, c));
  }
  migrateDatabase(db);
  const currencies = Object.fromEntries(
    (db.prepare('SELECT id, currency FROM organizations').all() as { id: string; currency: string }[]).map((r) => [r.id, r.currency]),
  );
  const venueColumns = (db.prepare("SELECT name FROM pragma_table_info('venues')").all() as { name: string }[]).map((c) => c.name);
  db.close();
  expect(currencies).toEqual({
    orgyenonly00001: 'JPY',
    orgmixed0000001: 'EUR',
    orgsame00000001: 'GBP',
    orgpartly000001: 'EUR',
    orgnovenues0001: 'USD',
  });
  expect(venueColumns).not.toContain('currency');
  expect(venueColumns).toContain('name');
});
