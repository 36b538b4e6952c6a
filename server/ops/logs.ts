import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { CollectionRegistry, type CollectionDef } from '../core/collections.ts';
import { formatDateTime } from '../core/datetime.ts';
import { ApiError } from '../core/errors.ts';
import { compileFilter, compileSort, type CompileContext, type SqlFragment } from '../core/filter/compile.ts';
import { timeOrderedId } from '../../shared/ids.ts';
import type { RequestInfo } from '../core/request-info.ts';
import { openSqlite, type SqliteDb } from '../db/open.ts';
import { PgStatements } from '../db/pg-statements.ts';
import type { SqlParam, SqlStatements } from '../db/sql.ts';
import { Statements } from '../db/statements.ts';
import { clientIp } from '../http/client-ip.ts';

/**
 * Request logs, kept off the main database's connection so logging never waits for (nor takes)
 * the record engine's write lock or bumps its read-cache generation:
 * - SQLite: their own file (`DATA_DIR/auxiliary.db`, own connection, WAL), one per instance;
 * - PostgreSQL: the `_logs` table of the main database (drizzle-pg migration 0002), through the
 *   store's own connection, so every instance of a fleet writes to and reads from one place.
 * Entries are buffered in memory and written in one transaction every 500 ms or every 100
 * entries, never on the request path. Queried with the filter language through the record
 * engine's compiler (in the connection's dialect), over a synthetic collection definition of the
 * logs table.
 */

export interface LogItem {
  id: string;
  created: string;
  data: Record<string, unknown>;
  message: string;
  level: number;
}

export const LEVEL = { debug: -4, info: 0, warn: 4, error: 8 } as const;

const FLUSH_MS = 500;
const FLUSH_ENTRIES = 100;
/** Beyond this many unwritten entries (the disk is stuck) new ones are dropped rather than eating memory. */
const MAX_BUFFER = 50_000;

const LOGS_DEF: CollectionDef = {
  name: '_logs',
  id: '_pb_logs_',
  system: true,
  fields: [
    { name: 'id', type: 'text' },
    { name: 'created', type: 'text' },
    { name: 'level', type: 'number' },
    { name: 'message', type: 'text' },
    { name: 'data', type: 'json' },
  ],
};
const registry = new CollectionRegistry([LOGS_DEF]);
const logsCollection = registry.get('_logs') as NonNullable<ReturnType<CollectionRegistry['get']>>;

/** SQLite only: the table in auxiliary.db (on PostgreSQL `_logs` comes with the migrations, server/ops/fleet-schema-pg.ts). */
const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS _logs (
  id TEXT PRIMARY KEY NOT NULL,
  level INTEGER NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '',
  data TEXT NOT NULL DEFAULT '{}',
  created TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS idx_logs_created ON _logs (created);
CREATE INDEX IF NOT EXISTS idx_logs_level ON _logs (level);
`;

/** One INSERT per this many rows (5 parameters each: far below either engine's limit). */
const INSERT_ROWS = FLUSH_ENTRIES;

function insertSql(rows: number): string {
  return `INSERT INTO _logs (id, level, message, data, created) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ')}`;
}

export interface LogListParams {
  page: number;
  perPage: number;
  sort: string;
  filter: string;
  skipTotal: boolean;
}

export class LogStore {
  private buffer: SqlParam[][] = [];
  private readonly timer: NodeJS.Timeout;
  private flushQueued = false;
  private dropped = 0;
  private closed = false;

