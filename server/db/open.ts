import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteCode, sqliteErrorKind } from './sqlite-errors.ts';

export type SqliteDb = BetterSqlite3.Database;

/**
 * A database file SQLite cannot read (damaged, or not a database at all). Its message is for the
 * operator: which file, and how to get the service back; the entry point prints it without a stack.
 */
export class DatabaseFileError extends Error {}

export interface OpenOptions {
  /** Runs on the new connection (migrations, schema): a damaged file often shows only there. */
  prepare?: (db: SqliteDb) => void;
  /** What the operator can do about a damaged file, after "stop the server and move it aside". */
  recovery?: string;
}

/** Opens (creating if needed) a SQLite file with the pragmas every connection of ours uses. */
export function openSqlite(file: string, options: OpenOptions = {}): SqliteDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: SqliteDb | null = null;
  try {
    db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    // NORMAL is durable in WAL mode across process crashes (only an OS crash can lose the last commit).
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('cache_size = -20000');
    db.pragma('temp_store = MEMORY');
    options.prepare?.(db);
    return db;
  } catch (err) {
    if (db?.open) db.close();
    const code = sqliteCode(err);
    if (code && sqliteErrorKind(code) === 'corrupt') throw new DatabaseFileError(damagedFileMessage(file, err as Error, options.recovery));
    throw err;
  }
}

function damagedFileMessage(file: string, err: Error, recovery = 'start the server again to begin with an empty file.'): string {
  const sidecars = [`${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f));
  return [
    `The database file ${file} is damaged and cannot be opened (${sqliteCode(err)}: ${err.message}).`,
    'The server does not start on it. To get back up:',
    `  1. Move ${[file, ...sidecars].join(', ')} aside (keep the copy: it may still be repaired with "sqlite3 .recover").`,
    `  2. ${recovery}`,
  ].join('\n');
}
