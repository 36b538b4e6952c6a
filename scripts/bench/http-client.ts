/**
 * Minimal HTTP/1.1 client for the bench (node:http, keep-alive, 127.0.0.1 only): much lighter
 * than fetch when thousands of requests or streams are in flight.
 */
import http from 'node:http';

export interface Reply {
  status: number;
  body: string;
}

/** Keep-alive sockets for the short requests (subscribes, triggers, snapshots). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request to 127.0.0.1:port; rejects on network errors and after `timeoutMs`. `agent`: the
 * sockets to use instead of the shared pool (e.g. one keep-alive connection per simulated client).
 */
export function request(
  port: number,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number; agent?: http.Agent } = {},
): Promise<Reply> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: opts.agent ?? agent,
        headers: {
          ...opts.headers,
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
        },
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in ${opts.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** `request` that insists on a status and parses the JSON body (if any). */
export async function requestJson<T>(
  port: number,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number; expect?: number } = {},
): Promise<T> {
  const res = await request(port, method, path, opts);
  const expected = opts.expect ?? 200;
  if (res.status !== expected) throw new Error(`${method} ${path}: status ${res.status} (expected ${expected}) ${res.body.slice(0, 300)}`);
  return (res.body ? JSON.parse(res.body) : undefined) as T;
}

/** Closes the idle keep-alive sockets (so a process can end or be measured without them). */
export function closeIdleSockets(): void {
  agent.destroy();
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` over `items` with at most `concurrency` calls in flight. */
export async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i] as T, i);
    }
  });
  await Promise.all(workers);
}
