/**
 * Two instances against one (BENCH_ONLY=scale; issue 24: two instances on two cores serve guest
 * pages and views at ≥ 1.6× one instance's rate). The bench server child (seeded, with the guest
 * venue) is instance A; scripts/bench/bus-peer.ts on the same data dir is instance B: the same
 * SQLite file, or with BENCH_DB=pg the same PostgreSQL database (and then the PgBus between them).
 * Per endpoint: one wrk (-t1, all connections) on A alone, then one wrk per instance at the same
 * time (-t1, half the connections each); req/s summed. Each instance's CPU per request, wrk's own
 * CPU and (pg) the cluster's CPU are reported: wrk and the instances share the machine's cores.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkTarget, type TargetResult } from './report.ts';
import { realtimeServers } from './realtime-bench.ts';
import { ROOT, ServerProcess } from './server-process.ts';
import { runWrk, type WrkResult } from './wrk.ts';

/** Views by id and the guest page do not depend on the collection's size: a light seed. */
const SEED = { BENCH_ITEMS: '10000', BENCH_CHUNK: '5000' };
const CONNECTIONS = 32;

export interface ScaleCase {
  endpoint: 'guest' | 'view' | 'viewCold';
  instances: 1 | 2;
  /** Which: the bench server (A), the second instance (B), or both. */
  instance?: 'A' | 'B' | 'A + B';
  requestsPerSec: number;
  /** req/s of each instance's wrk. */
  perInstance: number[];
  /** The instances' CPU (user + system) per request, µs. */
  serverCpuUsPerReq: number;
  /** BENCH_DB=pg: the cluster's CPU per request, µs. */
  dbCpuUsPerReq?: number;
  /** The instances' and wrk's CPU over the run, in cores (1 = one core busy all the time). */
  serverCores: number;
  wrkCores: number;
  dbCores?: number;
  p99Ms: number;
  errors: number;
}

export interface ScaleResult {
  database: 'sqlite' | 'pg';
  seconds: number;
  connections: number;
  cpus: number;
  loadBefore: number[];
  loadAfter: number[];
  cases: ScaleCase[];
  /** Two instances' req/s over one's, per endpoint. */
  speedup: { guest: number; view: number; viewCold: number };
  /** Rows and bytes per table after the seed (the guest venue's own tables among them). */
  dbSize: DbSize | null;
}

export interface DbSize {
  engine: 'sqlite' | 'pg';
  tables: { name: string; rows: number; bytes: number; dataBytes: number }[];
}

const cpuOf = async (base: string): Promise<number> => {
  const res = await fetch(`${base}/__bench/cpu`, { signal: AbortSignal.timeout(10_000) });
  const cpu = (await res.json()) as { user: number; system: number };
  return cpu.user + cpu.system;
};

function startPeer(env: Record<string, string>): { child: ChildProcess; port: Promise<number> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench/bus-peer.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = new Promise<number>((resolve, reject) => {
    child.on('message', (m) => resolve((m as { port: number }).port));
    child.on('exit', (code) => reject(new Error(`the second instance exited (${code})`)));
  });
  return { child, port };
}

