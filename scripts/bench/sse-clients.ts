/**
 * The realtime load generator: thousands of raw SSE streams (`GET /api/realtime`) in one process,
 * so every delivery is timed on one clock. Started by scripts/bench/run.ts (see load-process.ts),
 * it receives one LoadTask over IPC, runs it, sends the result and exits; never run by hand.
 * Every loop is bounded in count and time, and only 127.0.0.1 is contacted.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { closeIdleSockets, pool, requestJson, sleep } from './http-client.ts';
import type { FanoutResult, FanoutRound, FanoutTask, HubSnapshot, LoadMessage, LoadTask, SoakResult, SoakTask } from './protocol.ts';

/** Streams opened at once (the server's accept backlog is 511). */
const CONNECT_CONCURRENCY = 100;
const SUBSCRIBE_CONCURRENCY = 32;
/** A delivery round that does not complete within this is counted as lost events. */
const ROUND_TIMEOUT_MS = 30_000;

type EventHandler = (client: SseClient, event: string, data: string) => void;

/** One raw SSE stream: parses frames itself and keeps nothing but its id and a round marker. */
class SseClient {
  id = '';
  /** The last fan-out round this client received (see runFanout). */
  round = 0;
  private req: http.ClientRequest | null = null;
  private buffer = '';
  private connected: ((id: string) => void) | null = null;

  constructor(private readonly port: number, private readonly onEvent: EventHandler) {}

