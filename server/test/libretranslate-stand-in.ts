import { JsonStandIn, type JsonRequest, type SendJson } from './json-stand-in.ts';
import { fakeTranslate } from './fake-dictionary.ts';

/**
 * A LibreTranslate server without the models: `POST /translate` and `GET /languages` with the
 * request checks and answers of LibreTranslate's app.py. With `apiKeys`, a wrong key gets 403
 * "Invalid API key" and a missing one 400 "Please contact the server operator to get an API key";
 * `q` is a string or an array (the answer's `translatedText` has the same shape); an unknown
 * language gets 400 "<code> is not supported"; `slowDown` answers 429 as its rate limiter does.
 * `hang` accepts the connection and never answers.
 */

const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pt', 'pl', 'cs', 'sv', 'da', 'hu', 'el'];

export class LibreTranslateStandIn extends JsonStandIn {
  slowDown = false;

  /** `apiKeys`: the server runs with `--api-keys` and knows these. */
  constructor(private readonly options: { apiKeys?: string[] } = {}) {
    super();
  }

  override reset(): void {
    super.reset();
    this.slowDown = false;
  }

  protected respond(req: JsonRequest, url: URL, send: SendJson): void {
    const { body } = req;
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
