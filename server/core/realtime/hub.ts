import type { Collection, CollectionRegistry } from '../collections.ts';
import { applyFields, parseFields } from '../fields-picker.ts';
import { randomString } from '../../../shared/ids.ts';
import type { Access } from '../records/access.ts';
import { serializeMany } from '../records/read.ts';
import type { StoredRow } from '../records/codec.ts';
import { isSuperuser, type AuthState, type RequestInfo } from '../request-info.ts';
import type { RealtimeBus, RecordMessage } from './bus.ts';
import { parseSubscription, type Subscription } from './topics.ts';

/** The transport of one client (an SSE response); the hub never sees HTTP. */
export interface ClientConnection {
  /** Writes one frame; false when the client's buffer is over its bound (a slow client). */
  write(frame: string): boolean;
  close(): void;
}

export interface RealtimeClient {
  readonly id: string;
  auth: AuthState | null;
  subscriptions: Map<string, Subscription>;
  lastMessageAt: number;
  connection: ClientConnection;
}

export interface HubOptions {
  idleTimeoutMs: number;
  keepAliveMs: number;
  now?: () => number;
}

interface Target {
  client: RealtimeClient;
  sub: Subscription;
  /** Cache keys of this subscription, valid while the client's auth and the rule stay the same. */
  keys?: TargetKeys;
}

interface TargetKeys {
  auth: AuthState | null;
  rule: string | null;
  /** The rule verdict is shared by every target with the same key. */
  passKey: string;
  /** Targets with the same group key are checked together in one query (null: not batchable). */
  groupKey: string | null;
  authId: string;
  /** The payload is shared by every target with the same view and key. */
  payloadKey: string;
}

/** One SSE frame for one subscription of one client. */
interface PlannedFrame {
  client: RealtimeClient;
  sub: Subscription;
  text: string;
}

function frame(clientId: string, event: string, data: string): string {
  return `id:${clientId}\nevent:${event}\ndata:${data}\n\n`;
}

function authKey(auth: AuthState | null): string {
  return auth ? `${auth.collection.id}/${String(auth.row.id)}` : 'guest';
}

type PayloadView = 'su' | 'self' | 'other';

/** Superusers see hidden fields and a user sees their own email: the payload differs per view. */
function viewOf(collection: Collection, row: StoredRow, auth: AuthState | null): PayloadView {
  if (auth?.collection.name === '_superusers') return 'su';
  return auth?.collection.id === collection.id && auth.row.id === row.id ? 'self' : 'other';
}

/**
 * The realtime hub: SSE clients, their subscriptions and rule-checked fan-out of record events.
 * Rules are evaluated once per distinct (rule, auth, options) group and payloads serialised
 * once per distinct view, so one event to thousands of clients costs a handful of queries.
 */
export class RealtimeHub {
  private readonly clients = new Map<string, RealtimeClient>();
  /** collection id → targets, so an event only visits the clients that asked for it. */
  private readonly byCollection = new Map<string, Set<Target>>();
  private readonly targetsOf = new Map<string, Target[]>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly now: () => number;
  /** Delete events planned inside their transaction (see prepareDelete), by the deleted row object. */
  private readonly preparedDeletes = new WeakMap<StoredRow, PlannedFrame[]>();
  /** Timing of the last fan-out (for benchmarks and diagnostics). */
  readonly stats = { lastDeliverMs: 0, lastDeliverSent: 0, delivered: 0 };

