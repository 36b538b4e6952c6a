/**
 * Realtime parts of the bench, driven from the runner: each case gets a fresh, lightly seeded
 * server child (so its memory deltas are not blurred by earlier cases) and a fresh load-generator
 * child (scripts/bench/sse-clients.ts) holding the SSE streams.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../server/test/postgres.ts';
import { BENCH } from './bench-collections.ts';
import { runLoad } from './load-process.ts';
import { ROOT, ServerProcess } from './server-process.ts';
import type { FanoutResult, FanoutVariant, MixedResult, ReadyInfo, SoakResult } from './protocol.ts';

/** The realtime server children need no big seed. */
const SMALL_SEED = { BENCH_ITEMS: '1000', BENCH_CHUNK: '1000' };
/** The mixed load lists with filters: enough rows that the index has work to do. */
const MIXED_SEED = { BENCH_ITEMS: '10000', BENCH_CHUNK: '5000' };
/** File descriptors beyond the streams (tsx, sqlite, IPC, keep-alive sockets…). */
const FD_MARGIN = 2_000;
/** Below this soft limit the children are started with a raised one, as far as the hard limit allows. */
const FD_WANTED = 25_000;
const FD_RAISE_TO = 65_536;

export interface FdPlan {
  soft: number;
  hard: number;
  /** The limit to set for the children (bash `ulimit -n`), or undefined to inherit `soft`. */
  raiseTo?: number;
  effective: number;
}

