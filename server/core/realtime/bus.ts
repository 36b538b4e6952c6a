import type { RecordEvent } from '../events.ts';

/** A record change as it travels between instances: plain data only. */
export interface BusMessage {
  action: RecordEvent['action'];
  collectionId: string;
  row: Record<string, unknown>;
}

/**
 * Publish/subscribe between the write path and the realtime hubs. This process uses the local
 * bus; a multi-instance deployment implements the same two methods over a shared broker.
 */
export interface RealtimeBus {
  publish(message: BusMessage): void;
  subscribe(handler: (message: BusMessage) => void): () => void;
}

/** In-process bus. Delivery is deferred so broadcasting never delays the write's response. */
export class LocalBus implements RealtimeBus {
  private readonly handlers = new Set<(message: BusMessage) => void>();

  publish(message: BusMessage): void {
    if (this.handlers.size === 0) return;
    setImmediate(() => {
      for (const handler of this.handlers) handler(message);
    });
  }

  subscribe(handler: (message: BusMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}
