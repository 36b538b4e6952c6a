import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BusHandler, BusMessage, RealtimeBus } from './bus.ts';

export interface PgBusOptions {
  log: { info(obj: Record<string, unknown>, msg: string): void; error(obj: Record<string, unknown>, msg: string): void };
  /** Outbox rows older than this are pruned (an instance away longer than that flushes its caches). */
  retentionMs?: number;
  pruneEveryMs?: number;
  /** Longest wait between two reconnection attempts. */
  maxBackoffMs?: number;
  channel?: string;
}

/** What one outbox row holds: the message, who sent it and its place in that sender's sequence. */
interface Envelope {
  origin: string;
  seq: number;
  message: BusMessage;
}

const KINDS = new Set(['record', 'settings', 'flush', 'subscribe', 'subscribed']);
/** One lock key for every publisher: outbox ids are then committed in the order they were drawn. */
const PUBLISH_LOCK = 0x71726d6e; // "qrmn"
const READ_BATCH = 500;
/** Messages kept for sending while PostgreSQL cannot be reached. */
const MAX_QUEUED = 10_000;
const SEND_BATCH = 200;
/** jsonb refuses NUL and lone surrogates (JSON.stringify writes both as escapes). */
const JSONB_UNSAFE = /\\u(0000|d[89a-f][0-9a-f]{2})/i;

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<Envelope>;
  const m = e.message as { kind?: unknown } | undefined;
  return typeof e.origin === 'string' && typeof e.seq === 'number' && typeof m === 'object' && m !== null && KINDS.has(String(m.kind));
}

/**
 * The realtime bus shared by several instances over PostgreSQL, on its own connections (so it
 * works whatever the database engine is, also between instances sharing one SQLite file).
 *
 * NOTIFY payloads are limited to 8000 bytes, and a record row can be larger: `publish` writes each
 * message once to the outbox table `_bus_outbox` and NOTIFYs its id in the same statement. Every
 * instance LISTENs and reads the outbox rows after the last id it read, in id order, exactly once:
 * large rows, a delete's last state and the order of events survive, and after the listen
 * connection comes back the instance catches up from its last id. Publishers take one advisory
 * transaction lock, so ids commit in the order they were drawn and a reader never skips a row
 * committed late. Messages of this instance are delivered locally at once (as LocalBus does) and
 * skipped when they come back from the outbox; `seq` drops a row written twice by a retried send.
 */
export class PgBus implements RealtimeBus {
  readonly instanceId = randomUUID();
  private readonly handlers = new Set<BusHandler>();
  private readonly pool: pg.Pool;
  private readonly retentionMs: number;
  private readonly maxBackoffMs: number;
  private readonly channel: string;
  private listener: pg.Client | null = null;
  private listening = false;
  private closed = false;
  /** The last outbox id read (null until the first connection read where the outbox ends). */
  private lastId: number | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly pruneTimer: NodeJS.Timeout;
  /** Messages of this instance not yet in the outbox, in publish order. */
  private readonly queue: Envelope[] = [];
  private sending: Promise<void> | null = null;
  private seq = 0;
  /** The highest `seq` seen per other instance. */
  private readonly seenSeq = new Map<string, number>();
  private firstAttempt: Promise<void> | null = null;
  /** Counters for diagnostics and tests. */
  readonly stats = { published: 0, received: 0, reconnects: 0, sendErrors: 0 };

