import type { SqlDialect } from '../core/filter/dialect.ts';

export { postgresDialect, sqliteDialect, type SqlDialect } from '../core/filter/dialect.ts';

/**
 * What the record engine needs of a database: the synchronous query layer both engines implement
 * (`Statements` over better-sqlite3, `PgStatements` over one PostgreSQL connection), and the small
 * dialect object the SQL builders ask where the engines spell things differently (defined with
 * the filter compiler, which must stay free of database imports).
 */
export type SqlParam = string | number | bigint | Buffer | null;
export type Row = Record<string, unknown>;

export interface RunResult {
  changes: number;
}

/**
 * The synchronous query layer of the record engine. Statements of one request, and the hooks in
 * its `transaction(fn)`, run without interleaving with other requests on both engines.
 */
export interface SqlStatements {
  readonly dialect: SqlDialect;
  /** Bumped by every write; read caches (list totals) are valid only for the generation they saw. */
  readonly generation: number;
  /** Writes that succeeded (statements outside a transaction, committed transactions). */
  readonly commits: number;
  invalidateReadCaches(): void;
  /** The first column of every row. */
  column(sql: string, params?: readonly SqlParam[]): unknown[];
  all(sql: string, params?: readonly SqlParam[]): Row[];
  /**
   * The same read without blocking the event loop where the engine can (PostgreSQL, outside a
   * transaction: a pool of its own). For the hot read routes; a caller that reads its own
   * uncommitted writes must be inside `transaction()`.
   */
  allAsync(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  get(sql: string, params?: readonly SqlParam[]): Row | undefined;
  run(sql: string, params?: readonly SqlParam[]): RunResult;
  /** Runs fn in a transaction (a savepoint when nested). */
  transaction<T>(fn: () => T): T;
  /**
   * The same, settling once committed; where the engine can (PostgreSQL), the COMMIT's round trip
   * does not block the event loop. For a request's writes (the record engine's `execute`).
   */
  transactionAsync<T>(fn: () => T): Promise<T>;
}
