import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remember } from './bounded-cache.ts';
import { PgWorkerChannel } from './pg-channel.ts';
import { PgReadPool } from './pg-read-pool.ts';
import { rowBuilder } from './row-builder.ts';
import { postgresDialect, type Row, type RunResult, type SqlParam, type SqlStatements } from './sql.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pg-worker.mjs');

interface Result {
  fields: string[];
  rows: unknown[][];
  count: number;
}

/**
 * How a statement runs on the worker: `begin` sends the transaction's deferred BEGIN first (same
 * call, no extra hand-over); `restart` (a first write) is the SQL that undoes a failure by
 * starting the transaction again.
 */
interface CallOptions {
  begin?: boolean;
  restart?: string;
}

/** The worker's operations: 'guarded' runs under a savepoint of its own, 'first' is a transaction's first write (see `run`). */
type Op = 'query' | 'guarded' | 'first';

type Call = {
  (op: 'open', id: 0, url: string): number;
  (op: 'close', id: number): null;
  (op: 'exec', id: number, sql: string, params: undefined, options: CallOptions): null;
  (op: Op, id: number, sql: string, params: readonly SqlParam[], options: CallOptions): Result;
};

/** Reads that take a lock held until the transaction ends: the transaction is no longer "nothing done yet". */
const TAKES_LOCK = /\bpg_advisory_xact_lock\b|\bFOR\s+(UPDATE|SHARE)\b/i;

let channel: PgWorkerChannel | null = null;
/** One worker thread per process; it holds every PgStatements' client. */
function workerChannel(): PgWorkerChannel {
  channel ??= new PgWorkerChannel(WORKER);
  return channel;
}
/** A synchronous call to the worker: the event loop waits for the answer. */
const syncCall = ((op: string, ...args: unknown[]) => workerChannel().sync(op, ...args)) as Call;
function worker(): Call {
  return syncCall;
}

/** A bare identifier with both cases, e.g. currentOrganization (not SELECT, not json_each). */
const MIXED_CASE = /^[a-z_][A-Za-z0-9_]*$/;
/** Column names of ours that PostgreSQL reads as keywords when bare (`user` is CURRENT_USER there). */
const IDENTIFIER_WORDS = new Set(['user']);

/**
 * Our SQL as PostgreSQL reads it, translated once per SQL text (the caller caches it):
 * - `?` placeholders become `$1…$n`;
 * - bare mixed-case identifiers are quoted: SQLite matches identifiers case-insensitively and
 *   keeps their case, PostgreSQL folds unquoted ones to lower case (`currentOrganization` would
 *   name a column `currentorganization`), and so is a bare `user` (memberships.user), which
 *   PostgreSQL reads as CURRENT_USER.
 * Quoted strings ('…') and identifiers ("…") are copied as they are.
 */
