import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeTranslate } from './fake-dictionary.ts';

/**
 * A LibreTranslate server without the models: `POST /translate` and `GET /languages` with the
 * request checks and answers of LibreTranslate's app.py. With `apiKeys`, a wrong key gets 403
 * "Invalid API key" and a missing one 400 "Please contact the server operator to get an API key";
 * `q` is a string or an array (the answer's `translatedText` has the same shape); an unknown
 * language gets 400 "<code> is not supported"; `slowDown` answers 429 as its rate limiter does.
 * `hang` accepts the connection and never answers.
 */
export interface LibreRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pt', 'pl', 'cs', 'sv', 'da', 'hu', 'el'];

export class LibreTranslateStandIn {
  readonly requests: LibreRequest[] = [];
  slowDown = false;
  hang = false;
  port = 0;
  private readonly server = http.createServer((req, res) => {
    void this.handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(err) }));
    });
  });

  /** `apiKeys`: the server runs with `--api-keys` and knows these. */
  constructor(private readonly options: { apiKeys?: string[] } = {}) {}

  /** The value for `LIBRETRANSLATE_URL`. */
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
    this.slowDown = false;
    this.hang = false;
  }

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
    this.requests.push({ method: req.method ?? '', path: url.pathname, body });
    if (this.hang) return;
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };

    if (req.method === 'GET' && url.pathname === '/languages')
      return send(
        200,
        LANGUAGES.map((code) => ({ code, name: code, targets: LANGUAGES.filter((l) => l !== code) })),
      );
    if (req.method !== 'POST' || url.pathname !== '/translate') return send(404, { error: 'Not Found' });
    if (!String(req.headers['content-type']).startsWith('application/json') || !body || Array.isArray(body))
      return send(400, { error: 'Invalid JSON format' });

    if (this.options.apiKeys) {
      const key = body.api_key;
      if (key && !this.options.apiKeys.includes(String(key))) return send(403, { error: 'Invalid API key' });
      if (!key) return send(400, { error: 'Please contact the server operator to get an API key' });
    }
    if (this.slowDown) return send(429, { error: 'Slowdown: 1 per 1 minute' });

    const { q, source, target, format } = body;
    if (!q) return send(400, { error: 'Invalid request: missing q parameter' });
    if (!source) return send(400, { error: 'Invalid request: missing source parameter' });
    if (!target) return send(400, { error: 'Invalid request: missing target parameter' });
    if (!LANGUAGES.includes(String(source))) return send(400, { error: `${String(source)} is not supported` });
    if (!LANGUAGES.includes(String(target))) return send(400, { error: `${String(target)} is not supported` });
    if (format !== undefined && format !== 'text' && format !== 'html')
      return send(400, { error: `${String(format)} format is not supported` });
    if (Array.isArray(q)) return send(200, { translatedText: q.map((t) => fakeTranslate(String(t), String(target))) });
    return send(200, { translatedText: fakeTranslate(String(q), String(target)) });
  }
}
