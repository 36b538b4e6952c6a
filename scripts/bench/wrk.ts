import { spawn, type ChildProcess } from 'node:child_process';

export interface WrkOptions {
  url: string;
  seconds: number;
  threads: number;
  connections: number;
  /** A Lua script file (e.g. for POST bodies). */
  script?: string;
  headers?: Record<string, string>;
  /** Arguments for the script's `init(args)` (passed after `--`). */
  scriptArgs?: string[];
  /** Also measure wrk's own CPU time (run under bash, whose `times` reports it after wrk exits). */
  measureCpu?: boolean;
}

export interface WrkResult {
  requests: number;
  durationSec: number;
  requestsPerSec: number;
  /** Latency percentiles in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  socketErrors: number;
  /** wrk's own CPU (user + system), µs, with `measureCpu`. */
  cpuUs?: number;
  raw: string;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "1.23ms" → 1.23; "850.00us" → 0.85. */
export function parseDurationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!m) throw new Error(`Unparsable wrk duration: ${text}`);
  return Number(m[1]) * (UNIT_MS[m[2] as string] as number);
}

function match(raw: string, re: RegExp, what: string): string {
  const m = re.exec(raw);
  if (!m?.[1]) throw new Error(`wrk output has no ${what}:\n${raw}`);
  return m[1];
}

/** Parses the text wrk prints with `--latency`. */
export function parseWrkOutput(raw: string): WrkResult {
  const requestsLine = /(\d+) requests in ([\d.]+\w+),/.exec(raw);
  if (!requestsLine) throw new Error(`wrk output has no request count:\n${raw}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(raw);
  return {
    requests: Number(requestsLine[1]),
    durationSec: parseDurationMs(requestsLine[2] as string) / 1000,
    requestsPerSec: Number(match(raw, /Requests\/sec:\s+([\d.]+)/, 'Requests/sec')),
    p50Ms: parseDurationMs(match(raw, /^\s+50%\s+(\S+)/m, 'p50')),
    p99Ms: parseDurationMs(match(raw, /^\s+99%\s+(\S+)/m, 'p99')),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(raw)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    raw,
  };
}

const running = new Set<ChildProcess>();

/** Kills a wrk, and with `measureCpu` the bash around it too (its own process group). */
function kill(child: ChildProcess): void {
  try {
    if (child.pid && child.spawnargs[0] === 'bash') process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Kills any wrk still running (for the runner's cleanup). */
export function killWrk(): void {
  for (const child of running) kill(child);
}

/** bash's `times` output, "0m0.00s 0m0.00s" for the shell then its children: the children's user + system, µs. */
export function parseTimes(stderr: string): number | undefined {
  const lines = stderr.trim().split('\n').slice(-2);
  const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(lines[1]?.trim() ?? '');
  if (!m) return undefined;
  return ((Number(m[1]) + Number(m[3])) * 60 + Number(m[2]) + Number(m[4])) * 1e6;
}

/** Runs wrk once; killed (and rejected) if it overruns its duration by more than 15 s. */
export function runWrk(opts: WrkOptions): Promise<WrkResult> {
  const args = [`-t${opts.threads}`, `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '5s', '--latency'];
  if (opts.script) args.push('-s', opts.script);
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(opts.url);
  if (opts.scriptArgs?.length) args.push('--', ...opts.scriptArgs);
  return new Promise((resolve, reject) => {
    const wrk = process.env.WRK ?? 'wrk';
    const child = opts.measureCpu
      ? spawn('bash', ['-c', '"$0" "$@"; rc=$?; times >&2; exit $rc', wrk, ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
      : spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    const timer = setTimeout(() => kill(child), (opts.seconds + 15) * 1000);
    child.on('error', (e) => {
      clearTimeout(timer);
      running.delete(child);
      reject(new Error(`Cannot run wrk (${e.message}); install it (apt-get install wrk) or set WRK=/path/to/wrk`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (code !== 0) return reject(new Error(`wrk exited with ${signal ?? code}: ${err || out}`));
      try {
        resolve({ ...parseWrkOutput(out), ...(opts.measureCpu ? { cpuUs: parseTimes(err) } : {}) });
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}
