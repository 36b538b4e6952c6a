import { z } from 'zod';
import { splitTerms } from './glossary.ts';
import {
  DEFAULT_TIMEOUT_MS,
  providerFetch,
  translateNonEmpty,
  TranslationError,
  type MachineTranslator,
  type TranslateOptions,
} from './translator.ts';

/**
 * LibreTranslate (https://libretranslate.com/docs, self-hostable): `POST {url}/translate` with
 * JSON `{ q: [...], source, target, format: "text", api_key? }` → `{ translatedText: [...] }`.
 * It has no "do not translate" markup for plain text, so glossary terms are swapped for numbered
 * placeholders before sending and put back afterwards.
 */
export interface LibreTranslateOptions {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
}

/** Servers may cap the texts per request (`--batch-limit`); small batches stay under common limits. */
const MAX_TEXTS = 25;

/** LibreTranslate's codes carry no region (`en`, `pt`). */
export function libreLang(lang: string): string {
  return (lang.split('-')[0] ?? lang).toLowerCase();
}

const placeholder = (i: number) => `[[${i}]]`;
// Tolerant of the spaces a model may put inside the brackets.
const PLACEHOLDER = /\[\[\s*(\d+)\s*\]\]/g;

const zTranslateResponse = z.object({ translatedText: z.array(z.string()) });
const zLanguagesResponse = z.array(z.object({ code: z.string() }));
const zErrorBody = z.object({ error: z.string() }).partial();

export class LibreTranslateTranslator implements MachineTranslator {
  readonly name = 'libretranslate' as const;
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: LibreTranslateOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async translate(texts: string[], from: string, to: string, options: TranslateOptions = {}): Promise<string[]> {
    return translateNonEmpty(texts, MAX_TEXTS, async (batch) => {
      const terms: string[][] = [];
      const q = batch.map((text) => {
        const own: string[] = [];
        terms.push(own);
        return splitTerms(text, options.glossary)
          .map((span) => (span.term ? placeholder(own.push(span.text) - 1) : span.text))
          .join('');
      });
      const body = {
        q,
        source: libreLang(from),
        target: libreLang(to),
        format: 'text',
        ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}),
      };
      const res = await this.request('/translate', { method: 'POST', body: JSON.stringify(body) }, from, to);
      const parsed = zTranslateResponse.safeParse(await res.json().catch(() => null));
      if (!parsed.success || parsed.data.translatedText.length !== batch.length)
        throw new TranslationError(
          'libretranslate',
          'provider_error',
          'LibreTranslate sent an answer that could not be read. Try again later',
        );
      return parsed.data.translatedText.map((text, i) => text.replace(PLACEHOLDER, (m, n: string) => terms[i]?.[Number(n)] ?? m));
    });
  }

  async languages(): Promise<string[]> {
    const res = await this.request('/languages', { method: 'GET' });
    const parsed = zLanguagesResponse.safeParse(await res.json().catch(() => null));
    if (!parsed.success)
      throw new TranslationError(
        'libretranslate',
        'provider_error',
        'LibreTranslate sent an answer that could not be read. Try again later',
      );
    return parsed.data.map((l) => l.code);
  }

  private async request(path: string, init: RequestInit, from?: string, to?: string): Promise<Response> {
    const res = await providerFetch(
      'libretranslate',
      `${this.base}${path}`,
      { ...init, headers: { 'content-type': 'application/json' } },
      this.timeoutMs,
    );
    if (res.ok) return res;
    const detail = zErrorBody.safeParse(await res.json().catch(() => ({})));
    const message = detail.success ? (detail.data.error ?? '') : '';
    throw libreError(res.status, message, from, to);
  }
}

/**
 * LibreTranslate's statuses (its app.py): 403 "Invalid API key" or a ban after repeated limit
 * violations, 400 when a key is required but missing, or a language is not supported, 429 "Slowdown".
 */
function libreError(status: number, providerMessage: string, from?: string, to?: string): TranslationError {
  if (status === 403 && /api key/i.test(providerMessage))
    return new TranslationError(
      'libretranslate',
      'bad_key',
      'LibreTranslate refused the API key. Check the LibreTranslate key in the server configuration',
    );
  if (status === 400 && /api key/i.test(providerMessage))
    return new TranslationError(
      'libretranslate',
      'bad_key',
      'LibreTranslate requires an API key. Set the LibreTranslate key in the server configuration',
    );
  if (status === 429 || status === 403)
    return new TranslationError('libretranslate', 'rate_limited', 'LibreTranslate received too many requests. Try again in a minute');
  if (status === 400 && /not supported|not available/i.test(providerMessage))
    return new TranslationError(
      'libretranslate',
      'unsupported_language',
      `LibreTranslate cannot translate from "${from ?? ''}" into "${to ?? ''}"`,
    );
  return new TranslationError(
    'libretranslate',
    'provider_error',
    `LibreTranslate answered with an error (HTTP ${status}). Try again later`,
  );
}
