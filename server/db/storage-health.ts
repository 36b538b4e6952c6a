import type { SqliteDb } from './open.ts';
import { sqliteCode, sqliteErrorKind } from './sqlite-errors.ts';
import type { SqlStatements } from './sql.ts';
import { dbCode, dbErrorKind } from './db-errors.ts';

/** How long one probe result stands (`/api/health` is polled often, and is the bench's empty route). */
const PROBE_TTL_MS = 5_000;
/** A failed write keeps health red this long unless a later write succeeds. */
const FAILURE_MEMORY_MS = 60_000;

export type StorageStatus = { ok: true } | { ok: false; code: string };

/**
 * Whether the database can take writes right now, for `/api/health`. Two signals:
 * - a probe that really writes (allocates pages inside a rolled-back transaction, then commits a
 *   header write), so a full, read-only or failing disk shows before a user's write fails;
 * - the last write that failed for a storage reason, until a later write succeeds (a probe can
 *   pass while the file cannot grow, e.g. a full quota with space left in the WAL).
 */
export class StorageHealth {
  private probed: { at: number; status: StorageStatus } | null = null;
  private failure: { at: number; code: string; commits: number } | null = null;

  constructor(
    /** null on PostgreSQL: the probe is then a round trip on the connection. */
    private readonly sqlite: SqliteDb | null,
    private readonly stmts: SqlStatements,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Called by the error handler for every SQLite error that reached a request. */
  noteError(err: unknown): void {
    const code = dbCode(err);
    if (!code || dbErrorKind(err) !== 'storage') return;
    this.failure = { at: this.clock(), code, commits: this.stmts.commits };
    this.probed = null;
  }

  status(): StorageStatus {
    const now = this.clock();
    const failure = this.failure;
    if (failure && this.stmts.commits === failure.commits && now - failure.at < FAILURE_MEMORY_MS) return { ok: false, code: failure.code };
    if (!this.probed || now - this.probed.at >= PROBE_TTL_MS) this.probed = { at: now, status: this.probe() };
    return this.probed.status;
  }

  private probe(): StorageStatus {
    if (!this.sqlite) return this.probePostgres();
    try {
      if (this.sqlite.inTransaction) return { ok: true };
      this.sqlite.exec('BEGIN IMMEDIATE');
      try {
        this.sqlite.exec('CREATE TABLE "_storage_probe" (x BLOB); INSERT INTO "_storage_probe" VALUES (zeroblob(16384))');
      } finally {
        this.sqlite.exec('ROLLBACK');
      }
      const version = this.sqlite.pragma('user_version', { simple: true }) as number;
      this.sqlite.pragma(`user_version = ${Number(version) | 0}`);
      return { ok: true };
    } catch (err) {
      const code = sqliteCode(err);
      if (!code) throw err;
      return sqliteErrorKind(code) === 'contention' ? { ok: true } : { ok: false, code };
    }
  }

  private probePostgres(): StorageStatus {
    try {
      this.stmts.get('SELECT 1 AS x');
      return { ok: true };
    } catch (err) {
      return { ok: false, code: dbCode(err) ?? 'unavailable' };
    }
  }
}