async function measure(opts: {
  endpoint: ScaleCase['endpoint'];
  bases: string[];
  path: string;
  headers?: Record<string, string>;
  seconds: number;
  warmup: number;
  dbCpuUs?: () => number;
}): Promise<ScaleCase> {
  const { bases } = opts;
  const connections = Math.floor(CONNECTIONS / bases.length);
  const wrk = (base: string, seconds: number) =>
    runWrk({ url: base + opts.path, threads: 1, connections, seconds, headers: opts.headers, measureCpu: true });
  for (const base of bases) {
    const res = await fetch(base + opts.path, { headers: opts.headers, signal: AbortSignal.timeout(10_000) });
    if (res.status !== 200) throw new Error(`${base}${opts.path}: status ${res.status}`);
  }
  if (opts.warmup > 0) await Promise.all(bases.map((b) => wrk(b, opts.warmup)));
  const before = await Promise.all(bases.map(cpuOf));
  const dbBefore = opts.dbCpuUs?.();
  const runs: WrkResult[] = await Promise.all(bases.map((b) => wrk(b, opts.seconds)));
  const dbAfter = opts.dbCpuUs?.();
  const after = await Promise.all(bases.map(cpuOf));
  const requests = runs.reduce((a, r) => a + r.requests, 0);
  const serverUs = after.reduce((a, x, i) => a + x - (before[i] as number), 0);
  const dbUs = dbBefore !== undefined && dbAfter !== undefined ? dbAfter - dbBefore : undefined;
  const duration = Math.max(...runs.map((r) => r.durationSec));
  return {
    endpoint: opts.endpoint,
    instances: bases.length as 1 | 2,
    requestsPerSec: runs.reduce((a, r) => a + r.requestsPerSec, 0),
    perInstance: runs.map((r) => r.requestsPerSec),
    serverCpuUsPerReq: requests ? serverUs / requests : 0,
    ...(dbUs !== undefined ? { dbCpuUsPerReq: requests ? dbUs / requests : 0, dbCores: dbUs / 1e6 / duration } : {}),
    serverCores: serverUs / 1e6 / duration,
    wrkCores: runs.reduce((a, r) => a + (r.cpuUs ?? Number.NaN), 0) / 1e6 / duration,
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    errors: runs.reduce((a, r) => a + r.non2xx + r.socketErrors, 0),
  };
}

