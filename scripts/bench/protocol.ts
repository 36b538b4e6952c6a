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
  /** The same page in each of the menu's languages (every text translated), for the per-language budgets. */
  guestLanguages: { lang: string; path: string; gzipBytes: number; htmlBytes: number }[];
  /** The page in each layout (list, cards, compact, grid) and language, with a cover, a font pairing and photos on two dishes of three. */
  guestLayouts: { layout: string; lang: string; path: string; gzipBytes: number; htmlBytes: number }[];
  /** The login user's session (the SDK's stored token and record) and venue, for the staff app's pages. */
  staff: { token: string; record: unknown; venueId: string };
  /** The PostgreSQL database the server runs on (DB=pg), for a second instance; null on SQLite. */
  databaseUrl: string | null;
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
  /** Where the updates are made, when not on `port`: another instance on the realtime bus (BENCH_ONLY=bus). */
  triggerPort?: number;
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

/** The API calls of the mixed load, each with its own counters. */
export const MIXED_OPS = ['list', 'view', 'viewAuth', 'create', 'update', 'delete'] as const;
export type MixedOp = (typeof MIXED_OPS)[number];

export interface MixedTask {
  type: 'mixed';
  port: number;
  clients: number;
  seconds: number;
  /** Unmeasured load before the `before` snapshot, seconds (JIT, statement and rule caches). */
  warmupSeconds: number;
  /** The public collection every stream subscribes to (`<collection>/*`, or one record of it). */
  collection: string;
  /** The authenticated view: a record only its owner may see, and the owner's token. */
  auth: { collection: string; recordId: string; token: string };
  /** Mean pause of a worker between two calls, ms (uniform in ½…1½ of it). */
  thinkMs: number;
}

export interface OpStats {
  count: number;
  /** Non-2xx answers and network errors (timeouts included). */
  errors: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface MixedResult {
  clients: number;
  seconds: number;
  warmupSeconds: number;
  thinkMs: number;
  /** The measured phase only. */
  ops: Record<MixedOp, OpStats>;
  streams: {
    /** Streams opened (one per worker, plus reconnects). */
    opened: number;
    /** Planned reconnects (some workers close their stream now and then and open a new one). */
    reconnects: number;
    /** Failed opens or subscribes, and streams the server closed on its own. */
    errors: number;
    eventsReceived: number;
    /** Records a `*` subscriber created itself and waited for on its own stream… */
    ownCreates: number;
    /** …of which no create event arrived (within 5 s of the end). */
    missedEvents: number;
    /** From the start of the create request until its event arrived on the creator's stream, ms. */
    deliveryP50Ms: number;
    deliveryP95Ms: number;
    deliveryP99Ms: number;
  };
  /** The first few failures (operation, status, body), for diagnosis. */
  errorSamples: string[];
  /** After the warm-up, every warm-up client gone (gc). */
  before: HubSnapshot;
  /** Half-way through and at the end of the measured phase, all clients connected (gc). */
  middle: HubSnapshot;
  end: HubSnapshot;
  /** 5 s after every client was gone (gc). */
  after: HubSnapshot;
  /** RSS of the load generator at the end of the run, bytes. */
  clientRss: number;
  /** CPU time (user + system) per wall time of the measured phase, 1 = one core busy. */
  serverCpu: number;
  clientCpu: number;
}

export type LoadTask = FanoutTask | SoakTask | MixedTask;

export type LoadMessage =
  | { type: 'progress'; text: string }
  | { type: 'result'; result: FanoutResult | SoakResult | MixedResult }
  | { type: 'error'; message: string };
