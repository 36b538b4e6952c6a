/**
 * The "under load" scenario of the load generator: N simulated clients, each with one SSE stream
 * and one keep-alive connection of its own (as a browser tab), loop over a weighted mix of real
 * API calls for a while: list with filter + sort, view, authenticated view, create, update and
 * delete of their own records. Some streams follow one record instead of the whole collection,
 * some reconnect now and then. Every loop is bounded in count and time; only 127.0.0.1.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { closeIdleSockets, request, requestJson, sleep } from './http-client.ts';
import { percentile } from './report.ts';
import { hub, progress, SseClient, subscribe, waitForHubSize, type EventHandler } from './sse-stream.ts';
import { MIXED_OPS, type HubSnapshot, type MixedOp, type MixedResult, type MixedTask, type OpStats } from './protocol.ts';

/** The mix: relative weights of the calls (reads ≈ 70%, writes ≈ 30%). */
const WEIGHTS: ReadonlyArray<readonly [MixedOp, number]> = [
  ['list', 30],
  ['view', 25],
  ['viewAuth', 15],
  ['create', 12],
  ['update', 10],
  ['delete', 8],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((a, [, w]) => a + w, 0);
/** Every fourth client follows one record (`<collection>/<id>`) instead of the whole collection. */
const ONE_RECORD_EVERY = 4;
/** Every tenth client closes its stream and opens a new one every 5–15 s. */
const RECONNECT_EVERY = 10;
/** Records the one-record streams follow; a share of the updates goes to them. */
const HOT_RECORDS = 4;
/** How long the end of a phase waits for the last create events to arrive. */
const DRAIN_MS = 5_000;
const MAX_SAMPLES = 20;

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pickOne = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

function pickOp(): MixedOp {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [op, w] of WEIGHTS) {
    if ((r -= w) < 0) return op;
  }
  return 'list';
}

/** Counters of one phase (the warm-up's are thrown away). */
class PhaseStats {
  readonly latencies = Object.fromEntries(MIXED_OPS.map((op) => [op, [] as number[]])) as Record<MixedOp, number[]>;
  readonly errors = Object.fromEntries(MIXED_OPS.map((op) => [op, 0])) as Record<MixedOp, number>;
  readonly streams = { opened: 0, reconnects: 0, errors: 0, eventsReceived: 0, ownCreates: 0, missedEvents: 0 };
  readonly delivery: number[] = [];
  readonly samples: string[] = [];

  sample(text: string): void {
    if (this.samples.length < MAX_SAMPLES) this.samples.push(text.replace(/\s+/g, ' ').slice(0, 300));
  }

  get totalErrors(): number {
    return MIXED_OPS.reduce((a, op) => a + this.errors[op], 0) + this.streams.errors + this.streams.missedEvents;
  }

  ops(): Record<MixedOp, OpStats> {
    return Object.fromEntries(
      MIXED_OPS.map((op) => {
        const xs = this.latencies[op];
        const stats: OpStats = {
          count: xs.length,
          errors: this.errors[op],
          p50Ms: percentile(xs, 50),
          p95Ms: percentile(xs, 95),
          p99Ms: percentile(xs, 99),
          maxMs: percentile(xs, 100),
        };
        return [op, stats];
      }),
    ) as Record<MixedOp, OpStats>;
  }
}

interface Shared {
  task: MixedTask;
  /** Seeded records every client may view (never deleted). */
  ids: string[];
  hot: string[];
  listPath: () => string;
}

/** One simulated client: its stream, its connection, the records it created. */
class Worker {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private stream: SseClient | null = null;
  private dropped = false;
  private readonly own: string[] = [];
  /** Names of records created by this client whose event has not arrived yet → request start. */
  readonly pending = new Map<string, number>();
  private seq = 0;
  private readonly topics: string[];
  private readonly followsAll: boolean;

  constructor(
    private readonly index: number,
    private readonly shared: Shared,
    private readonly stats: PhaseStats,
  ) {
    const { collection } = shared.task;
    this.followsAll = index % ONE_RECORD_EVERY !== ONE_RECORD_EVERY - 1;
    this.topics = this.followsAll ? [`${collection}/*`] : [`${collection}/${shared.hot[index % shared.hot.length]}`];
  }

  private readonly onEvent: EventHandler = (client, _event, data) => {
    if (client !== this.stream) return;
    this.stats.streams.eventsReceived++;
    if (this.pending.size === 0) return;
    let msg: { action?: string; record?: { name?: string } };
    try {
      msg = JSON.parse(data) as typeof msg;
    } catch {
      this.stats.streams.errors++;
      this.stats.sample(`stream ${client.id}: event data is not JSON: ${data}`);
      return;
    }
    const name = msg.record?.name;
    if (msg.action !== 'create' || name === undefined) return;
    const started = this.pending.get(name);
    if (started === undefined) return;
    this.pending.delete(name);
    this.stats.delivery.push(performance.now() - started);
  };