/** The open-files limit the children would inherit, and what can be done about it. */
export function planFds(): FdPlan {
  const parse = (s: string | undefined) => (s === undefined || s.trim() === 'unlimited' ? Number.POSITIVE_INFINITY : Number(s));
  let soft = Number.POSITIVE_INFINITY;
  let hard = Number.POSITIVE_INFINITY;
  try {
    const [s, h] = execFileSync('bash', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' }).trim().split('\n');
    soft = parse(s);
    hard = parse(h);
  } catch {
    // No bash: assume the limits are fine; a failing connect is then reported as errors.
  }
  if (soft >= FD_WANTED || hard <= soft) return { soft, hard, effective: soft };
  const raiseTo = Math.min(hard, FD_RAISE_TO);
  return { soft, hard, raiseTo, effective: raiseTo };
}

/** Whether `clients` streams fit in the limit (each of the two children holds one fd per stream). */
export const fdsFor = (plan: FdPlan, clients: number) => plan.effective >= clients + FD_MARGIN;

/** Started servers, for the runner's cleanup on exit or Ctrl-C. */
export const realtimeServers = new Set<ServerProcess>();

async function withServer<T>(
  fdLimit: number | undefined,
  onProgress: (text: string) => void,
  fn: (server: ServerProcess, info: ReadyInfo) => Promise<T>,
  seed: Record<string, string> = SMALL_SEED,
): Promise<T> {
  const server = new ServerProcess();
  realtimeServers.add(server);
  try {
    // BENCH_CPU_PROF=1: these servers write a .cpuprofile too (one per case).
    const cpuProfDir = process.env.BENCH_CPU_PROF ? path.join(ROOT, 'scripts/bench/results') : undefined;
    const info = await server.start({ timeoutMs: 120_000, env: seed, fdLimit, cpuProfDir, onProgress });
    return await fn(server, info);
  } finally {
    await server.stop();
    realtimeServers.delete(server);
  }
}

const TOPICS: Record<FanoutVariant, string> = { shared: BENCH.items, rules: BENCH.feed };

/** One fan-out case: N streams (guests on a public rule, or distinct users on an auth rule), `rounds` updates. */
export function runFanoutCase(opts: {
  clients: number;
  variant: FanoutVariant;
  rounds: number;
  fd: FdPlan;
  onProgress: (text: string) => void;
}): Promise<FanoutResult> {
  const { clients, variant } = opts;
  return withServer(opts.fd.raiseTo, opts.onProgress, async (server, { port }) => {
    let tokens: string[] | undefined;
    if (variant === 'rules') {
      opts.onProgress(`creating ${clients} users and their tokens…`);
      tokens = await server.request<string[]>({ op: 'makeUsers', count: clients }, 300_000);
    }
    const collection = TOPICS[variant];
    return runLoad<FanoutResult>(
      { type: 'fanout', port, variant, clients, topic: `${collection}/*`, collection, tokens, rounds: opts.rounds },
      { timeoutMs: 120_000 + clients * 30, fdLimit: opts.fd.raiseTo, onProgress: opts.onProgress },
    );
  });
}

/** The soak: `clients` workers connect, subscribe and disconnect in a loop for `seconds`. */
export function runSoak(opts: { clients: number; seconds: number; fd: FdPlan; onProgress: (text: string) => void }): Promise<SoakResult> {
  const warmupSeconds = Math.min(5, Math.max(1, Math.round(opts.seconds / 10)));
  return withServer(opts.fd.raiseTo, opts.onProgress, (_server, { port }) =>
    runLoad<SoakResult>(
      {
        type: 'soak',
        port,
        clients: opts.clients,
        seconds: opts.seconds,
        warmupSeconds,
        topic: `${BENCH.items}/*`,
        collection: BENCH.items,
        updateEveryMs: 250,
      },
      { timeoutMs: (warmupSeconds + opts.seconds + 90) * 1000, fdLimit: opts.fd.raiseTo, onProgress: opts.onProgress },
    ),
  );
}

/**
 * The mixed load ("under load"): `clients` simulated clients, each with an SSE stream, call the
 * API (reads, writes, an authenticated view) for `seconds` after a short warm-up.
 */
export function runMixedLoad(opts: {
  clients: number;
  seconds: number;
  thinkMs: number;
  fd: FdPlan;
  onProgress: (text: string) => void;
}): Promise<MixedResult> {
  const warmupSeconds = Math.min(10, Math.max(3, Math.round(opts.seconds / 6)));
  return withServer(
    opts.fd.raiseTo,
    opts.onProgress,
    (_server, info) =>
      runLoad<MixedResult>(
        {
          type: 'mixed',
          port: info.port,
          clients: opts.clients,
          seconds: opts.seconds,
          warmupSeconds,
          collection: BENCH.items,
          auth: { collection: BENCH.notes, recordId: info.noteId, token: info.memberToken },
          thinkMs: opts.thinkMs,
        },
        { timeoutMs: (warmupSeconds + opts.seconds + 120) * 1000, fdLimit: opts.fd.raiseTo, onProgress: opts.onProgress },
      ),
    MIXED_SEED,
  );
}

/**
 * The realtime bus across instances (BENCH_ONLY=bus): a throwaway PostgreSQL cluster, the bench
 * server (its SSE clients) and a peer instance (scripts/bench/bus-peer.ts) on one SQLite file and
 * one PgBus. Every update is made on the peer; the time until the last client of the bench server
 * has it is the cross-instance delivery. Then the same clients with updates on their own instance,
 * for comparison.
 */
export async function runBusCase(opts: {
  clients: number;
  rounds: number;
  fd: FdPlan;
  onProgress: (text: string) => void;
}): Promise<{ remote: FanoutResult; local: FanoutResult }> {
  const pgServer = await startPostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-bus-bench-'));
  const env = { BENCH_DATA_DIR: path.join(dir, 'data'), REALTIME_BUS_URL: pgServer.url };
  let peer: ChildProcess | null = null;
  try {
    return await withServer(
      opts.fd.raiseTo,
      opts.onProgress,
      async (_server, { port }) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench/bus-peer.ts')], {
          cwd: ROOT,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        peer = child;
        const peerPort = await new Promise<number>((resolve, reject) => {
          child.on('message', (m) => resolve((m as { port: number }).port));
          child.on('exit', (code) => reject(new Error(`the bus peer exited (${code})`)));
        });
        const task = { type: 'fanout' as const, port, variant: 'shared' as const, clients: opts.clients, rounds: opts.rounds };
        const common = { ...task, topic: `${BENCH.items}/*`, collection: BENCH.items };
        const timing = { timeoutMs: 120_000 + opts.clients * 30, fdLimit: opts.fd.raiseTo, onProgress: opts.onProgress };
        const remote = await runLoad<FanoutResult>({ ...common, triggerPort: peerPort }, timing);
        const local = await runLoad<FanoutResult>(common, timing);
        return { remote, local };
      },
      { ...SMALL_SEED, ...env },
    );
  } finally {
    (peer as ChildProcess | null)?.kill('SIGTERM');
    await pgServer.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
