/**
 * What a SQLite error code says about its cause, so the API can answer truthfully: bad input is
 * the client's problem (400), a disk that is full, read-only or failing is ours (503), and a
 * damaged file needs the operator (startup refuses with instructions).
 */
export type SqliteErrorKind = 'input' | 'storage' | 'contention' | 'corrupt' | 'other';

/** The better-sqlite3 error code of an error, if it is one. */
export function sqliteCode(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

export function sqliteErrorKind(code: string): SqliteErrorKind {
  // Extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…) share their primary code's cause.
  const primary = code.replace(/^(SQLITE_[A-Z]+?)(_[A-Z_]+)?$/, '$1');
  switch (primary) {
    case 'SQLITE_CONSTRAINT':
    case 'SQLITE_MISMATCH':
    case 'SQLITE_TOOBIG':
    case 'SQLITE_ERROR':
    case 'SQLITE_RANGE':
      return 'input';
    case 'SQLITE_FULL':
    case 'SQLITE_READONLY':
    case 'SQLITE_IOERR':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
    case 'SQLITE_NOMEM':
    case 'SQLITE_PROTOCOL':
    case 'SQLITE_NOLFS':
      return 'storage';
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return 'contention';
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      return 'corrupt';
    default:
      return 'other';
  }
}
