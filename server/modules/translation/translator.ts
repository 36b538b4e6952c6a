import { ApiError, fieldError } from '../../core/errors.ts';
import type { MachineTranslationErrorReason } from '../../../shared/api.ts';

/**
 * The provider layer of machine translation: one interface, one implementation per service
 * (DeepL, LibreTranslate). Machine output is only ever a draft a person confirms; this layer
 * knows nothing of how menu translations are stored.
 */
export type ProviderName = 'deepl' | 'libretranslate';

export interface TranslateOptions {
  /** Terms that must come back exactly as written (dish names such as "Tiramisù"). */
  glossary?: string[];
}

export interface MachineTranslator {
  readonly name: ProviderName;
  /** One translation per text, in order; `from`/`to` are our language codes (`en`, `de`, `pt-BR`). */
  translate(texts: string[], from: string, to: string, options?: TranslateOptions): Promise<string[]>;
  /** Target languages the provider offers, as our language codes. */
  languages?(): Promise<string[]>;
}

export type TranslationErrorReason = MachineTranslationErrorReason;

const STATUS: Record<TranslationErrorReason, number> = {
  bad_key: 502,
  rate_limited: 429,
  quota_exceeded: 429,
  unreachable: 504,
  unsupported_language: 400,
  provider_error: 502,
};

/**
 * A provider failure as the staff app shows it. Messages are written here, never copied from the
 * provider's answer or the request, so a key cannot end up in them.
 */
export class TranslationError extends ApiError {
  constructor(
    readonly provider: ProviderName,
    readonly reason: TranslationErrorReason,
    message: string,
  ) {
    // The reason rides along as a field-error code, so the staff app can say it in the user's language.
    super(STATUS[reason], message, { provider: { ...fieldError(reason, message), params: { provider: PROVIDER_LABELS[provider] } } });
  }
}

export const PROVIDER_LABELS: Record<ProviderName, string> = { deepl: 'DeepL', libretranslate: 'LibreTranslate' };

export const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * fetch with a time limit; a refused connection or a timeout becomes `unreachable`. The cause is
 * not passed on: undici's messages can carry the URL, which may hold credentials.
 */
export async function providerFetch(provider: ProviderName, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    throw new TranslationError(
      provider,
      'unreachable',
      timedOut
        ? `${PROVIDER_LABELS[provider]} did not answer within ${Math.round(timeoutMs / 1000)} seconds. Try again later`
        : `${PROVIDER_LABELS[provider]} cannot be reached. Check the provider's address and the server's network`,
    );
  }
}

/** Splits `items` into runs of at most `size` (providers cap the texts per request). */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Runs `send` over the non-empty texts only (providers refuse or bill empty strings) in chunks,
 * and puts the answers back in the original positions.
 */
export async function translateNonEmpty(
  texts: string[],
  chunkSize: number,
  send: (batch: string[]) => Promise<string[]>,
): Promise<string[]> {
  const out = texts.map(() => '');
  const todo = texts.flatMap((text, index) => (text.trim() ? [{ text, index }] : []));
  for (const batch of chunks(todo, chunkSize)) {
    const answers = await send(batch.map((t) => t.text));
    batch.forEach((t, i) => (out[t.index] = answers[i] ?? ''));
  }
  return out;
}
