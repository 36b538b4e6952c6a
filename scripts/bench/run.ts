/**
 * `npm run bench`: seeds a server child with 100k records, drives it with wrk and compares the
 * numbers with the performance targets; the results also go to scripts/bench/results/latest.json.
 *
 * Environment: BENCH_SECONDS (each wrk run, default 10; 2–3 for a quick run), BENCH_WARMUP
 * (unmeasured wrk run before each scenario, default 1 s), BENCH_ITEMS / BENCH_CHUNK (seed size
 * and rows per transaction, default 100000 / 5000), BENCH_CPU_PROF=1 (the server writes a
 * .cpuprofile into scripts/bench/results/ on exit), WRK (path of the wrk binary).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { evaluateTargets, formatScenarios, formatSeed, formatTargets, withRatios, type MeasuredScenario } from './report.ts';
import { ROOT, ServerProcess } from './server-process.ts';
import { killWrk, runWrk } from './wrk.ts';
import type { ReadyInfo } from './protocol.ts';

const SECONDS = seconds('BENCH_SECONDS', 10, 1);
const WARMUP = seconds('BENCH_WARMUP', 1, 0);
const THREADS = 2;
const CONNECTIONS = 32;
const RESULTS = path.join(ROOT, 'scripts/bench/results');
const POST_SCRIPT = path.join(ROOT, 'scripts/bench/post-item.lua');

function seconds(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > 120) throw new Error(`${name} must be a whole number of seconds in ${min}…120`);
  return n;
}

interface Scenario {
  key: string;
  label: string;
  path: string;
  method?: 'POST';
  headers?: Record<string, string>;
  /** Checks one response before the load run; returns a problem or null. */
  check: (status: number, body: Record<string, unknown>) => string | null;
}

const LIST_QUERY = `filter=${encodeURIComponent("category='c3' && price>100")}&sort=-price&perPage=30`;

function itemsOf(body: Record<string, unknown>): Array<Record<string, unknown>> {
  return Array.isArray(body.items) ? (body.items as Array<Record<string, unknown>>) : [];
}

const ok = (status: number, expected = 200) => (status === expected ? null : `status ${status}`);

function scenarios(info: ReadyInfo): Scenario[] {
  const list = `/api/collections/items/records?${LIST_QUERY}`;
  return [
    { key: 'empty', label: 'empty route (baseline)', path: '/__bench/empty', check: (s) => ok(s) },
    { key: 'health', label: 'GET /api/health', path: '/api/health', check: (s) => ok(s) },
    { key: 'view', label: 'view by id', path: `/api/collections/items/records/${info.itemId}`, check: (s, b) => ok(s) ?? (b.id === info.itemId ? null : 'wrong record') },
    {
      key: 'viewAuth',
      label: 'view by id (auth rule + token)',
      path: `/api/collections/notes/records/${info.noteId}`,
      headers: { Authorization: info.memberToken },
      check: (s, b) => ok(s) ?? (b.id === info.noteId ? null : 'wrong record'),
    },
    {
      key: 'list',
      label: 'list 30, filter+sort, skipTotal',
      path: `${list}&skipTotal=1`,
      check: (s, b) => ok(s) ?? (itemsOf(b).length === 30 && b.totalItems === -1 ? null : 'expected 30 items without totals'),
    },
    {
      key: 'listTotals',
      label: 'list 30, filter+sort, totals',
      path: list,
      check: (s, b) => ok(s) ?? (itemsOf(b).length === 30 && Number(b.totalItems) > 30 ? null : 'expected 30 items with totals'),
    },
    {
      key: 'listExpand',
      label: 'list 30, skipTotal, expand=owner',
      path: `${list}&skipTotal=1&expand=owner`,
      check: (s, b) => ok(s) ?? (itemsOf(b).length === 30 && itemsOf(b).every((i) => (i.expand as { owner?: unknown } | undefined)?.owner) ? null : 'expected 30 expanded items'),
    },
    { key: 'create', label: 'create (POST JSON)', path: '/api/collections/items/records', method: 'POST', check: (s, b) => ok(s) ?? (typeof b.id === 'string' ? null : 'no id') },
    { key: 'emptyEnd', label: 'empty route (again, drift check)', path: '/__bench/empty', check: (s) => ok(s) },
  ];
}

