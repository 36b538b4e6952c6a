/** The login line: `POST /api/collections/users/auth-with-password` under wrk, then unloaded. */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from './http-client.ts';
import { percentile, type LoginResult } from './report.ts';
import { ROOT } from './server-process.ts';
import { runWrk } from './wrk.ts';
import type { ReadyInfo } from './protocol.ts';

const LOGIN_SCRIPT = path.join(ROOT, 'scripts/bench/login.lua');
const LOGIN_PATH = '/api/collections/users/auth-with-password';
/** argon2id runs on libuv's 4 threads; a few connections saturate 2 cores without a deep queue. */
const CONNECTIONS = 8;
const SEQUENTIAL = 50;

async function login(port: number, info: ReadyInfo): Promise<number> {
  const started = performance.now();
  const res = await request(port, 'POST', LOGIN_PATH, { body: info.login, timeoutMs: 10_000 });
  const elapsed = performance.now() - started;
  if (res.status !== 200 || !(JSON.parse(res.body) as { token?: unknown }).token) {
    throw new Error(`login is broken: status ${res.status} ${res.body.slice(0, 300)}`);
  }
  return elapsed;
}

export async function runLoginBench(opts: {
  port: number;
  info: ReadyInfo;
  seconds: number;
  warmup: number;
  threads: number;
  serverCpuUs: () => Promise<number>;
}): Promise<LoginResult> {
  const { port, info } = opts;
  await login(port, info); // smoke test (and the first argon2 allocation)
  const wrk = {
    url: `http://127.0.0.1:${port}${LOGIN_PATH}`,
    threads: Math.min(opts.threads, CONNECTIONS),
    connections: CONNECTIONS,
    script: LOGIN_SCRIPT,
    scriptArgs: [info.login.identity, info.login.password],
  };
  if (opts.warmup > 0) await runWrk({ ...wrk, seconds: opts.warmup });
  const before = await opts.serverCpuUs();
  const result = await runWrk({ ...wrk, seconds: opts.seconds });
  const after = await opts.serverCpuUs();
  const { raw: _raw, ...numbers } = result;

  // Unloaded: one login at a time on an idle server (a few unmeasured first).
  for (let i = 0; i < 5; i++) await login(port, info);
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) times.push(await login(port, info));
  return {
    ...numbers,
    connections: CONNECTIONS,
    cpuMsPerLogin: result.requests ? (after - before) / result.requests / 1000 : 0,
    sequential: { count: SEQUENTIAL, p50Ms: percentile(times, 50), p90Ms: percentile(times, 90), maxMs: percentile(times, 100) },
  };
}
