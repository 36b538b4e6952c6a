import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/migrate.ts';

/**
 * A copy of the committed migrations up to (not including) the one tagged `tag`, in a temp dir
 * added to `dirs` (the caller removes them): a database migrated with it is one from before that
 * upgrade, for tests of what the upgrade does to existing data.
 */
export function migrationsBefore(tag: string, dirs: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-migrations-'));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const index = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  if (index < 1) throw new Error(`no migration before ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}
