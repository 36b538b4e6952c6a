/** Messages between the bench runner and its children (the server, the realtime load generator). */

export interface SeedStats {
  rows: number;
  chunkSize: number;
  /** Wall time of the whole items seed (prepare + execute), ms. */
  totalMs: number;
  /** Time spent in `prepareCreate` (async, outside the transaction), ms. */
  prepareMs: number;
  /** Time spent in `execute` (the transactions), ms. */
  executeMs: number;
  rowsPerSec: number;
}

export interface ReadyInfo {
  port: number;
  seed: SeedStats;
  itemId: string;
  noteId: string;
  memberToken: string;
  /** A verified `users` record for the login scenario. */
  login: { identity: string; password: string };
  /** The guest page of a venue showing a published 100-item menu, and its gzipped size. */
  guest: { path: string; gzipBytes: number; htmlBytes: number };
}

/** Requests the runner sends to the server child over IPC; answered by a `reply` with the same id. */
export type ServerRequest =
  /** Creates `count` extra `users` (direct SQL clones of one seeded user) and returns an auth token for each. */
  { type: 'request'; id: number; op: 'makeUsers'; count: number };

export type ServerMessage =
  | { type: 'progress'; text: string }
  | { type: 'ready'; info: ReadyInfo }
  | { type: 'error'; message: string }
  | { type: 'reply'; id: number; result?: unknown; error?: string };

/** `GET /__bench/hub` of the server child (`?gc=1` collects garbage first). */
export interface HubSnapshot {
  /** Connected realtime clients. */
  size: number;
  stats: { lastDeliverMs: number; lastDeliverSent: number; delivered: number };
  memory: NodeJS.MemoryUsage;
}

/** Realtime collections the load generator subscribes to: `bench_items` (public) or `bench_feed` (per-auth rule). */
export type FanoutVariant = 'shared' | 'rules';

export interface FanoutTask {
  type: 'fanout';
  port: number;
  variant: FanoutVariant;
  clients: number;
  /** The subscription topic, e.g. `bench_items/*`; also the event name of the deliveries. */
  topic: string;
  /** Passed to `POST /__bench/update-item?collection=` to trigger one event. */
  collection: string;
  /** One auth token per client (the `rules` variant); guests otherwise. */
  tokens?: string[];
  /** Measured update rounds (after one warm-up round). */
  rounds: number;
}

export interface FanoutRound {
  /** The hub's send loop for this event (`stats.lastDeliverMs`), ms. */
  sendLoopMs: number;
  /** Clients the hub wrote the event to. */
  sent: number;
  /** From the start of the trigger request until the first / last client received the event, ms. */
  firstDeliveryMs: number;
  lastDeliveryMs: number;
}

export interface FanoutResult {
  variant: FanoutVariant;
  clients: number;
  /** Wall time to open all streams (until every PB_CONNECT arrived) and to subscribe them all, ms. */
  connectMs: number;
  subscribeMs: number;
  /** Server state before connecting, after connecting + subscribing (both after gc), and after closing. */
  before: HubSnapshot;
  connected: HubSnapshot;
  closed: HubSnapshot;
  rounds: FanoutRound[];
  /** RSS of the load generator itself with all clients connected, bytes. */
  clientRss: number;
  errors: number;
}

export interface SoakTask {
  type: 'soak';
  port: number;
  clients: number;
  seconds: number;
  /** Unmeasured churn before the `before` snapshot, seconds (JIT, caches, pools). */
  warmupSeconds: number;
  topic: string;
  collection: string;
  /** An update is triggered this often during the churn, so events flow while clients come and go. */
  updateEveryMs: number;
}

export interface SoakResult {
  clients: number;
  seconds: number;
  /** Completed connect → (subscribe → hold) → disconnect cycles. */
  cycles: number;
  subscribes: number;
  updates: number;
  eventsReceived: number;
  /** Failed connects or subscribes (a subscribe racing its own disconnect may legitimately 404). */
  errors: number;
  /** After the warm-up, when no client was connected (gc). */
  before: HubSnapshot;
  /** At the end of the loop, all clients still connected (gc). */
  end: HubSnapshot;
  /** 5 s after every client was gone (gc). */
  after: HubSnapshot;
}

export type LoadTask = FanoutTask | SoakTask;

export type LoadMessage =
  | { type: 'progress'; text: string }
  | { type: 'result'; result: FanoutResult | SoakResult }
  | { type: 'error'; message: string };