  /** Opens the stream and resolves with the client id of its PB_CONNECT frame (the `id:` line). */
  open(timeoutMs = 15_000): Promise<string> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.close();
        reject(err);
      };
      const timer = setTimeout(() => fail(new Error('no PB_CONNECT in time')), timeoutMs);
      this.connected = (id) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(id);
      };
      const req = http.get({ host: '127.0.0.1', port: this.port, path: '/api/realtime', agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          fail(new Error(`GET /api/realtime: status ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => this.feed(chunk));
        res.on('close', () => fail(new Error('stream closed before PB_CONNECT')));
        res.on('error', () => undefined);
      });
      req.on('error', fail);
      this.req = req;
    });
  }

  close(): void {
    this.req?.destroy();
    this.req = null;
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id = '';
      let event = 'message';
      let data: string | null = null;
      for (const line of frame.split('\n')) {
        if (line === '' || line.startsWith(':')) continue; // comments: keep-alive pings
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data = data === null ? value : `${data}\n${value}`;
      }
      if (data === null) continue;
      if (event === 'PB_CONNECT') {
        this.id = id;
        this.connected?.(id);
        this.connected = null;
      } else this.onEvent(this, event, data);
    }
  }
}

function send(message: LoadMessage, then?: () => void): void {
  if (process.send && process.connected) process.send(message, undefined, undefined, () => then?.());
  else {
    console.log(JSON.stringify(message));
    then?.();
  }
}

const progress = (text: string) => send({ type: 'progress', text });

const hub = (port: number, gc: boolean) => requestJson<HubSnapshot>(port, 'GET', `/__bench/hub${gc ? '?gc=1' : ''}`);

const subscribe = (port: number, client: SseClient, topic: string, token?: string) =>
  requestJson<undefined>(port, 'POST', '/api/realtime', {
    body: { clientId: client.id, subscriptions: [topic] },
    headers: token ? { Authorization: token } : {},
    expect: 204,
  });

const trigger = (port: number, collection: string) => requestJson<unknown>(port, 'POST', `/__bench/update-item?collection=${encodeURIComponent(collection)}`);

/** Polls the hub until it holds at most `size` clients (or `timeoutMs` passed); returns the last snapshot. */
async function waitForHubSize(port: number, size: number, timeoutMs: number): Promise<HubSnapshot> {
  const deadline = performance.now() + timeoutMs;
  let snap = await hub(port, false);
  while (snap.size > size && performance.now() < deadline) {
    await sleep(100);
    snap = await hub(port, false);
  }
  return snap;
}

async function runFanout(t: FanoutTask): Promise<FanoutResult> {
  if (t.tokens && t.tokens.length < t.clients) throw new Error(`${t.clients} clients but ${t.tokens.length} tokens`);
  let errors = 0;
  // Delivery bookkeeping of the current round (one clock: this process).
  let round = 0;
  let received = 0;
  let expected = 0;
  let firstAt = 0;
  let lastAt = 0;
  let allReceived: (() => void) | null = null;
  const onEvent: EventHandler = (client, event) => {
    if (event !== t.topic || client.round >= round) return;
    client.round = round;
    const now = performance.now();
    if (received === 0) firstAt = now;
    lastAt = now;
    if (++received === expected) allReceived?.();
  };

  const before = await hub(t.port, true);
  const clients = Array.from({ length: t.clients }, () => new SseClient(t.port, onEvent));
  progress(`${t.variant}, ${t.clients} clients: opening the streams…`);
  const t0 = performance.now();
  await pool(clients, CONNECT_CONCURRENCY, async (c) => {
    await c.open().catch(() => { errors++; });
  });
  const connectMs = performance.now() - t0;
  const open = clients.map((c, i) => ({ c, token: t.tokens?.[i] })).filter((x) => x.c.id);
  progress(`${t.variant}, ${t.clients} clients: ${open.length} streams in ${(connectMs / 1000).toFixed(1)}s; subscribing…`);
  const t1 = performance.now();
  let subscribed = 0;
  await pool(open, SUBSCRIBE_CONCURRENCY, async ({ c, token }) => {
    await subscribe(t.port, c, t.topic, token).then(() => { subscribed++; }, () => { errors++; });
  });
  const subscribeMs = performance.now() - t1;
  if (subscribed === 0) throw new Error('no client could subscribe');
  await sleep(200);
  const connected = await hub(t.port, true);

  const rounds: FanoutRound[] = [];
  for (let r = 0; r <= t.rounds; r++) {
    round = r + 1;
    received = 0;
    expected = subscribed;
    firstAt = 0;
    lastAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<boolean>((resolve) => {
      allReceived = () => resolve(true);
      timer = setTimeout(() => resolve(false), ROUND_TIMEOUT_MS);
    });
    const start = performance.now();
    await trigger(t.port, t.collection);
    const complete = await done;
    clearTimeout(timer);
    allReceived = null;
    const snap = await hub(t.port, false);
    if (!complete) errors += expected - received;
    // Round 0 warms up (JIT, statement caches); it is not reported.
    if (r > 0) {
      rounds.push({
        sendLoopMs: snap.stats.lastDeliverMs,
        sent: snap.stats.lastDeliverSent,
        firstDeliveryMs: received ? firstAt - start : Number.NaN,
        lastDeliveryMs: complete ? lastAt - start : Number.NaN,
      });
    }
    await sleep(100);
  }

  const clientRss = process.memoryUsage().rss;
  for (const c of clients) c.close();
  closeIdleSockets();
  const closed = await waitForHubSize(t.port, before.size, 20_000);
  return { variant: t.variant, clients: t.clients, connectMs, subscribeMs, before, connected, closed, rounds, clientRss, errors };
}

async function runSoak(t: SoakTask): Promise<SoakResult> {
  const counters = { cycles: 0, subscribes: 0, updates: 0, eventsReceived: 0, errors: 0 };
  const live = new Set<SseClient>();
  const onEvent: EventHandler = () => { counters.eventsReceived++; };

  /** `seconds` of churn; each worker's last stream stays open (closed by the caller). */
  const churn = async (seconds: number): Promise<void> => {
    const deadline = performance.now() + seconds * 1000;
    // Bounded in count too: a worker cycle takes ≥ 1 round trip, so 50 a second is out of reach.
    const maxCycles = Math.ceil(seconds * 50);
    const worker = async (): Promise<void> => {
      let last: SseClient | null = null;
      for (let i = 0; i < maxCycles && performance.now() < deadline; i++) {
        if (last) {
          last.close();
          live.delete(last);
        }
        const c = new SseClient(t.port, onEvent);
        live.add(c);
        last = c;
        try {
          await c.open();
        } catch {
          counters.errors++;
          continue;
        }
        // One cycle in four disconnects right after PB_CONNECT; the others subscribe and stay a while.
        if (i % 4 !== 0) {
          try {
            await subscribe(t.port, c, t.topic);
            counters.subscribes++;
          } catch {
            counters.errors++;
          }
          await sleep(100 + Math.random() * 400);
        }
        counters.cycles++;
      }
    };
    const ticker = async (): Promise<void> => {
      while (performance.now() + t.updateEveryMs < deadline) {
        await sleep(t.updateEveryMs);
        try {
          await trigger(t.port, t.collection);
          counters.updates++;
        } catch {
          counters.errors++;
        }
      }
    };
    await Promise.all([...Array.from({ length: t.clients }, worker), ticker()]);
  };
  const closeAll = () => {
    for (const c of live) c.close();
    live.clear();
  };

  if (t.warmupSeconds > 0) {
    progress(`soak: ${t.warmupSeconds}s warm-up…`);
    await churn(t.warmupSeconds);
    closeAll();
    await waitForHubSize(t.port, 0, 10_000);
    Object.assign(counters, { cycles: 0, subscribes: 0, updates: 0, eventsReceived: 0, errors: 0 });
  }
  const before = await hub(t.port, true);
  progress(`soak: ${t.clients} clients churning for ${t.seconds}s…`);
  await churn(t.seconds);
  const end = await hub(t.port, true);
  closeAll();
  closeIdleSockets();
  await waitForHubSize(t.port, 0, 10_000);
  await sleep(5_000);
  const after = await hub(t.port, true);
  return { clients: t.clients, seconds: t.seconds, ...counters, before, end, after };
}

async function run(task: LoadTask): Promise<FanoutResult | SoakResult> {
  if (task.type === 'fanout') return runFanout(task);
  return runSoak(task);
}

// The runner went away (crash, Ctrl-C): do not outlive it.
process.on('disconnect', () => process.exit(0));
process.once('message', (raw) => {
  run(raw as LoadTask).then(
    (result) => send({ type: 'result', result }, () => process.exit(0)),
    (err: unknown) => send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () => process.exit(1)),
  );
});
