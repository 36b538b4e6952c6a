import { randomString } from '../../../shared/ids.ts';
import type { AuthState } from '../request-info.ts';
import type { RealtimeBus } from './bus.ts';
import type { RealtimeClient, RealtimeHub } from './hub.ts';

/** How long a forwarded subscription request waits for the instance holding the stream. */
const FORWARD_TIMEOUT_MS = 3000;

/** What a subscription request (POST /api/realtime) comes to. */
export type SubscribeOutcome = 'ok' | 'forbidden' | 'unknown';

/** The stream is bound to the first auth that subscribes: another auth may not take it over. */
export function authMismatch(client: RealtimeClient, auth: AuthState | null): boolean {
  return client.auth !== null && (!auth || auth.collection.id !== client.auth.collection.id || auth.row.id !== client.auth.row.id);
}

/** Applies a subscription request to a client of this instance. */
export function applySubscriptions(
  hub: RealtimeHub,
  client: RealtimeClient,
  auth: AuthState | null,
  subscriptions: string[],
): SubscribeOutcome {
  if (authMismatch(client, auth)) return 'forbidden';
  if (auth) client.auth = auth;
  hub.setSubscriptions(client, subscriptions);
  return 'ok';
}

/**
 * Subscription requests for streams held by another instance. The SDK opens its stream
 * (GET /api/realtime) and posts its subscriptions (POST /api/realtime) in two requests, which a
 * load balancer without sticky sessions may send to two instances: the one that gets the POST
 * and does not hold the client sends it over the shared bus, and the instance holding the stream
 * applies it (the same auth check as a local request) and answers over the bus. No answer within
 * the timeout: no instance holds that client (404, as on one instance). The auth travels as ids
 * and is loaded from the database by the holder, never as a token.
 */
export class SubscriptionForwarder {
  private readonly pending = new Map<string, (outcome: SubscribeOutcome) => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly hub: RealtimeHub,
    private readonly bus: RealtimeBus,
    private readonly loadAuth: (collectionId: string, id: string) => AuthState | null,
  ) {
    this.unsubscribe = bus.subscribe((m, origin) => {
      if (origin === 'local') return;
      if (m.kind === 'subscribed') this.pending.get(m.request)?.(m.outcome);
      else if (m.kind === 'subscribe') this.answer(m.request, m.clientId, m.auth, m.subscriptions);
    });
  }

  /** Sends the request to the instance holding `clientId`; 'unknown' at once when no other instance shares the bus. */
  forward(clientId: string, auth: AuthState | null, subscriptions: string[]): Promise<SubscribeOutcome> {
    if (!this.bus.connected?.()) return Promise.resolve('unknown');
    const request = randomString(20);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done('unknown'), FORWARD_TIMEOUT_MS);
      const done = (outcome: SubscribeOutcome) => {
        clearTimeout(timer);
        this.pending.delete(request);
        resolve(outcome);
      };
      this.pending.set(request, done);
      this.bus.publish({
        kind: 'subscribe',
        request,
        clientId,
        auth: auth ? { collectionId: auth.collection.id, id: String(auth.row.id) } : null,
        subscriptions,
      });
    });
  }

  private answer(request: string, clientId: string, authIds: { collectionId: string; id: string } | null, subscriptions: string[]): void {
    const client = this.hub.get(clientId);
    // Not held here: another instance answers, or none does (the requester times out).
    if (!client) return;
    const auth = authIds ? this.loadAuth(authIds.collectionId, authIds.id) : null;
    // The auth was valid where the request arrived; gone since (deleted): as a guest would be.
    const outcome = authIds && !auth ? 'forbidden' : applySubscriptions(this.hub, client, auth, subscriptions);
    this.bus.publish({ kind: 'subscribed', request, outcome });
  }

  close(): void {
    this.unsubscribe();
    for (const done of this.pending.values()) done('unknown');
  }
}
