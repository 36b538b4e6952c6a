/**
 * The load generator's pieces for talking to the bench server: a raw SSE stream
 * (`GET /api/realtime`), subscribing it, and the `/__bench/*` helper routes. Used by
 * scripts/bench/sse-clients.ts and mixed-load.ts; 127.0.0.1 only.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { request, requestJson, sleep } from './http-client.ts';
import type { HubSnapshot, LoadMessage } from './protocol.ts';

export type EventHandler = (client: SseClient, event: string, data: string) => void;

/** One raw SSE stream: parses frames itself and keeps nothing but its id and a round marker. */
export class SseClient {
  id = '';
  /** The last fan-out round this client received (see runFanout). */
  round = 0;
  private req: http.ClientRequest | null = null;
  private buffer = '';
  private connected: ((id: string) => void) | null = null;
  private closing = false;

  /** `onDrop`: the server ended the stream after PB_CONNECT (not called after `close()`). */
  constructor(
    private readonly port: number,
    private readonly onEvent: EventHandler,
    private readonly onDrop?: (client: SseClient) => void,
  ) {}

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
      const req = http.get(
        { host: '127.0.0.1', port: this.port, path: '/api/realtime', agent: false, headers: { Accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            fail(new Error(`GET /api/realtime: status ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => this.feed(chunk));
          res.on('close', () => {
            if (settled && !this.closing) this.onDrop?.(this);
            fail(new Error('stream closed before PB_CONNECT'));
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', fail);
      this.req = req;
    });
  }

  close(): void {
    this.closing = true;
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

/** Sends a message to the runner (stdout when run by hand), then calls `then`. */
export function send(message: LoadMessage, then?: () => void): void {
  if (process.send && process.connected) process.send(message, undefined, undefined, () => then?.());
  else {
    console.log(JSON.stringify(message));
    then?.();
  }
}

export const progress = (text: string) => send({ type: 'progress', text });

/** `GET /__bench/hub` (with `gc`: after two full collections). */
export const hub = (port: number, gc: boolean) => requestJson<HubSnapshot>(port, 'GET', `/__bench/hub${gc ? '?gc=1' : ''}`);

/** Sets a stream's subscriptions (`POST /api/realtime`); rejects unless the server answers 204. */
export async function subscribe(
  port: number,
  client: SseClient,
  topics: string | string[],
  opts: { token?: string; agent?: http.Agent } = {},
): Promise<void> {
  const res = await request(port, 'POST', '/api/realtime', {
    body: { clientId: client.id, subscriptions: Array.isArray(topics) ? topics : [topics] },
    headers: opts.token ? { Authorization: opts.token } : {},
    agent: opts.agent,
  });
  if (res.status !== 204) throw new Error(`POST /api/realtime: status ${res.status} ${res.body.slice(0, 300)}`);
}

/** One update of the collection's bench record through the engine (an event for every subscriber). */
export const trigger = (port: number, collection: string) =>
  requestJson<unknown>(port, 'POST', `/__bench/update-item?collection=${encodeURIComponent(collection)}`);

/** Polls the hub until it holds at most `size` clients (or `timeoutMs` passed); returns the last snapshot. */
export async function waitForHubSize(port: number, size: number, timeoutMs: number): Promise<HubSnapshot> {
  const deadline = performance.now() + timeoutMs;
  let snap = await hub(port, false);
  while (snap.size > size && performance.now() < deadline) {
    await sleep(100);
    snap = await hub(port, false);
  }
  return snap;
}
