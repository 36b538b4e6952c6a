import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { CollectionRegistry, type CollectionDef } from '../core/collections.ts';
import { formatDateTime } from '../core/datetime.ts';
import { ApiError } from '../core/errors.ts';
import { compileFilter, compileSort, type CompileContext, type SqlFragment } from '../core/filter/compile.ts';
import { timeOrderedId } from '../../shared/ids.ts';
import type { RequestInfo } from '../core/request-info.ts';
import { openSqlite, type SqliteDb } from '../db/open.ts';
import { clientIp } from '../http/client-ip.ts';

/**
 * Request logs in their own SQLite file (`DATA_DIR/auxiliary.db`, own connection, WAL), so
 * logging never takes the main database's write lock. Entries are buffered in memory and written
 * in one transaction every 500 ms or every 100 entries, never on the request path.
 * Queried with the filter language through the record engine's compiler, over a synthetic
 * collection definition of the logs table.
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

const SCHEMA = `
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

export interface LogListParams {
  page: number;
  perPage: number;
  sort: string;
  filter: string;
  skipTotal: boolean;
}

export class LogStore {
  readonly db: SqliteDb;
  private buffer: unknown[][] = [];
  private readonly timer: NodeJS.Timeout;
  private flushQueued = false;
  private dropped = 0;

  constructor(
    file: string,
    private readonly now: () => Date,
  ) {
    this.db = openSqlite(file, {
      prepare: (db) => db.exec(SCHEMA),
      recovery: 'That file holds only request logs: start the server again and it begins a new one.',
    });
    const insert = this.db.prepare('INSERT INTO _logs (id, level, message, data, created) VALUES (?, ?, ?, ?, ?)');
    this.writeAll = this.db.transaction((rows: unknown[][]) => {
      for (const r of rows) insert.run(...r);
    });
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  private readonly writeAll: (rows: unknown[][]) => void;

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
    if (!this.buffer.length || !this.db.open) return;
    const rows = this.buffer;
    this.buffer = [];
    try {
      this.writeAll(rows);
    } catch {
      // Busy or full disk: keep them for the next attempt (bounded by MAX_BUFFER).
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
    };
  }

  private where(filter: string, request: RequestInfo): SqlFragment {
    if (!filter.trim()) return { sql: '1', params: [] };
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
      const rows = this.db
        .prepare(sql)
        .all(...where.params, ...(order?.params ?? []), params.perPage, (params.page - 1) * params.perPage) as Record<string, unknown>[];
      let totalItems = -1;
      let totalPages = -1;
      if (!params.skipTotal) {
        const count = this.db.prepare(`SELECT COUNT(*) AS c FROM _logs AS _logs WHERE ${where.sql}`).get(...where.params) as { c: number };
        totalItems = count.c;
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
    const row = this.db.prepare('SELECT * FROM _logs WHERE id = ?').get(id) as Record<string, unknown> | undefined;
    return row ? toItem(row) : null;
  }

  /** Entries per hour: `[{total, date: "YYYY-MM-DD HH:00:00.000Z"}]`, oldest first. */
  stats(filter: string, request: RequestInfo): { total: number; date: string }[] {
    this.flush();
    const where = this.where(filter, request);
    try {
      return this.db
        .prepare(
          `SELECT COUNT(*) AS total, substr(created, 1, 13) || ':00:00.000Z' AS date FROM _logs AS _logs WHERE ${where.sql} GROUP BY date ORDER BY date`,
        )
        .all(...where.params) as { total: number; date: string }[];
    } catch {
      throw new ApiError(400, 'Invalid filter format.');
    }
  }

  /** Retention: deletes entries older than `maxDays` (all of them for 0). */
  deleteOlderThan(maxDays: number): number {
    this.flush();
    const cutoff = formatDateTime(new Date(this.now().getTime() - maxDays * 86_400_000));
    return this.db.prepare('DELETE FROM _logs WHERE created < ?').run(maxDays <= 0 ? '9999' : cutoff).changes;
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
    if (this.db.open) this.db.close();
  }
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
