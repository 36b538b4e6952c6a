import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a stand-in received, with its JSON body (null when absent or not JSON). */
export interface JsonRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export type SendJson = (status: number, json: unknown) => void;

/**
 * What every JSON-over-HTTP stand-in of an outside service shares: a server on a free local
 * port, the request log, `hang` (accept and never answer, for timeouts) and the body read as
 * JSON. A subclass only says how the service answers (`respond`); an exception becomes a 500 so
 * that a broken stand-in shows up as the service failing, not as a hung test.
 */
export abstract class JsonStandIn {
  readonly requests: JsonRequest[] = [];
  /** Accept the connection and never answer (timeouts). */
  hang = false;
  port = 0;
  private readonly server = http.createServer((req, res) => {
    void this.handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(err) }));
    });
  });

  /** The base URL to give the app (e.g. `DEEPL_API_URL`). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(): void {
    this.requests.length = 0;
    this.hang = false;
  }

  protected abstract respond(request: JsonRequest, url: URL, send: SendJson): void;

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const request: JsonRequest = { method: req.method ?? '', path: url.pathname, headers: req.headers, body };
    this.requests.push(request);
    if (this.hang) return;
    this.respond(request, url, (status, json) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  }
}