  private readonly onDrop = (client: SseClient) => {
    if (client !== this.stream) return;
    this.dropped = true;
    this.stats.streams.errors++;
    this.stats.sample(`stream ${client.id}: closed by the server`);
  };

  /** Opens a fresh stream and subscribes it; false (counted) when either fails. */
  private async connect(): Promise<boolean> {
    this.stream?.close();
    // Creates in flight may miss their event across the switch: do not count them either way.
    this.pending.clear();
    this.dropped = false;
    const stream = new SseClient(this.shared.task.port, this.onEvent, this.onDrop);
    this.stream = stream;
    try {
      await stream.open();
      this.stats.streams.opened++;
      await subscribe(this.shared.task.port, stream, this.topics, { agent: this.agent });
      return true;
    } catch (err) {
      this.stats.streams.errors++;
      this.stats.sample(`stream: ${err instanceof Error ? err.message : String(err)}`);
      stream.close();
      this.stream = null;
      return false;
    }
  }

  /** Calls until `deadline` (at most `maxOps` calls); leaves the stream open. */
  async run(deadline: number, maxOps: number): Promise<void> {
    const { thinkMs } = this.shared.task;
    const reconnects = this.index % RECONNECT_EVERY === 0;
    let nextReconnect = reconnects ? performance.now() + rand(5_000, 15_000) : Number.POSITIVE_INFINITY;
    // Spread the start over one think time, so 200 streams do not open in the same millisecond.
    await sleep(rand(0, thinkMs));
    await this.connect();
    for (let n = 0; n < maxOps; n++) {
      await sleep(rand(thinkMs / 2, (thinkMs * 3) / 2));
      const now = performance.now();
      if (now >= deadline) break;
      if (now >= nextReconnect) {
        this.stats.streams.reconnects++;
        nextReconnect = now + rand(5_000, 15_000);
        await this.connect();
      } else if (!this.stream || this.dropped) {
        await this.connect();
      }
      await this.call(pickOp());
    }
  }

  close(): void {
    this.stream?.close();
    this.stream = null;
    this.agent.destroy();
  }

