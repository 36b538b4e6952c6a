/**
 * The realtime load generator: thousands of raw SSE streams (`GET /api/realtime`) in one process,
 * so every delivery is timed on one clock. Started by scripts/bench/run.ts (see load-process.ts),
 * it receives one LoadTask over IPC (fan-out, soak, or the mixed load of mixed-load.ts), runs it,
 * sends the result and exits; never run by hand. Every loop is bounded in count and time, and only
 * 127.0.0.1 is contacted.
 */
import { performance } from 'node:perf_hooks';
import { closeIdleSockets, pool, sleep } from './http-client.ts';
import { runMixed } from './mixed-load.ts';
import { hub, progress, send, SseClient, subscribe, trigger, waitForHubSize, type EventHandler } from './sse-stream.ts';
import type { FanoutResult, FanoutRound, FanoutTask, LoadTask, MixedResult, SoakResult, SoakTask } from './protocol.ts';

/** Streams opened at once (the server's accept backlog is 511). */
const CONNECT_CONCURRENCY = 100;
const SUBSCRIBE_CONCURRENCY = 32;
/** A delivery round that does not complete within this is counted as lost events. */
const ROUND_TIMEOUT_MS = 30_000;

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
    await c.open().catch(() => {
      errors++;
    });
  });
  const connectMs = performance.now() - t0;
  const open = clients.map((c, i) => ({ c, token: t.tokens?.[i] })).filter((x) => x.c.id);
  progress(`${t.variant}, ${t.clients} clients: ${open.length} streams in ${(connectMs / 1000).toFixed(1)}s; subscribing…`);
  const t1 = performance.now();
  let subscribed = 0;
  await pool(open, SUBSCRIBE_CONCURRENCY, async ({ c, token }) => {
    await subscribe(t.port, c, t.topic, { token }).then(
      () => {
        subscribed++;
      },
      () => {
        errors++;
      },
    );
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
    await trigger(t.triggerPort ?? t.port, t.collection);
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
  const onEvent: EventHandler = () => {
    counters.eventsReceived++;
  };

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

async function run(task: LoadTask): Promise<FanoutResult | SoakResult | MixedResult> {
  if (task.type === 'fanout') return runFanout(task);
  if (task.type === 'mixed') return runMixed(task);
  return runSoak(task);
}

// The runner went away (crash, Ctrl-C): do not outlive it.
process.on('disconnect', () => process.exit(0));
process.once('message', (raw) => {
  run(raw as LoadTask).then(
    (result) => send({ type: 'result', result }, () => process.exit(0)),
    (err: unknown) =>
      send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () => process.exit(1)),
  );
});
