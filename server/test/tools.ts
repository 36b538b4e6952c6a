import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Whether this is a CI run (`CI=true`): there every suite must run. */
export function isCI(): boolean {
  const ci = process.env.CI ?? '';
  return ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * Why a command-line tool a test needs is missing (null when it is on the PATH). Under CI a missing
 * tool fails the run instead: `.ci/run` installs every one.
 */
export function toolMissing(tool: string): string | null {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0) return null;
  const why = `${tool} is not installed (apt-get install ${tool}).`;
  if (isCI()) throw new Error(`${why} Under CI every suite must run (.ci/run installs it).`);
  return why;
}

/**
 * The ports the kernel hands out for `listen(0)` and outgoing connections (Linux's
 * ip_local_port_range; 32768–60999 by default).
 */
function ephemeralRange(): [number, number] {
  try {
    const [low = NaN, high = NaN] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low > 2048) return [low, high];
  } catch {
    // Not Linux: fall back to Linux's default range.
  }
  return [32768, 60999];
}

/** Ports freePort has returned in this process. */
const handedOut = new Set<number>();

/** Whether `port` can be listened on, on every interface, right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port free right now, for a child process to listen on later. It is chosen below the
 * kernel's ephemeral range: a port from `listen(0)` is ephemeral, so between this check and the
 * child's bind any server started with port 0 (the test's own servers, PostgreSQL's clients) or
 * any outgoing connection could take it, and Caddy then failed with "address already in use".
 * Below the range only another explicit bind can, and the random pick makes that unlikely.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 20_000;
  const high = Math.max(low + 1_000, ephemeralLow) - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    // (Two calls before either child binds must not get the same port.)
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free TCP port in ${low}–${high} after 50 tries`);
}