  constructor(
    private readonly url: string,
    private readonly options: PgBusOptions,
  ) {
    this.retentionMs = options.retentionMs ?? 60 * 60 * 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.channel = options.channel ?? 'app_bus';
    this.pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000, application_name: 'bus-publish' });
    // An idle pooled connection that dies is replaced on the next query; it must not crash the process.
    this.pool.on('error', (err) => options.log.error({ err }, 'bus: a publishing connection failed'));
    this.pruneTimer = setInterval(() => void this.prune(), options.pruneEveryMs ?? 60_000);
    this.pruneTimer.unref();
  }

  start(): Promise<void> {
    this.firstAttempt ??= this.connect();
    return this.firstAttempt;
  }

  /** Messages of this instance not yet in the outbox. */
  get pending(): number {
    return this.queue.length;
  }

  connected(): boolean {
    return this.listening;
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  publish(message: BusMessage): void {
    if (this.closed) return;
    if (this.handlers.size > 0)
      setImmediate(() => {
        for (const handler of this.handlers) handler(message, 'local');
      });
    if (this.queue.length < MAX_QUEUED) this.queue.push({ origin: this.instanceId, seq: ++this.seq, message: outgoing(message) });
    // PostgreSQL away for long: what follows becomes one flush (the others drop their caches; their
    // SSE clients miss these events), so memory stays bounded.
    else if (this.queue.at(-1)?.message.kind !== 'flush')
      this.queue.push({ origin: this.instanceId, seq: ++this.seq, message: { kind: 'flush' } });
    this.sending ??= this.send().finally(() => {
      this.sending = null;
    });
  }

  /** Writes queued messages to the outbox in order; a failure is retried with backoff, never dropped. */
  private async send(): Promise<void> {
    let failures = 0;
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, SEND_BATCH);
      const payloads = batch.map((e) => {
        const json = JSON.stringify(e);
        // A row jsonb cannot hold still invalidates: the other instances drop their caches instead.
        return JSONB_UNSAFE.test(json) ? JSON.stringify({ ...e, message: { kind: 'flush' } }) : json;
      });
      try {
        await this.pool.query(
          `WITH e AS (
             INSERT INTO _bus_outbox (payload)
             SELECT u.p FROM (SELECT pg_advisory_xact_lock(${PUBLISH_LOCK})) l,
               unnest($1::jsonb[]) WITH ORDINALITY AS u(p, n)
             ORDER BY u.n
             RETURNING id)
           SELECT pg_notify($2, max(id)::text) FROM e`,
          [payloads, this.channel],
        );
        this.queue.splice(0, batch.length);
        this.stats.published += batch.length;
        failures = 0;
      } catch (err) {
        if (this.closed) return;
        this.stats.sendErrors++;
        if (failures++ === 0) this.options.log.error({ err }, 'bus: publishing failed, retrying');
        await new Promise((r) => setTimeout(r, this.backoff(failures)));
      }
    }
  }

  private backoff(attempt: number): number {
    const base = Math.min(this.maxBackoffMs, 100 * 2 ** Math.min(attempt, 10));
    return base / 2 + Math.random() * (base / 2);
  }

  /**
   * Opens the listen connection: creates the outbox if missing, LISTENs, then reads where it
   * stopped (the first time: from the end of the outbox). Never throws: a failure schedules the
   * next attempt.
   */
  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'bus-listen' });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      const wasListening = this.listening;
      this.listening = false;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      if (wasListening) this.options.log.error({ err }, 'bus: listen connection lost, reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => {
      if (n.channel === this.channel) void this.read();
    });
    try {
      await client.connect();
      await ensureOutbox(client);
      await client.query(`LISTEN ${quoteIdent(this.channel)}`);
      if (lost || this.closed) {
        if (this.closed) void client.end().catch(() => undefined);
        return;
      }
      this.listener = client;
      const reconnect = this.lastId !== null;
      if (!reconnect) {
        // Listening first, then the end of the outbox: nothing committed after this point is missed.
        const { rows } = await client.query<{ id: string | null }>('SELECT max(id)::text AS id FROM _bus_outbox');
        this.lastId = Number(rows[0]?.id ?? 0);
      }
      this.listening = true;
      this.attempts = 0;
      if (reconnect) {
        this.stats.reconnects++;
        await this.read();
        // Rows pruned while away are lost for good: every cache of this instance starts over.
        this.deliver({ kind: 'flush' }, 'remote');
        this.options.log.info({ lastId: this.lastId }, 'bus: listen connection back, caught up');
      }
    } catch (err) {
      if (!lost && this.attempts === 0) this.options.log.error({ err }, 'bus: cannot listen, retrying');
      onLost(err as Error);
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.backoff(++this.attempts);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  /** Reads every outbox row after the last one read, in id order (coalesced: one reader at a time). */
  private read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        await this.readAll();
      } while (this.readAgain && this.listening);
    })().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readAll(): Promise<void> {
    for (;;) {
      const client = this.listener;
      if (!client || this.lastId === null) return;
      let rows: Array<{ id: string; payload: unknown }>;
      try {
        ({ rows } = await client.query<{ id: string; payload: unknown }>(
          // Ordered by the bigint column (an `id::text AS id` alias would sort as text: 10 before 9).
          'SELECT o.id::text AS id, o.payload FROM _bus_outbox o WHERE o.id > $1 ORDER BY o.id LIMIT $2',
          [String(this.lastId), READ_BATCH],
        ));
      } catch {
        return; // the connection's error handler reconnects and catches up
      }
      for (const row of rows) {
        this.lastId = Number(row.id);
        const envelope = row.payload;
        if (!isEnvelope(envelope) || envelope.origin === this.instanceId) continue;
        if ((this.seenSeq.get(envelope.origin) ?? 0) >= envelope.seq) continue;
        this.seenSeq.set(envelope.origin, envelope.seq);
        this.stats.received++;
        this.deliver(envelope.message, 'remote');
      }
      if (rows.length < READ_BATCH) return;
    }
  }

  private deliver(message: BusMessage, origin: 'remote'): void {
    for (const handler of this.handlers) {
      try {
        handler(message, origin);
      } catch (err) {
        this.options.log.error({ err }, 'bus: a handler failed');
      }
    }
  }

  private async prune(): Promise<void> {
    if (this.closed) return;
    try {
      await this.pool.query('DELETE FROM _bus_outbox WHERE created < now() - make_interval(secs => $1)', [this.retentionMs / 1000]);
    } catch {
      // Next time: pruning is housekeeping only.
    }
  }

  /** Sends what is still queued (briefly), then closes both connections. */
  async close(timeoutMs = 2000): Promise<void> {
    clearInterval(this.pruneTimer);
    if (this.sending) await Promise.race([this.sending, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.listening = false;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }
}

/** The message as other instances get it: without its local-only fields. */
function outgoing(message: BusMessage): BusMessage {
  if (message.kind !== 'record' || !message.localOnly?.length) return message;
  const row = { ...message.row };
  for (const field of message.localOnly) delete row[field];
  return { kind: 'record', action: message.action, collectionId: message.collectionId, row };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The outbox is a table of the PostgreSQL migrations (drizzle-pg 0002, server/ops/fleet-schema-pg.ts):
 * with DATABASE_URL=postgres://… and the bus on that same database (the usual fleet), it exists
 * before the bus starts and this is one catalog lookup. The guard stays because REALTIME_BUS_URL
 * may name a database our migrations never run on: the bus between instances sharing one SQLite
 * file, or a bus database apart from the main one. There the bus makes the table itself, in the
 * migration's exact shape. Instances starting together would race on CREATE … IF NOT EXISTS (a
 * unique violation in the catalog, or a table not yet committed): one transaction lock makes them
 * take turns, and the next one finds the table made.
 */
async function ensureOutbox(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('_bus_outbox') IS NOT NULL AS present");
  if (rows[0]?.present) return;
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK + 1})`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS _bus_outbox (
         id bigserial PRIMARY KEY NOT NULL,
         payload jsonb NOT NULL,
         created timestamp with time zone DEFAULT now() NOT NULL)`,
    );
    await client.query('CREATE INDEX IF NOT EXISTS _bus_outbox_created ON _bus_outbox USING btree (created)');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
