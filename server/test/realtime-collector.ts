import type { RecordSubscription } from 'pocketbase';

/**
 * Collects the realtime events of one SDK subscription and waits for them.
 *
 * Absence is never proven by sleeping (a slow machine makes that pass falsely). Proving that an
 * event did NOT arrive uses a sentinel instead: the server writes the frames of one client's
 * stream in the order the events happened, so after the event that must not arrive, cause one
 * that must arrive on the same client (a later write it may see), wait for that one with
 * `waitUntil`, and then assert that the first never came.
 */
export interface Collector {
  events: RecordSubscription[];
  push(event: RecordSubscription): void;
  /** Waits until `n` events arrived (fails after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<RecordSubscription[]>;
  /** Waits until an event matching `match` arrived (fails after `timeoutMs`). */
  waitUntil(match: (event: RecordSubscription) => boolean, timeoutMs?: number): Promise<RecordSubscription[]>;
}

export function collector(): Collector {
  const events: RecordSubscription[] = [];
  const waitUntil = async (done: () => boolean, what: () => string, timeoutMs: number) => {
    const start = Date.now();
    while (!done()) {
      if (Date.now() - start > timeoutMs) throw new Error(what());
      await new Promise((r) => setTimeout(r, 10));
    }
    return events;
  };
  return {
    events,
    push: (e) => events.push(e),
    waitFor: (n, timeoutMs = 5000) =>
      waitUntil(
        () => events.length >= n,
        () => `got ${events.length} of ${n} events`,
        timeoutMs,
      ),
    waitUntil: (match, timeoutMs = 5000) =>
      waitUntil(
        () => events.some(match),
        () => `the awaited event never came; got ${JSON.stringify(events.map((e) => `${e.action}:${String(e.record.id)}`))}`,
        timeoutMs,
      ),
  };
}

/** What `sentinelFence` needs of an SDK client (kept structural so the helper needs no SDK import). */
interface SubscribingClient {
  collection(name: string): { subscribe(topic: string, callback: (e: RecordSubscription) => void): Promise<unknown> };
}

export interface SentinelFence {
  /** Causes one sentinel event and waits until every client received it. */
  pass(): Promise<void>;
}

/**
 * Sentinels for several clients at once: each client subscribes to one record every client may
 * see (`collection/id`), and `pass()` writes it (`touch`) and waits until the resulting event
 * reached every client. After a pass, any event written before it that was going to reach one of
 * these clients has reached it.
 */
export async function sentinelFence(
  clients: SubscribingClient[],
  collection: string,
  id: string,
  touch: () => Promise<unknown>,
): Promise<SentinelFence> {
  const seen = clients.map(() => collector());
  for (const [i, pb] of clients.entries()) await pb.collection(collection).subscribe(id, (seen[i] as Collector).push);
  let passes = 0;
  return {
    async pass() {
      passes++;
      await touch();
      await Promise.all(seen.map((c) => c.waitFor(passes)));
    },
  };
}
