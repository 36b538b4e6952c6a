import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

export type SqliteDb = BetterSqlite3.Database;

/** Opens (creating if needed) a SQLite file with the pragmas every connection of ours uses. */
export function openSqlite(file: string): SqliteDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable in WAL mode across process crashes (only an OS crash can lose the last commit).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -20000');
  db.pragma('temp_store = MEMORY');
  return db;
}