export function toPostgresSql(sql: string): string {
  let out = '';
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    if (ch === "'" || ch === '"') {
      // A doubled quote inside closes and reopens the literal: copying up to each quote is the same.
      const end = sql.indexOf(ch, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else if (ch === '?') {
      out += `$${++n}`;
      i++;
    } else if (/[A-Za-z_]/.test(ch)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_]/.test(sql[j] as string)) j++;
      const word = sql.slice(i, j);
      const prev = sql[i - 1];
      const partOfOther = prev !== undefined && /[0-9$]/.test(prev);
      const quote = !partOfOther && ((MIXED_CASE.test(word) && /[A-Z]/.test(word) && /[a-z]/.test(word)) || IDENTIFIER_WORDS.has(word));
      out += quote ? `"${word}"` : word;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/**
 * The record engine's query layer on PostgreSQL, with the same synchronous interface and
 * semantics as `Statements` on SQLite: ONE connection per instance, statements serialized, and
 * `transaction(fn)` = BEGIN…COMMIT/ROLLBACK (SAVEPOINTs when nested). The queries run on a worker
 * thread (server/db/pg-worker.mjs) that this thread waits for (server/db/pg-channel.ts).
 */
export class PgStatements implements SqlStatements {
  readonly dialect = postgresDialect;
  private readonly id: number;
  private readonly texts = new Map<string, string>();
  private writeGeneration = 0;
  private committedWrites = 0;
  private depth = 0;
  private held = false;
  /** BEGIN not sent yet: it goes with the transaction's first statement (one hand-over less). */
  private beginPending = false;
  /** The open transaction has written (or locked) something: a failing statement then needs its own savepoint. */
  private dirty = false;
  private closed = false;
  private reads: PgReadPool | null = null;

  constructor(
    readonly url: string,
    private readonly maxCached = 1000,
  ) {
    this.id = worker()('open', 0, url);
  }

  get generation(): number {
    return this.writeGeneration;
  }

  get commits(): number {
    return this.committedWrites;
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  invalidateReadCaches(): void {
    this.writeGeneration++;
  }

  private text(sql: string): string {
    return this.texts.get(sql) ?? remember(this.texts, sql, toPostgresSql(sql), this.maxCached);
  }

  /** The options of the next worker call: the deferred BEGIN, if any, travels with it. */
  private takeBegin(options: CallOptions = {}): CallOptions {
    if (!this.beginPending) return options;
    this.beginPending = false;
    return { ...options, begin: true };
  }

  private query(sql: string, params: readonly SqlParam[], op: Op = this.held ? 'guarded' : 'query', options?: CallOptions): Result {
    if (this.depth > 0 && TAKES_LOCK.test(sql)) this.dirty = true;
    try {
      return worker()(op, this.id, this.text(sql), params, this.takeBegin(options));
    } catch (err) {
      if (process.env.PG_DEBUG) console.error('PG_DEBUG', (err as Error).message, '\n', this.text(sql), params);
      throw err;
    }
  }

  /**
   * A read that lets the event loop serve other requests meanwhile: outside a transaction it runs
   * on the read pool (opened on first use); inside one (or a held test transaction) it must see
   * the transaction's own writes, so it runs on this connection.
   */
  async allAsync(sql: string, params: readonly SqlParam[] = []): Promise<Row[]> {
    if (this.depth > 0) return this.all(sql, params);
    if (this.closed) throw new Error('PostgreSQL connection is closed');
    this.reads ??= new PgReadPool(this.url);
    const res = await this.reads.query(this.text(sql), params);
    return res.rows.length ? res.rows.map(rowBuilder(res.fields)) : [];
  }

  /** Runs SQL without parameters (several statements allowed: migrations). */
  exec(sql: string): void {
    if (this.depth > 0) this.dirty = true;
    this.control(sql);
  }

  /** Transaction control (BEGIN, SAVEPOINT, COMMIT…): changes no data. */
  private control(sql: string): void {
    worker()('exec', this.id, sql, undefined, this.takeBegin());
  }

  column(sql: string, params: readonly SqlParam[] = []): unknown[] {
    return this.query(sql, params).rows.map((r) => r[0]);
  }

  all(sql: string, params: readonly SqlParam[] = []): Row[] {
    const res = this.query(sql, params);
    if (!res.rows.length) return [];
    return res.rows.map(rowBuilder(res.fields));
  }

  get(sql: string, params: readonly SqlParam[] = []): Row | undefined {
    const res = this.query(sql, params);
    const first = res.rows[0];
    return first === undefined ? undefined : rowBuilder(res.fields)(first);
  }

  /**
   * A write. Inside a transaction a failing statement must undo only itself, as on SQLite
   * (PostgreSQL aborts the whole transaction), so it runs under a savepoint of its own: three
   * round trips. The transaction's first write needs none: nothing is there to keep, so a failure
   * is undone by starting the transaction again (with its open savepoints), one round trip.
   */
  run(sql: string, params: readonly SqlParam[] = []): RunResult {
    this.writeGeneration++;
    let res: Result;
    if (this.depth === 0) res = this.query(sql, params, 'query');
    else if (this.held || this.dirty) res = this.query(sql, params, 'guarded');
    else {
      res = this.query(sql, params, 'first', { restart: this.restartSql() });
      this.dirty = true;
    }
    // Counted as Statements counts it: every statement that succeeded, and every commit.
    this.committedWrites++;
    return { changes: res.count };
  }

  /** The open transaction as it was at BEGIN: rolled back and begun again, with its savepoints. */
  private restartSql(): string {
    const savepoints = Array.from({ length: this.depth - 1 }, (_, i) => `SAVEPOINT sp${i + 1}`);
    return ['ROLLBACK', 'BEGIN', ...savepoints].join('; ');
  }

  transaction<T>(fn: () => T): T {
    const { result, commit } = this.runInTransaction(fn);
    if (commit) this.control('COMMIT');
    if (commit !== null) this.committedWrites++;
    return result;
  }

  /**
   * The same, but the COMMIT's round trip runs off the event loop: other requests go on while
   * PostgreSQL makes the transaction durable. The COMMIT is queued on the connection before this
   * returns, so any statement made meanwhile runs after it; the promise settles once it is
   * committed (or rejects: then nothing was). Nested (or in a held test transaction): as
   * `transaction`.
   */
  async transactionAsync<T>(fn: () => T): Promise<T> {
    if (this.depth > 0) return this.transaction(fn);
    const { result, commit } = this.runInTransaction(fn);
    if (commit) {
      try {
        await workerChannel().async('exec', this.id, 'COMMIT', undefined, {});
      } finally {
        // A read cached while the COMMIT was on its way saw the rows before it: not valid after.
        this.writeGeneration++;
      }
    }
    this.committedWrites++;
    return result;
  }

  /**
   * Runs `fn` in a transaction (a savepoint when nested), rolled back if it throws. At depth 0 it
   * leaves the COMMIT to the caller: `commit` is true when one is due, false when the transaction
   * ran no statement (BEGIN was never sent), null when nested (released here).
   */
  private runInTransaction<T>(fn: () => T): { result: T; commit: boolean | null } {
    const depth = this.depth;
    const savepoint = `sp${depth}`;
    if (depth === 0) {
      // Sent with the first statement; a transaction that runs none sends nothing at all.
      this.beginPending = true;
      this.dirty = false;
    } else this.control(`SAVEPOINT ${savepoint}`);
    this.depth++;
    try {
      const result = fn();
      if (result instanceof Promise) throw new TypeError('Transaction function cannot return a promise');
      if (depth > 0) {
        this.control(`RELEASE SAVEPOINT ${savepoint}`);
        return { result, commit: null };
      }
      const sent = !this.beginPending;
      this.beginPending = false;
      return { result, commit: sent };
    } catch (err) {
      try {
        if (depth > 0) this.control(`ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`);
        else if (this.beginPending) this.beginPending = false;
        else this.control('ROLLBACK');
      } catch {
        // The connection is gone: the server rolled the transaction back itself.
      }
      throw err;
    } finally {
      this.depth = depth;
      this.writeGeneration++;
    }
  }

  /**
   * Tests: opens a transaction that spans asynchronous work (requests against a seeded database),
   * as a raw `SAVEPOINT` does on SQLite. `transaction(fn)` inside becomes a savepoint, and every
   * statement runs under its own savepoint, so a failing one (a bad filter value) does not abort
   * the held transaction. Returns the function that rolls everything back.
   */
  holdForRollback(): () => void {
    if (this.depth !== 0) throw new Error('holdForRollback: a transaction is already open');
    this.control('BEGIN');
    this.depth = 1;
    this.held = true;
    return () => {
      this.depth = 0;
      this.held = false;
      this.writeGeneration++;
      this.control('ROLLBACK');
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    worker()('close', this.id);
    void this.reads?.close();
  }
}
