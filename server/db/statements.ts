import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDb } from './open.ts';
import { remember } from './bounded-cache.ts';
import { rowBuilder, type RowBuilder } from './row-builder.ts';
import { sqliteDialect, type Row, type SqlParam, type SqlStatements } from './sql.ts';

export type { Row, SqlParam, SqlStatements } from './sql.ts';

/** A query statement in raw mode with the builder that turns its raw rows into objects. */
interface Reader {
  stmt: BetterSqlite3.Statement;
  build: RowBuilder;
  width: number;
}

/**
 * The query layer of the record engine: SQL text with bound parameters only, executed through a
 * bounded cache of prepared statements so hot paths never re-parse SQL.
 */
export class Statements implements SqlStatements {
  readonly dialect = sqliteDialect;
  private readonly cache = new Map<string, BetterSqlite3.Statement>();
  private readonly readers = new Map<string, Reader>();
  private readonly plucked = new Map<string, BetterSqlite3.Statement>();
  private readonly runInTransaction: (fn: () => unknown) => unknown;
  /** Bumped by every write; read caches (list totals) are valid only for the generation they saw. */
  private writeGeneration = 0;
  /** Writes that succeeded (statements outside a transaction, committed transactions): storage health reads it. */
  private committedWrites = 0;

  constructor(
    readonly sqlite: SqliteDb,
    private readonly maxCached = 1000,
  ) {
    // BEGIN IMMEDIATE: the write lock is taken up front, waiting (busy_timeout) for another
    // process's writer. Begun deferred, a transaction whose first statement reads would hold a
    // snapshot, and SQLite refuses its upgrade to a writer at once (SQLITE_BUSY, no busy handler)
    // while another process writes the same file (write-lock.test.ts).
    this.runInTransaction = sqlite.transaction((fn: () => unknown) => fn()).immediate;
  }

  get generation(): number {
    return this.writeGeneration;
  }

  get commits(): number {
    return this.committedWrites;
  }

  /** Makes every read cache start over, as after a write (for writes made outside this layer). */
  invalidateReadCaches(): void {
    this.writeGeneration++;
  }

  prepare(sql: string): BetterSqlite3.Statement {
    return this.cache.get(sql) ?? remember(this.cache, sql, this.sqlite.prepare(sql), this.maxCached);
  }

  private query(sql: string): BetterSqlite3.Statement {
    const stmt = this.sqlite.prepare(sql);
    if (!stmt.reader) throw new TypeError('This statement does not return data. Use run() instead');
    return stmt;
  }

  /** A query prepared in raw mode (rows as arrays), for all() and get(). */
  private reader(sql: string): Reader {
    const cached = this.readers.get(sql);
    if (cached) return cached;
    const stmt = this.query(sql).raw(true);
    const columns = stmt.columns().map((c) => c.name);
    return remember(this.readers, sql, { stmt, build: rowBuilder(columns), width: columns.length }, this.maxCached);
  }

  /**
   * The first column of every row (ids, counts): no row objects at all, which matters for
   * results of thousands of rows (realtime rule checks).
   */
  column(sql: string, params: readonly SqlParam[] = []): unknown[] {
    const stmt = this.plucked.get(sql) ?? remember(this.plucked, sql, this.query(sql).pluck(true), this.maxCached);
    return stmt.all(...params);
  }

  /** SQLite re-prepares `SELECT *` after a schema change: rebuild the reader if its width moved. */
  private stale(sql: string, reader: Reader, first: readonly unknown[] | undefined): boolean {
    if (first === undefined || first.length === reader.width) return false;
    this.readers.delete(sql);
    return true;
  }

  all(sql: string, params: readonly SqlParam[] = []): Row[] {
    const reader = this.reader(sql);
    const raw = reader.stmt.all(...params) as unknown[][];
    if (this.stale(sql, reader, raw[0])) return this.all(sql, params);
    return raw.map(reader.build);
  }

  /** SQLite answers in-process and at once: the same read as `all`, as a promise. */
  async allAsync(sql: string, params: readonly SqlParam[] = []): Promise<Row[]> {
    return this.all(sql, params);
  }

  get(sql: string, params: readonly SqlParam[] = []): Row | undefined {
    const reader = this.reader(sql);
    const raw = reader.stmt.get(...params) as unknown[] | undefined;
    if (this.stale(sql, reader, raw)) return this.get(sql, params);
    return raw === undefined ? undefined : reader.build(raw);
  }

  run(sql: string, params: readonly SqlParam[] = []): BetterSqlite3.RunResult {
    this.writeGeneration++;
    const result = this.prepare(sql).run(...params);
    this.committedWrites++;
    return result;
  }

  /** Runs fn in a transaction (a savepoint when nested). */
  transaction<T>(fn: () => T): T {
    try {
      const result = this.runInTransaction(fn) as T;
      this.committedWrites++;
      return result;
    } finally {
      // A rollback also changes what reads see.
      this.writeGeneration++;
    }
  }

  /** SQLite commits in-process and at once: the same transaction, as a promise. */
  async transactionAsync<T>(fn: () => T): Promise<T> {
    return this.transaction(fn);
  }
}

/** Quotes an identifier that was already validated against the collection registry. */
export function q(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