async function smokeTest(base: string, s: Scenario): Promise<void> {
  const res = await fetch(base + s.path, {
    method: s.method ?? 'GET',
    headers: { ...s.headers, ...(s.method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    body: s.method === 'POST' ? '{"name":"x","category":"c1","price":5}' : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  const problem = s.check(res.status, body);
  if (problem) throw new Error(`Scenario "${s.label}" (${s.path}) is broken: ${problem}\n${JSON.stringify(body).slice(0, 500)}`);
}

async function serverCpuUs(base: string): Promise<number> {
  const res = await fetch(`${base}/__bench/cpu`, { signal: AbortSignal.timeout(10_000) });
  const cpu = (await res.json()) as { user: number; system: number };
  return cpu.user + cpu.system;
}

async function runScenario(base: string, s: Scenario): Promise<MeasuredScenario> {
  await smokeTest(base, s);
  const opts = { url: base + s.path, threads: THREADS, connections: CONNECTIONS, script: s.method === 'POST' ? POST_SCRIPT : undefined, headers: s.headers };
  if (WARMUP > 0) await runWrk({ ...opts, seconds: WARMUP });
  const before = await serverCpuUs(base);
  const result = await runWrk({ ...opts, seconds: SECONDS });
  const after = await serverCpuUs(base);
  const { raw: _raw, ...numbers } = result;
  if (result.non2xx || result.socketErrors) {
    console.warn(`  ! ${s.label}: ${result.non2xx} non-2xx responses, ${result.socketErrors} socket errors`);
  }
  return {
    key: s.key,
    label: s.label,
    ...numbers,
    cpuUsPerReq: result.requests ? (after - before) / result.requests : 0,
  };
}

const server = new ServerProcess();
let interrupted = false;

async function cleanupAndExit(code: number): Promise<never> {
  killWrk();
  await server.stop();
  process.exit(interrupted ? 130 : code);
}

process.on('exit', () => {
  killWrk();
  server.killNow();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the bench server…`);
    void cleanupAndExit(130);
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`bench: wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s (warm-up ${WARMUP}s each), node ${process.version}, ${os.cpus().length} CPUs`);
  console.log('starting the server child…');
  const info = await server.start({
    timeoutMs: 180_000,
    cpuProfDir: process.env.BENCH_CPU_PROF ? RESULTS : undefined,
    onProgress: (text) => console.log(`  ${text}`),
  });
  console.log(formatSeed(info.seed));
  const base = `http://127.0.0.1:${info.port}`;

  const measured: MeasuredScenario[] = [];
  for (const s of scenarios(info)) {
    if (interrupted) return;
    process.stdout.write(`  ${s.label}… `);
    const r = await runScenario(base, s);
    measured.push(r);
    console.log(`${r.requestsPerSec.toFixed(0)} req/s`);
  }
  const results = withRatios(measured);
  const [first, last] = ['empty', 'emptyEnd'].map((k) => measured.find((m) => m.key === k)?.requestsPerSec ?? 0);
  const drift = first && last ? Math.abs(first - last) / Math.max(first, last) : 0;

  const targets = evaluateTargets(results, info.seed);
  console.log(`\n${formatScenarios(results)}\n\n${formatTargets(targets)}\n`);
  if (drift > 0.15) {
    console.log(`warning: the empty route ran at ${first?.toFixed(0)} then ${last?.toFixed(0)} req/s: the machine's load changed during the run.`);
  }
  if (os.cpus().length < 4) {
    console.log(`note: only ${os.cpus().length} CPUs; wrk and the server compete for them, so req/s ratios are indicative;`
      + ' "CPU vs empty" is the same ratio from server CPU per request, less sensitive to other load.');
  }

  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, 'latest.json');
  fs.writeFileSync(file, `${JSON.stringify({
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    wrk: { threads: THREADS, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP },
    seed: info.seed,
    scenarios: results,
    targets,
  }, null, 2)}\n`);
  console.log(`results written to ${path.relative(ROOT, file)} (${((Date.now() - started) / 1000).toFixed(0)}s in total)`);
}

main()
  .then(() => cleanupAndExit(0))
  .catch(async (err: unknown) => {
    if (!interrupted) console.error(err instanceof Error ? err.message : err);
    await cleanupAndExit(1);
  });
