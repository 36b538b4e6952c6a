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
 * DeepL API v2 (https://developers.deepl.com/docs/api-reference/translate): `POST /v2/translate`,
 * `Authorization: DeepL-Auth-Key …`, JSON `{ text: [...], source_lang, target_lang }`.
 * Glossary terms travel inside `<x>` with `tag_handling: "xml"` and `ignore_tags: ["x"]`, which
 * DeepL leaves untouched while it translates (and moves) the sentence around them.
 */
export interface DeepLOptions {
  apiKey: string;
  /** Overrides the endpoint (tests, proxies); otherwise chosen by the key (free keys end in `:fx`). */
  apiUrl?: string;
  timeoutMs?: number;
}

/** DeepL accepts at most 50 texts per request. */
const MAX_TEXTS = 50;

export function deeplBaseUrl(apiKey: string, apiUrl?: string): string {
  if (apiUrl) return apiUrl.replace(/\/+$/, '');
  return apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
}

/** Source languages carry no variant in DeepL (`EN`, `PT`). */
export function deeplSourceLang(lang: string): string {
  return (lang.split('-')[0] ?? lang).toUpperCase();
}

/**
 * DeepL needs a variant for English and Portuguese targets. A bare `en` is British English and a
 * bare `pt` European Portuguese: this is a European menu product; `en-US` / `pt-BR` say otherwise.
 */
export function deeplTargetLang(lang: string): string {
  const [base = '', region] = lang.split('-');
  const b = base.toUpperCase();
  if (b === 'EN') return region === 'US' ? 'EN-US' : 'EN-GB';
  if (b === 'PT') return region === 'BR' ? 'PT-BR' : 'PT-PT';
  return b;
}

/** DeepL's language code (`EN-GB`, `DE`) as ours (`en-GB`, `de`). */
function fromDeepLCode(code: string): string {
  const [base = '', region] = code.split('-');
  return region ? `${base.toLowerCase()}-${region.toUpperCase()}` : base.toLowerCase();
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const zTranslateResponse = z.object({ translations: z.array(z.object({ text: z.string() })) });
const zLanguagesResponse = z.array(z.object({ language: z.string() }));
const zErrorBody = z.object({ message: z.string() }).partial();

export class DeepLTranslator implements MachineTranslator {
  readonly name = 'deepl' as const;
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: DeepLOptions) {
    this.base = deeplBaseUrl(options.apiKey, options.apiUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async translate(texts: string[], from: string, to: string, options: TranslateOptions = {}): Promise<string[]> {
    return translateNonEmpty(texts, MAX_TEXTS, async (batch) => {
      const spans = batch.map((text) => splitTerms(text, options.glossary));
      const xml = spans.some((s) => s.some((span) => span.term));
      // Without a term to protect, plain text: XML mode would change how DeepL splits sentences.
      const text = xml
        ? spans.map((s) => s.map((span) => (span.term ? `<x>${escapeXml(span.text)}</x>` : escapeXml(span.text))).join(''))
        : batch;
      const body = {
        text,
        source_lang: deeplSourceLang(from),
        target_lang: deeplTargetLang(to),
        ...(xml ? { tag_handling: 'xml', ignore_tags: ['x'] } : {}),
      };
      const res = await this.request('/v2/translate', { method: 'POST', body: JSON.stringify(body) }, from, to);
      const parsed = zTranslateResponse.safeParse(await res.json().catch(() => null));
      if (!parsed.success || parsed.data.translations.length !== batch.length)
        throw new TranslationError('deepl', 'provider_error', 'DeepL sent an answer that could not be read. Try again later');
      return parsed.data.translations.map((t) => (xml ? unescapeXml(t.text.replace(/<\/?x>/g, '')) : t.text));
    });
  }

  async languages(): Promise<string[]> {
    const res = await this.request('/v2/languages?type=target', { method: 'GET' });
    const parsed = zLanguagesResponse.safeParse(await res.json().catch(() => null));
    if (!parsed.success)
      throw new TranslationError('deepl', 'provider_error', 'DeepL sent an answer that could not be read. Try again later');
    return parsed.data.map((l) => fromDeepLCode(l.language));
  }

  private async request(path: string, init: RequestInit, from?: string, to?: string): Promise<Response> {
    const res = await providerFetch(
      'deepl',
      `${this.base}${path}`,
      {
        ...init,
        headers: { authorization: `DeepL-Auth-Key ${this.options.apiKey}`, 'content-type': 'application/json' },
      },
      this.timeoutMs,
    );
    if (res.ok) return res;
    const detail = zErrorBody.safeParse(await res.json().catch(() => ({})));
    const message = detail.success ? (detail.data.message ?? '') : '';
    throw deeplError(res.status, message, from, to);
  }
}

/** DeepL's documented statuses (https://developers.deepl.com/docs/best-practices/error-handling). */
function deeplError(status: number, providerMessage: string, from?: string, to?: string): TranslationError {
  if (status === 401 || status === 403)
    return new TranslationError('deepl', 'bad_key', 'DeepL refused the API key. Check the DeepL key in the server configuration');
  if (status === 429) return new TranslationError('deepl', 'rate_limited', 'DeepL received too many requests. Try again in a minute');
  if (status === 456)
    return new TranslationError(
      'deepl',
      'quota_exceeded',
      "The DeepL account's character quota is used up. Raise the quota or try again next billing period",
    );
  if (status === 400 && /source_lang/i.test(providerMessage))
    return new TranslationError('deepl', 'unsupported_language', `DeepL cannot translate from "${from ?? ''}"`);
  if (status === 400 && /target_lang/i.test(providerMessage))
    return new TranslationError('deepl', 'unsupported_language', `DeepL cannot translate into "${to ?? ''}"`);
  return new TranslationError('deepl', 'provider_error', `DeepL answered with an error (HTTP ${status}). Try again later`);
}
