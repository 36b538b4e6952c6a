import pg from 'pg';
import { plainError, queryWithReplan, resultOf, sqliteLikeTypes } from './pg-prepared.mjs';

export interface PgResult {
  fields: string[];
  rows: unknown[][];
  count: number;
}

/**
 * Connections of the read pool per instance. Reads are short (a view, a page of a list), so a few
 * connections keep PostgreSQL busy while the event loop serves other requests; each is one backend
 * process on the database server (see the README's sizing).
 */
export const READ_POOL_SIZE = 4;

/**
 * PostgreSQL cancels a read that runs longer (SQLSTATE 57014: a 503 like other storage trouble).
 * A safety net for the database, not a budget: the filter compiler's limits keep real queries far
 * below it.
 */
export const READ_TIMEOUT_MS = 30_000;

/**
 * Reads outside a transaction on a small pool of the event loop's own connections. The
 * synchronous statement layer (PgStatements) blocks the event loop for a whole round trip to
 * PostgreSQL; on these connections other requests run meanwhile. Read committed: a read here sees
 * every transaction committed before it started, so a write acknowledged by the synchronous
 * connection is visible to the next read.
 */
export class PgReadPool {
  private readonly pool: pg.Pool;
  private ended = false;

  constructor(url: string, options: { size?: number; timeoutMs?: number } = {}) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.size ?? READ_POOL_SIZE,
      types: sqliteLikeTypes,
      statement_timeout: options.timeoutMs ?? READ_TIMEOUT_MS,
      // Idle connections do not keep the process alive (tests and scripts end without closing).
      allowExitOnIdle: true,
    });
    // A connection dropped while idle: the pool replaces it, the next read fails only if the server is gone.
    this.pool.on('error', () => undefined);
  }

  /** Runs one statement (PostgreSQL's text, `$n` placeholders) prepared on the connection that takes it. */
  async query(sql: string, params: readonly unknown[]): Promise<PgResult> {
    if (this.ended) throw new Error('PostgreSQL connection is closed');
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw plainError(err);
    }
    let broken: Error | undefined;
    try {
      return resultOf(await queryWithReplan(client, sql, params));
    } catch (err) {
      // A connection that failed mid-protocol is dropped rather than handed to the next read.
      if (!(err as { code?: unknown }).code) broken = err as Error;
      throw plainError(err);
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.pool.end();
  }
}