  /**
   * @param stmts the store's own connection (closed with the store): see `openLogStore`.
   * @param sqlite the SQLite file behind it (the nightly optimize job), null on PostgreSQL.
   */
  constructor(
    private readonly stmts: SqlStatements & { close?(): void },
    readonly sqlite: SqliteDb | null,
    private readonly now: () => Date,
  ) {
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Several rows per INSERT: on PostgreSQL each statement is a round trip. */
  private writeAll(rows: SqlParam[][]): void {
    this.stmts.transaction(() => {
      for (let i = 0; i < rows.length; i += INSERT_ROWS) {
        const chunk = rows.slice(i, i + INSERT_ROWS);
        this.stmts.run(insertSql(chunk.length), chunk.flat());
      }
    });
  }

  add(level: number, message: string, data: Record<string, unknown>): void {
    if (this.buffer.length >= MAX_BUFFER) {
      this.dropped++;
      return;
    }
    this.buffer.push([timeOrderedId(), level, message, JSON.stringify(data), formatDateTime(this.now())]);
    if (this.buffer.length >= FLUSH_ENTRIES && !this.flushQueued) {
      this.flushQueued = true;
      setImmediate(() => this.flush());
    }
  }

  /** Writes the buffered entries now. */
  flush(): void {
    this.flushQueued = false;
    if (!this.buffer.length || this.closed) return;
    const rows = this.buffer;
    this.buffer = [];
    try {
      this.writeAll(rows);
    } catch {
      // Busy, full disk or the database away: keep them for the next attempt (bounded by MAX_BUFFER).
      this.buffer = rows.concat(this.buffer).slice(0, MAX_BUFFER);
    }
  }

  get droppedCount(): number {
    return this.dropped;
  }

  private compileContext(request: RequestInfo): CompileContext {
    // Logs are superuser-only, as everything under ops/.
    return {
      registry,
      collection: logsCollection,
      alias: '_logs',
      request,
      allowHidden: true,
      allowRequestAndCollection: true,
      now: this.now(),
      dialect: this.stmts.dialect,
    };
  }

  private where(filter: string, request: RequestInfo): SqlFragment {
    if (!filter.trim()) return { sql: this.stmts.dialect.true, params: [] };
    try {
      return compileFilter(filter, this.compileContext(request));
    } catch {
      throw new ApiError(400, 'Invalid filter format.');
    }
  }

  list(
    params: LogListParams,
    request: RequestInfo,
  ): { page: number; perPage: number; totalItems: number; totalPages: number; items: LogItem[] } {
    this.flush();
    let where: SqlFragment;
    let order: SqlFragment | null = null;
    try {
      where = this.where(params.filter, request);
      if (params.sort.trim()) order = compileSort(params.sort, this.compileContext(request));
    } catch {
      throw new ApiError(400);
    }
    const sql = `SELECT * FROM _logs AS _logs WHERE ${where.sql}${order?.sql ? ` ORDER BY ${order.sql}` : ''} LIMIT ? OFFSET ?`;
    try {
      const rows = this.stmts.all(sql, [
        ...(where.params as SqlParam[]),
        ...((order?.params ?? []) as SqlParam[]),
        params.perPage,
        (params.page - 1) * params.perPage,
      ]);
      let totalItems = -1;
      let totalPages = -1;
      if (!params.skipTotal) {
        const count = this.stmts.get(`SELECT COUNT(*) AS c FROM _logs AS _logs WHERE ${where.sql}`, where.params as SqlParam[]);
        totalItems = Number(count?.c ?? 0);
        totalPages = Math.ceil(totalItems / params.perPage);
      }
      return { page: params.page, perPage: params.perPage, totalItems, totalPages, items: rows.map(toItem) };
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(400);
    }
  }

  view(id: string): LogItem | null {
    this.flush();
    const row = this.stmts.get('SELECT * FROM _logs WHERE id = ?', [id]);
    return row ? toItem(row) : null;
  }

  /** Entries per hour: `[{total, date: "YYYY-MM-DD HH:00:00.000Z"}]`, oldest first. */
  stats(filter: string, request: RequestInfo): { total: number; date: string }[] {
    this.flush();
    const where = this.where(filter, request);
    try {
      return this.stmts
        .all(
          `SELECT COUNT(*) AS total, substr(created, 1, 13) || ':00:00.000Z' AS "date" FROM _logs AS _logs WHERE ${where.sql} GROUP BY "date" ORDER BY "date"`,
          where.params as SqlParam[],
        )
        .map((r) => ({ total: Number(r.total), date: String(r.date) }));
    } catch {
      throw new ApiError(400, 'Invalid filter format.');
    }
  }

  /** Retention: deletes entries older than `maxDays` (all of them for 0). */
  deleteOlderThan(maxDays: number): number {
    this.flush();
    const cutoff = formatDateTime(new Date(this.now().getTime() - maxDays * 86_400_000));
    return this.stmts.run('DELETE FROM _logs WHERE created < ?', [maxDays <= 0 ? '9999' : cutoff]).changes;
  }

  close(): void {
    if (this.closed) return;
    clearInterval(this.timer);
    this.flush();
    this.closed = true;
    if (this.sqlite) {
      if (this.sqlite.open) this.sqlite.close();
    } else this.stmts.close?.();
  }
}

/**
 * The log store of this instance: on PostgreSQL (`databaseUrl`) its own connection to the main
 * database, whose `_logs` table every instance shares; else its own SQLite file.
 */
export function openLogStore(options: { databaseUrl: string | null; auxiliaryFile: string; now: () => Date }): LogStore {
  if (options.databaseUrl) return new LogStore(new PgStatements(options.databaseUrl), null, options.now);
  const sqlite = openSqlite(options.auxiliaryFile, {
    prepare: (db) => db.exec(SQLITE_SCHEMA),
    recovery: 'That file holds only request logs: start the server again and it begins a new one.',
  });
  return new LogStore(new Statements(sqlite), sqlite, options.now);
}

function toItem(row: Record<string, unknown>): LogItem {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(String(row.data ?? '{}')) as Record<string, unknown>;
  } catch {
    data = {};
  }
  return { id: String(row.id), created: String(row.created), data, message: String(row.message), level: Number(row.level) };
}