  constructor(
    private readonly registry: CollectionRegistry,
    private readonly access: Access,
    bus: RealtimeBus,
    private readonly options: HubOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.unsubscribe = bus.subscribe((m) => {
      if (m.kind === 'record') this.deliver(m);
    });
    this.timer = setInterval(() => this.maintain(), Math.min(options.keepAliveMs, options.idleTimeoutMs));
    this.timer.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  get(clientId: string): RealtimeClient | undefined {
    return this.clients.get(clientId);
  }

  /** Registers a connection and sends PB_CONNECT with its new id. */
  connect(connection: ClientConnection): RealtimeClient {
    const id = randomString(40);
    const client: RealtimeClient = { id, auth: null, subscriptions: new Map(), lastMessageAt: this.now(), connection };
    this.clients.set(id, client);
    connection.write(frame(id, 'PB_CONNECT', JSON.stringify({ clientId: id })));
    return client;
  }

  disconnect(clientId: string): void {
    const client = this.clients.get(clientId);
    if (!client) return;
    this.clients.delete(clientId);
    this.unindex(client);
  }

  /** Replaces the whole subscription set of a client. */
  setSubscriptions(client: RealtimeClient, subscriptions: string[]): void {
    this.unindex(client);
    client.subscriptions = new Map();
    for (const raw of subscriptions) {
      if (raw === '' || client.subscriptions.has(raw)) continue;
      client.subscriptions.set(raw, parseSubscription(raw));
    }
    const targets: Target[] = [];
    for (const sub of client.subscriptions.values()) {
      if (!sub.collection) continue;
      const collection = this.registry.getExact(sub.collection);
      if (!collection) continue;
      const target = { client, sub };
      let set = this.byCollection.get(collection.id);
      if (!set) {
        set = new Set();
        this.byCollection.set(collection.id, set);
      }
      set.add(target);
      targets.push(target);
    }
    this.targetsOf.set(client.id, targets);
  }

  private unindex(client: RealtimeClient): void {
    for (const target of this.targetsOf.get(client.id) ?? []) {
      for (const set of this.byCollection.values()) set.delete(target);
    }
    this.targetsOf.delete(client.id);
  }

  /**
   * Sends a message to every client subscribed to a custom topic (e.g. a venue's public
   * `guest/<id>` topic). Only for data that is public by design: no rule is checked here.
   */
  publishTopic(topic: string, data: unknown): number {
    const json = JSON.stringify(data);
    let sent = 0;
    for (const client of [...this.clients.values()]) {
      for (const sub of client.subscriptions.values()) {
        if (sub.topic !== topic) continue;
        this.write(client, `id:${client.id}\nevent:${sub.raw}\ndata:${json}\n\n`);
        sent++;
      }
    }
    return sent;
  }

  /** Sends a custom message (e.g. `@oauth2`) to one client. */
  send(client: RealtimeClient, event: string, data: unknown): void {
    this.write(client, frame(client.id, event, JSON.stringify(data)));
  }

  private write(client: RealtimeClient, text: string): void {
    client.lastMessageAt = this.now();
    if (!client.connection.write(text)) {
      // A client that cannot keep up is dropped; the SDK reconnects and resubscribes.
      this.disconnect(client.id);
      client.connection.close();
    }
  }

  /**
   * Works out a delete event's recipients and payloads now, inside the delete's transaction,
   * while the record and its parents still exist: a cascaded record's rule usually reaches its
   * organization through parents deleted with it, and checked after commit it would pass for
   * superusers only. Kept by row object until the event arrives (a rolled-back delete's row is
   * simply dropped). As PocketBase does with its "dry cache" of delete messages.
   */
  prepareDelete(collection: Collection, row: StoredRow): void {
    const frames = this.plan(collection, row, 'delete');
    if (frames) this.preparedDeletes.set(row, frames);
  }

  /** Fans one record event out to every subscriber allowed to see it. */
  deliver(message: RecordMessage): void {
    const collection = this.registry.get(message.collectionId);
    if (!collection) return;
    const row = message.row as StoredRow;
    const prepared = message.action === 'delete' ? this.preparedDeletes.get(row) : undefined;
    if (prepared) this.preparedDeletes.delete(row);
    if (collection.type === 'auth') this.refreshAuth(collection, message);
    const started = performance.now();
    const frames = prepared ?? this.plan(collection, row, message.action);
    if (!frames) return;
    let sent = 0;
    for (const { client, sub, text } of frames) {
      // Prepared frames are for the clients of that moment: skip those gone or unsubscribed since.
      if (prepared && (this.clients.get(client.id) !== client || client.subscriptions.get(sub.raw) !== sub)) continue;
      this.write(client, text);
      sent++;
    }
    this.stats.lastDeliverMs = performance.now() - started;
    this.stats.lastDeliverSent = sent;
    this.stats.delivered++;
  }

  /** The frames of one record event for every subscriber allowed to see it (null: nobody subscribed). */
  private plan(collection: Collection, row: StoredRow, action: string): PlannedFrame[] | null {
    const targets = this.byCollection.get(collection.id);
    if (!targets || targets.size === 0) return null;
    const frames: PlannedFrame[] = [];
    const batched = this.batchRuleChecks(collection, row, targets);
    const verdicts = new Map<string, boolean>();
    const payloads: Record<PayloadView, Map<string, string | null>> = { su: new Map(), self: new Map(), other: new Map() };
    for (const target of targets) {
      const { client, sub } = target;
      if (sub.recordId !== '*' && sub.recordId !== row.id) continue;
      const keys = this.keysOf(collection, target);
      const passing = keys.groupKey === null ? undefined : batched.get(keys.groupKey);
      let ok = passing?.has(keys.authId) ?? verdicts.get(keys.passKey);
      if (ok === undefined) {
        ok = this.passes(collection, row, sub, this.requestOf(client, sub));
        verdicts.set(keys.passKey, ok);
      }
      if (!ok) continue;
      const view = viewOf(collection, row, client.auth);
      let payload = payloads[view].get(keys.payloadKey);
      if (payload === undefined) {
        payload = this.payload(collection, row, action, sub, this.requestOf(client, sub));
        payloads[view].set(keys.payloadKey, payload);
      }
      if (payload === null) continue;
      frames.push({ client, sub, text: `id:${client.id}\nevent:${sub.raw}\ndata:${payload}\n\n` });
    }
    return frames;
  }

  private requestOf(client: RealtimeClient, sub: Subscription): RequestInfo {
    return { auth: client.auth, method: 'GET', context: 'realtime', query: sub.query, headers: sub.headers, body: {} };
  }

  /** The cache keys of a target, computed once per (auth, rule) instead of once per event. */
  private keysOf(collection: Collection, target: Target): TargetKeys {
    const { client, sub } = target;
    const kind = sub.recordId === '*' ? 'l' : 'v';
    const rule = kind === 'l' ? collection.listRule : collection.viewRule;
    const cached = target.keys;
    if (cached && cached.auth === client.auth && cached.rule === rule) return cached;
    const auth = client.auth;
    const filter = sub.query.filter ?? '';
    const usesRequest = rule !== null && (rule.includes('@request.query') || rule.includes('@request.headers'));
    const ak = authKey(auth);
    const batchable = auth !== null && auth.collection.name !== '_superusers' && !filter && rule !== null && rule !== '' && !usesRequest;
    const expand = sub.query.expand ?? '';
    const keys: TargetKeys = {
      auth,
      rule,
      passKey: `${kind}|${ak}|${filter}|${usesRequest ? JSON.stringify([sub.query, sub.headers]) : ''}`,
      groupKey: batchable ? `${kind}|${auth.collection.id}` : null,
      authId: auth ? String(auth.row.id) : '',
      payloadKey: `${expand ? ak : ''}|${expand}|${sub.query.fields ?? ''}`,
    };
    target.keys = keys;
    return keys;
  }

  /**
   * Rule verdicts for the common case (authenticated subscribers, no per-subscription filter):
   * one query per (rule, auth collection) answers for all of them at once. Returns the passing
   * auth ids per group key; groups of one take the ordinary path.
   */
  private batchRuleChecks(collection: Collection, row: StoredRow, targets: Set<Target>): Map<string, Set<string>> {
    const groups = new Map<string, { rule: string; authCollection: Collection; ids: string[] }>();
    for (const target of targets) {
      const { sub, client } = target;
      if (sub.recordId !== '*' && sub.recordId !== row.id) continue;
      const keys = this.keysOf(collection, target);
      if (keys.groupKey === null || keys.rule === null || client.auth === null) continue;
      const group = groups.get(keys.groupKey);
      if (group) group.ids.push(keys.authId);
      else groups.set(keys.groupKey, { rule: keys.rule, authCollection: client.auth.collection, ids: [keys.authId] });
    }
    const passing = new Map<string, Set<string>>();
    for (const [key, group] of groups) {
      if (group.ids.length < 2) continue;
      // Duplicates (one user, several streams) are harmless in the IN list.
      passing.set(key, this.access.authIdsPassing(collection, row, group.rule, group.authCollection, group.ids));
    }
    return passing;
  }

  private passes(collection: Collection, row: StoredRow, sub: Subscription, req: RequestInfo): boolean {
    const superuser = isSuperuser(req);
    const rule = sub.recordId === '*' ? collection.listRule : collection.viewRule;
    const filter = sub.query.filter ?? '';
    if (!superuser && rule === null) return false;
    let ok = superuser || !rule || this.access.virtualRowPasses(collection, row, rule, req);
    if (ok && filter) {
      try {
        ok = this.access.virtualRowMatches(collection, row, this.access.clientFilter(collection, filter, req));
      } catch {
        ok = false; // a forbidden or malformed filter silently sends nothing
      }
    }
    return ok;
  }

  /** The serialised `{action, record}` (null when the fields picker refuses), shared per view. */
  private payload(collection: Collection, row: StoredRow, action: string, sub: Subscription, req: RequestInfo): string | null {
    let record: unknown = serializeMany(this.access, collection, [row], sub.query.expand ?? '', req)[0];
    const fields = sub.query.fields ?? '';
    if (fields) {
      try {
        record = applyFields(record, parseFields(fields));
      } catch {
        return null;
      }
    }
    return JSON.stringify({ action, record });
  }

  /** A changed or deleted auth record updates (or drops) the realtime auth of its clients. */
  private refreshAuth(collection: Collection, message: RecordMessage): void {
    const id = message.row.id;
    for (const client of this.clients.values()) {
      const auth = client.auth;
      if (!auth || auth.collection.id !== collection.id || auth.row.id !== id) continue;
      if (message.action === 'delete' || message.row.tokenKey !== auth.row.tokenKey) client.auth = null;
      else client.auth = { collection, row: message.row };
    }
  }

  /** Keep-alive comments for proxies; idle clients (no message for the idle timeout) are ended. */
  private maintain(): void {
    const now = this.now();
    for (const client of [...this.clients.values()]) {
      if (now - client.lastMessageAt >= this.options.idleTimeoutMs) {
        this.disconnect(client.id);
        client.connection.close();
      } else if (!client.connection.write(': ping\n\n')) {
        this.disconnect(client.id);
        client.connection.close();
      }
    }
  }

  /** Ends every stream (graceful shutdown). */
  closeAll(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const client of [...this.clients.values()]) {
      this.disconnect(client.id);
      client.connection.close();
    }
  }
}