/** Runs the scale part; `env` selects the database of the server children (DB=pg and the cluster). */
export async function runScale(opts: {
  seconds: number;
  warmup: number;
  env: Record<string, string>;
  dbCpuUs?: () => number;
  onProgress: (text: string) => void;
}): Promise<ScaleResult> {
  const loadBefore = os.loadavg();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-scale-bench-'));
  const dataDir = path.join(dir, 'data');
  const server = new ServerProcess();
  realtimeServers.add(server);
  let peer: ChildProcess | null = null;
  try {
    const info = await server.start({
      timeoutMs: 600_000,
      env: { ...opts.env, ...SEED, BENCH_DATA_DIR: dataDir },
      onProgress: opts.onProgress,
    });
    const started = startPeer({
      ...opts.env,
      BENCH_DATA_DIR: dataDir,
      ...(info.databaseUrl ? { DATABASE_URL: info.databaseUrl } : {}),
    });
    peer = started.child;
    const peerPort = await started.port;
    const a = `http://127.0.0.1:${info.port}`;
    const b = `http://127.0.0.1:${peerPort}`;
    const dbSize = await fetch(`${a}/__bench/db-size`, { signal: AbortSignal.timeout(60_000) })
      .then((r) => (r.ok ? (r.json() as Promise<DbSize>) : null))
      .catch(() => null);
    const endpoints = [
      { endpoint: 'guest' as const, path: info.guest.path, headers: { 'Accept-Encoding': 'br' } },
      { endpoint: 'view' as const, path: `/api/collections/bench_items/records/${info.itemId}` },
      // Every request a cold row cache (as after a write): the database read, on a database
      // sharing the instances' two cores.
      { endpoint: 'viewCold' as const, path: `/__bench/cold/api/collections/bench_items/records/${info.itemId}` },
    ];
    const cases: ScaleCase[] = [];
    for (const e of endpoints) {
      // The second instance alone too: both must serve alike for the sum to mean anything.
      for (const [name, bases] of [
        ['A', [a]],
        ['B', [b]],
        ['A + B', [a, b]],
      ] as const) {
        opts.onProgress(`${e.endpoint} on ${name} (load ${os.loadavg()[0]?.toFixed(2)})…`);
        const c = await measure({ ...e, bases: [...bases], seconds: opts.seconds, warmup: opts.warmup, dbCpuUs: opts.dbCpuUs });
        cases.push({ ...c, instance: name });
        opts.onProgress(`→ ${c.requestsPerSec.toFixed(0)} req/s (${c.perInstance.map((x) => x.toFixed(0)).join(' + ')})`);
      }
    }
    // One instance: the bench server's own rate (A), as a deployment grows from it.
    const rate = (endpoint: string, n: number) =>
      cases.find((c) => c.endpoint === endpoint && c.instance === (n === 1 ? 'A' : 'A + B'))?.requestsPerSec ?? 0;
    const ratio = (endpoint: string) => (rate(endpoint, 1) ? rate(endpoint, 2) / rate(endpoint, 1) : 0);
    return {
      database: opts.env.DB === 'pg' ? 'pg' : 'sqlite',
      seconds: opts.seconds,
      connections: CONNECTIONS,
      cpus: os.cpus().length,
      loadBefore,
      loadAfter: os.loadavg(),
      cases,
      speedup: { guest: ratio('guest'), view: ratio('view'), viewCold: ratio('viewCold') },
      dbSize,
    };
  } finally {
    (peer as ChildProcess | null)?.kill('SIGTERM');
    await server.stop();
    realtimeServers.delete(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const LABEL = {
  guest: 'guest page, 100 items (cached, br)',
  view: 'view by id (row cache)',
  viewCold: 'view by id, cold row cache',
} as const;

export function scaleTargets(r: ScaleResult): TargetResult[] {
  return (['guest', 'view', 'viewCold'] as const).map((e) =>
    checkTarget(
      {
        label: `two instances ≥ 1.6× one (${LABEL[e]}, ${r.database})`,
        scenario: `scale-${e}`,
        min: 1.6,
        unit: 'times',
      },
      r.cases.some((c) => c.endpoint === e && c.errors) ? null : r.speedup[e],
    ),
  );
}

/** The scale table as markdown rows (to paste into the README), with the machine's load. */
export function formatScale(r: ScaleResult): string {
  const load = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  const rows = r.cases.map((c) => {
    const one = r.cases.find((x) => x.endpoint === c.endpoint && x.instance === 'A')?.requestsPerSec ?? 0;
    return [
      LABEL[c.endpoint],
      c.instances === 1 ? `${c.instance} (wrk -t1 -c${r.connections})` : `A + B (2 × wrk -t1 -c${r.connections / 2})`,
      c.requestsPerSec.toFixed(0) + (c.instances === 2 ? ` (${c.perInstance.map((x) => x.toFixed(0)).join(' + ')})` : ''),
      c.instances === 2 && one ? `${(c.requestsPerSec / one).toFixed(2)}×` : '',
      c.serverCpuUsPerReq.toFixed(0),
      ...(r.database === 'pg' ? [c.dbCpuUsPerReq === undefined ? 'n/a' : c.dbCpuUsPerReq.toFixed(0)] : []),
      c.serverCores.toFixed(2),
      ...(r.database === 'pg' ? [c.dbCores === undefined ? 'n/a' : c.dbCores.toFixed(2)] : []),
      c.wrkCores.toFixed(2),
      `${c.p99Ms.toFixed(1)} ms`,
      String(c.errors),
    ];
  });
  const header = [
    'scale',
    'instances',
    'req/s',
    'vs one',
    'server CPU µs/req',
    ...(r.database === 'pg' ? ['DB CPU µs/req'] : []),
    'server cores',
    ...(r.database === 'pg' ? ['DB cores'] : []),
    'wrk cores',
    'p99',
    'errors',
  ];
  const lines = [
    `scale on ${r.database === 'pg' ? 'PostgreSQL' : 'SQLite'} (${r.cpus} CPUs, ${r.seconds}s per run; load average ${load(r.loadBefore)} before, ${load(r.loadAfter)} after):`,
    `| ${header.join(' | ')} |`,
    `| --- | --- | ${header
      .slice(2)
      .map(() => '---:')
      .join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
  if (r.dbSize) {
    const used = r.dbSize.tables.filter((t) => t.rows > 0);
    lines.push(
      `database after the seed (${r.dbSize.engine}; bytes = table + indexes, data = the rows' own bytes):`,
      ...used.map((t) => `  ${t.name}: ${t.rows} rows, ${t.bytes} bytes, data ${t.dataBytes} bytes`),
    );
  }
  return lines.join('\n');
}