/** Query values that are secrets (file tokens in download URLs) are masked in logged URLs. */
export function maskUrl(url: string): string {
  return url.replace(/([?&](?:token|password|secret)=)[^&#]*/gi, '$1***');
}

/** Successful requests of these are not logged (the SSE stream, the OAuth2 popup landing, reading the logs). */
function skipWhenOk(method: string, pathname: string): boolean {
  return (
    (method === 'GET' && pathname === '/api/realtime') ||
    pathname === '/api/oauth2-redirect' ||
    pathname === '/api/logs' ||
    pathname.startsWith('/api/logs/')
  );
}

/** Logs every request into the store when it finished (`onResponse`, after the reply was sent). */
export function registerRequestLogging(app: FastifyInstance, ctx: AppContext, store: LogStore): void {
  const errors = new WeakMap<FastifyRequest, Error>();
  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    const settings = ctx.settings.get();
    if (settings.logs.maxDays <= 0) return;
    const status = reply.statusCode;
    const failed = status >= 400;
    const url = maskUrl(request.url);
    if (!failed && skipWhenOk(request.method, url.split('?')[0] ?? '')) return;
    const level = failed ? LEVEL.error : LEVEL.info;
    if (level < settings.logs.minLevel) return;
    const auth = request.auth;
    const data: Record<string, unknown> = {
      type: 'request',
      url,
      method: request.method,
      status,
      execTime: Math.round(reply.elapsedTime * 1000) / 1000,
      auth: auth ? auth.collection.name : '',
      referer: String(request.headers.referer ?? ''),
      userAgent: String(request.headers['user-agent'] ?? ''),
    };
    if (auth && settings.logs.logAuthId) data.authId = String(auth.row.id);
    if (settings.logs.logIP) {
      data.userIP = clientIp(request, settings.trustedProxy);
      data.remoteIP = request.socket.remoteAddress ?? '';
    }
    if (failed) {
      const err = errors.get(request);
      if (err instanceof ApiError) {
        data.error = err.message;
        if (Object.keys(err.data).length) data.details = err.data;
      } else {
        data.error = new ApiError(status).message;
        if (err) data.details = err.message;
      }
    }
    store.add(level, `${request.method} ${url}`, data);
  });
}