  private async call(picked: MixedOp): Promise<void> {
    const { task, ids, hot } = this.shared;
    const records = `/api/collections/${task.collection}/records`;
    // Deletes remove this client's own records only; with none left, it creates one instead.
    const op: MixedOp = picked === 'delete' && this.own.length === 0 ? 'create' : picked;
    let method = 'GET';
    let path: string;
    let body: unknown;
    let headers: Record<string, string> | undefined;
    let expect = 200;
    let name: string | undefined;
    switch (op) {
      case 'list':
        path = this.shared.listPath();
        break;
      case 'view':
        path = `${records}/${pickOne(ids)}`;
        break;
      case 'viewAuth':
        path = `/api/collections/${task.auth.collection}/records/${task.auth.recordId}`;
        headers = { Authorization: task.auth.token };
        break;
      case 'create':
        method = 'POST';
        path = records;
        name = `load ${this.index}.${++this.seq}`;
        body = { name, category: `c${Math.floor(Math.random() * 10)}`, price: Math.round(rand(0, 1000) * 100) / 100, available: true };
        break;
      case 'update': {
        // Mostly its own records; a quarter of the time one of the records other streams follow.
        const id = this.own.length && Math.random() < 0.75 ? pickOne(this.own) : pickOne(hot);
        method = 'PATCH';
        path = `${records}/${id}`;
        body = { price: Math.round(rand(0, 1000) * 100) / 100, available: Math.random() < 0.5 };
        break;
      }
      case 'delete': {
        const at = Math.floor(Math.random() * this.own.length);
        const [id] = this.own.splice(at, 1);
        method = 'DELETE';
        path = `${records}/${id}`;
        expect = 204;
        break;
      }
    }
    const tracked = name !== undefined && this.followsAll && this.stream !== null && !this.dropped;
    const start = performance.now();
    if (tracked) this.pending.set(name as string, start);
    try {
      const res = await request(task.port, method, path, { body, headers, agent: this.agent, timeoutMs: 30_000 });
      this.stats.latencies[op].push(performance.now() - start);
      if (res.status !== expect) {
        this.stats.errors[op]++;
        this.stats.sample(`${op} ${method} ${path}: status ${res.status} ${res.body}`);
        if (tracked) this.pending.delete(name as string);
        return;
      }
      if (op === 'create') {
        this.own.push((JSON.parse(res.body) as { id: string }).id);
        if (tracked) this.stats.streams.ownCreates++;
      }
    } catch (err) {
      this.stats.latencies[op].push(performance.now() - start);
      this.stats.errors[op]++;
      this.stats.sample(`${op} ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
      if (tracked) this.pending.delete(name as string);
    }
  }
}

/**
 * One phase: `clients` workers for `seconds`; resolves once they stopped calling and the last
 * create events arrived (or `DRAIN_MS` passed), with every stream still open.
 */
async function runPhase(shared: Shared, seconds: number, stats: PhaseStats): Promise<Worker[]> {
  const { task } = shared;
  const deadline = performance.now() + seconds * 1000;
  // Bounded in count too: a call takes ≥ ½ think time, so this many never fit in `seconds`.
  const maxOps = Math.ceil((seconds * 1000) / (task.thinkMs / 2)) + 1;
  const workers = Array.from({ length: task.clients }, (_, i) => new Worker(i, shared, stats));
  await Promise.all(workers.map((w) => w.run(deadline, maxOps)));
  const drainUntil = performance.now() + DRAIN_MS;
  while (workers.some((w) => w.pending.size > 0) && performance.now() < drainUntil) await sleep(50);
  for (const w of workers) stats.streams.missedEvents += w.pending.size;
  return workers;
}

/** CPU time the server process used so far (user + system), µs. */
async function serverCpuUs(port: number): Promise<number> {
  const cpu = await requestJson<{ user: number; system: number }>(port, 'GET', '/__bench/cpu');
  return cpu.user + cpu.system;
}

function closeAll(workers: Worker[]): void {
  for (const w of workers) w.close();
  closeIdleSockets();
}

/** The mixed load: a warm-up, then the measured phase with memory snapshots around it. */
export async function runMixed(t: MixedTask): Promise<MixedResult> {
  const page = await requestJson<{ items: Array<{ id: string }> }>(
    t.port,
    'GET',
    `/api/collections/${t.collection}/records?perPage=200&skipTotal=1`,
  );
  const ids = page.items.map((i) => i.id);
  if (ids.length < HOT_RECORDS) throw new Error(`${t.collection} holds only ${ids.length} records`);
  const shared: Shared = {
    task: t,
    ids,
    hot: ids.slice(0, HOT_RECORDS),
    listPath: () => {
      // 100 distinct filters, as the values of a real client's filters vary.
      const filter = `category='c${Math.floor(Math.random() * 10)}' && price>${Math.floor(Math.random() * 10) * 100}`;
      return `/api/collections/${t.collection}/records?filter=${encodeURIComponent(filter)}&sort=-price&perPage=30&skipTotal=1`;
    },
  };

  if (t.warmupSeconds > 0) {
    progress(`load: ${t.warmupSeconds}s warm-up with ${t.clients} clients…`);
    const warm = new PhaseStats();
    closeAll(await runPhase(shared, t.warmupSeconds, warm));
    if (warm.totalErrors) progress(`load: ${warm.totalErrors} errors during the warm-up, e.g. ${warm.samples[0] ?? ''}`);
    await waitForHubSize(t.port, 0, 10_000);
  }
  const before = await hub(t.port, true);
  progress(`load: ${t.clients} clients for ${t.seconds}s…`);
  const cpu0 = { server: await serverCpuUs(t.port), client: process.cpuUsage(), at: performance.now() };
  const stats = new PhaseStats();
  const half: { snapshot?: Promise<HubSnapshot> } = {};
  const midTimer = setTimeout(
    () => {
      half.snapshot = hub(t.port, true);
      half.snapshot.catch(() => undefined); // awaited (and thrown) below
    },
    (t.seconds * 1000) / 2,
  );
  const workers = await runPhase(shared, t.seconds, stats);
  clearTimeout(midTimer);
  const wallUs = (performance.now() - cpu0.at) * 1000;
  const clientCpu = process.cpuUsage(cpu0.client);
  const serverCpu = (await serverCpuUs(t.port)) - cpu0.server;
  const end = await hub(t.port, true);
  const clientRss = process.memoryUsage().rss;
  closeAll(workers);
  await waitForHubSize(t.port, 0, 10_000);
  await sleep(5_000);
  const after = await hub(t.port, true);
  const delivery = stats.delivery;
  return {
    clients: t.clients,
    seconds: t.seconds,
    warmupSeconds: t.warmupSeconds,
    thinkMs: t.thinkMs,
    ops: stats.ops(),
    streams: {
      ...stats.streams,
      deliveryP50Ms: percentile(delivery, 50),
      deliveryP95Ms: percentile(delivery, 95),
      deliveryP99Ms: percentile(delivery, 99),
    },
    errorSamples: stats.samples,
    before,
    middle: (await half.snapshot) ?? end,
    end,
    after,
    clientRss,
    serverCpu: serverCpu / wallUs,
    clientCpu: (clientCpu.user + clientCpu.system) / wallUs,
  };
}
