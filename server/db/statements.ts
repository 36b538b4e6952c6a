import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDb } from './open.ts';

export type SqlParam = string | number | bigint | Buffer | null;
export type Row = Record<string, unknown>;

/**
 * The query layer of the record engine: SQL text with bound parameters only, executed through a
 * bounded cache of prepared statements so hot paths never re-parse SQL.
 */
export class Statements {
  private readonly cache = new Map<string, BetterSqlite3.Statement>();
  private readonly runInTransaction: (fn: () => unknown) => unknown;
  /** Bumped by every write; read caches (list totals) are valid only for the generation they saw. */
  private writeGeneration = 0;

  constructor(readonly sqlite: SqliteDb, private readonly maxCached = 1000) {
    this.runInTransaction = sqlite.transaction((fn: () => unknown) => fn());
  }

  get generation(): number {
    return this.writeGeneration;
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

  all(sql: string, params: readonly SqlParam[] = []): Row[] {
    return this.prepare(sql).all(...params) as Row[];
  }

  get(sql: string, params: readonly SqlParam[] = []): Row | undefined {
    return this.prepare(sql).get(...params) as Row | undefined;
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
