import { sqliteCode, sqliteErrorKind, type SqliteErrorKind } from './sqlite-errors.ts';

export type DbErrorKind = SqliteErrorKind;

/** The SQLSTATE of a PostgreSQL error (from server/db/pg-worker.mjs), if it is one. */
export function pgCode(err: unknown): string | null {
  const e = err as { code?: unknown; pg?: unknown } | null;
  return e?.pg === true && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : null;
}

/**
 * A PostgreSQL SQLSTATE sorted into the same kinds as SQLite's codes: constraint and data errors
 * are bad input (400), disk and connection trouble is storage (503), serialization and lock
 * failures contention.
 */
export function pgErrorKind(code: string): DbErrorKind {
  const cls = code.slice(0, 2);
  if (cls === '23' || cls === '22' || cls === '42') return 'input';
  if (cls === '53' || cls === '08' || cls === '57' || cls === '58' || code === '25006') return 'storage';
  if (cls === '40' || code === '55P03') return 'contention';
  if (cls === 'XX') return 'corrupt';
  return 'other';
}

/** The engine error code of an error (SQLite's `SQLITE_…` or PostgreSQL's SQLSTATE), or null. */
export function dbCode(err: unknown): string | null {
  return sqliteCode(err) ?? pgCode(err);
}

/** What a database error of either engine says about its cause, or null for other errors. */
export function dbErrorKind(err: unknown): DbErrorKind | null {
  const s = sqliteCode(err);
  if (s) return sqliteErrorKind(s);
  const p = pgCode(err);
  return p ? pgErrorKind(p) : null;
}

/** Whether the error is a duplicate primary key (SQLite's code; PostgreSQL's 23505 on a `*_pkey` constraint). */
export function isDuplicatePrimaryKey(err: unknown): boolean {
  if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  return pgCode(err) === '23505' && String((err as { constraint?: unknown }).constraint ?? '').endsWith('_pkey');
}
