import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDb } from './open.ts';
import { rowBuilder, type RowBuilder } from './row-builder.ts';

export type SqlParam = string | number | bigint | Buffer | null;
export type Row = Record<string, unknown>;

/**
 * The query layer of the record engine: SQL text with bound parameters only, executed through a
 * bounded cache of prepared statements so hot paths never re-parse SQL.
 */
/** A query statement in raw mode with the builder that turns its raw rows into objects. */
interface Reader { stmt: BetterSqlite3.Statement; build: RowBuilder; width: number }

export class Statements {
  private readonly cache = new Map<string, BetterSqlite3.Statement>();
  private readonly readers = new Map<string, Reader>();
  private readonly runInTransaction: (fn: () => unknown) => unknown;
  /** Bumped by every write; read caches (list totals) are valid only for the generation they saw. */
  private writeGeneration = 0;

  constructor(readonly sqlite: SqliteDb, private readonly maxCached = 1000) {
    this.runInTransaction = sqlite.transaction((fn: () => unknown) => fn());
  }

  get generation(): number {
    return this.writeGeneration;
  }

  /** Makes every read cache start over, as after a write (for writes made outside this layer). */
  invalidateReadCaches(): void {
    this.writeGeneration++;
  }

  prepare(sql: string): BetterSqlite3.Statement {
    let stmt = this.cache.get(sql);
    if (stmt) return stmt;
    stmt = this.sqlite.prepare(sql);
    if (this.cache.size >= this.maxCached) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(sql, stmt);
    return stmt;
  }

  /** A query prepared in raw mode (rows as arrays), for all() and get(). */
  private reader(sql: string): Reader {
    let reader = this.readers.get(sql);
    if (reader) return reader;
    const stmt = this.sqlite.prepare(sql);
    if (!stmt.reader) throw new TypeError('This statement does not return data. Use run() instead');
    stmt.raw(true);
    const columns = stmt.columns().map((c) => c.name);
    reader = { stmt, build: rowBuilder(columns), width: columns.length };
    if (this.readers.size >= this.maxCached) {
      const oldest = this.readers.keys().next().value;
      if (oldest !== undefined) this.readers.delete(oldest);
    }
    this.readers.set(sql, reader);
    return reader;
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

  get(sql: string, params: readonly SqlParam[] = []): Row | undefined {
    const reader = this.reader(sql);
    const raw = reader.stmt.get(...params) as unknown[] | undefined;
    if (this.stale(sql, reader, raw)) return this.get(sql, params);
    return raw === undefined ? undefined : reader.build(raw);
  }

  run(sql: string, params: readonly SqlParam[] = []): BetterSqlite3.RunResult {
    this.writeGeneration++;
    return this.prepare(sql).run(...params);
  }

  /** Runs fn in a transaction (a savepoint when nested). */
  transaction<T>(fn: () => T): T {
    try {
      return this.runInTransaction(fn) as T;
    } finally {
      // A rollback also changes what reads see.
      this.writeGeneration++;
    }
  }
}

/** Quotes an identifier that was already validated against the collection registry. */
export function q(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
