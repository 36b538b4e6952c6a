import type { RecordEvent } from '../events.ts';

/** A record change as it travels between instances: plain data only (the whole stored row). */
export interface RecordMessage {
  kind: 'record';
  action: RecordEvent['action'];
  collectionId: string;
  row: Record<string, unknown>;
  /** Fields of `row` that never leave this instance (an auth record's password hash). */
  localOnly?: string[];
}

/** The saved settings changed: every other instance reloads them from the database. */
export interface SettingsMessage {
  kind: 'settings';
}

/**
 * Every per-instance cache must start over: published by a write made outside the record engine
 * (which sends no record message), and delivered locally by a bus that may have missed messages.
 */
export interface FlushMessage {
  kind: 'flush';
}

/**
 * A subscription request (POST /api/realtime) that reached an instance not holding the client's
 * stream, for the instance that does (forward.ts). The auth as ids, never as a token.
 */
export interface SubscribeMessage {
  kind: 'subscribe';
  request: string;
  clientId: string;
  auth: { collectionId: string; id: string } | null;
  subscriptions: string[];
}

/** The answer of the instance holding the stream to a SubscribeMessage. */
export interface SubscribedMessage {
  kind: 'subscribed';
  request: string;
  outcome: 'ok' | 'forbidden' | 'unknown';
}

export type BusMessage = RecordMessage | SettingsMessage | FlushMessage | SubscribeMessage | SubscribedMessage;

/**
 * Where a delivered message comes from: this instance (delivered at once, in process) or another
 * instance sharing the bus. Caches of this instance already saw its own writes; only remote
 * messages invalidate them.
 */
export type BusOrigin = 'local' | 'remote';

export type BusHandler = (message: BusMessage, origin: BusOrigin) => void;

/**
 * Publish/subscribe between the write path, the realtime hub and the per-instance caches. One
 * process uses the local bus; several instances share `PgBus` (pg-bus.ts). Handlers run in the
 * order they subscribed, for local and remote messages alike.
 */
export interface RealtimeBus {
  publish(message: BusMessage): void;
  subscribe(handler: BusHandler): () => void;
  /** Connects (a shared bus); resolves once listening or after the first failed attempt (it keeps retrying). */
  start?(): Promise<void>;
  /** Whether messages of other instances arrive now (a local bus always: there are none). */
  connected?(): boolean;
  close?(): Promise<void>;
}

/** In-process bus. Delivery is deferred so broadcasting never delays the write's response. */
export class LocalBus implements RealtimeBus {
  private readonly handlers = new Set<BusHandler>();

  publish(message: BusMessage): void {
    if (this.handlers.size === 0) return;
    setImmediate(() => {
      for (const handler of this.handlers) handler(message, 'local');
    });
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}
