import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LibreTranslateStandIn } from '../../test/libretranslate-stand-in.ts';
import { LibreTranslateTranslator } from './libretranslate.ts';
import { TranslationError } from './translator.ts';

const KEY = 'secret-libre-key-456';
const libre = new LibreTranslateStandIn({ apiKeys: [KEY] });
const open = new LibreTranslateStandIn();
const translator = (apiKey: string | null = KEY) => new LibreTranslateTranslator({ url: libre.url, apiKey: apiKey ?? undefined });

async function failure(promise: Promise<unknown>, key: string): Promise<TranslationError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TranslationError);
  const e = err as TranslationError;
  expect(`${e.message} ${JSON.stringify(e.toJSON())} ${e.stack ?? ''}`).not.toContain(key);
  return e;
}

beforeAll(() => Promise.all([libre.start(), open.start()]));
afterAll(() => Promise.all([libre.stop(), open.stop()]));
beforeEach(() => {
  libre.reset();
  open.reset();
});

describe('LibreTranslate', () => {
  it('translates a batch in one request: q array, source, target, format text, api_key', async () => {
    const out = await translator().translate(['Chocolate soup', ' ', 'Coffee with cream'], 'en', 'de');
    expect(out).toEqual(['Schokolade Suppe', '', 'Kaffee mit Sahne']);
    expect(libre.requests).toHaveLength(1);
    expect(libre.requests[0]?.body).toEqual({
      q: ['Chocolate soup', 'Coffee with cream'],
      source: 'en',
      target: 'de',
      format: 'text',
      api_key: KEY,
    });
  });

  it('sends no api_key to a server without keys, and region-free language codes', async () => {
    const out = await new LibreTranslateTranslator({ url: `${open.url}/` }).translate(['Soup'], 'en-GB', 'pt-BR');
    expect(out).toEqual(['Sopa']);
    expect(open.requests[0]?.body).toEqual({ q: ['Soup'], source: 'en', target: 'pt', format: 'text' });
  });

  it('keeps glossary terms untranslated through placeholders restored afterwards', async () => {
    const out = await translator().translate(['Tiramisù with coffee, Tiramisù al caffè and cream', 'Soup'], 'en', 'de', {
      glossary: ['Tiramisù', 'Tiramisù al caffè'],
    });
    expect(out).toEqual(['Tiramisù mit Kaffee, Tiramisù al caffè und Sahne', 'Suppe']);
    expect(libre.requests[0]?.body?.q).toEqual(['[[0]] with coffee, [[1]] and cream', 'Soup']);
    // Without the glossary the stand-in's dictionary changes the term: the protection is what keeps it.
    expect(await translator().translate(['Tiramisù'], 'en', 'de')).toEqual(['Tiramisu']);
  });

  it('splits long batches and keeps the order', async () => {
    const texts = Array.from({ length: 60 }, (_, i) => `Soup ${i}`);
    expect(await translator().translate(texts, 'en', 'de')).toEqual(texts.map((_, i) => `Suppe ${i}`));
    expect(libre.requests.map((r) => (r.body?.q as string[]).length)).toEqual([25, 25, 10]);
  });

  it('lists its languages', async () => {
    expect(await translator().languages()).toEqual(expect.arrayContaining(['de', 'fr', 'pt']));
  });
});

describe('LibreTranslate errors', () => {
  it('a wrong key (403 "Invalid API key") and a missing key (400) are bad-key errors without the key', async () => {
    const wrong = 'wrong-libre-key-789';
    expect(await failure(translator(wrong).translate(['Soup'], 'en', 'de'), wrong)).toMatchObject({
      reason: 'bad_key',
      status: 502,
      message: expect.stringMatching(/refused the API key/),
    });
    expect(await failure(translator(null).translate(['Soup'], 'en', 'de'), KEY)).toMatchObject({
      reason: 'bad_key',
      message: expect.stringMatching(/requires an API key/),
    });
  });

  it('429 "Slowdown" is a rate-limit error', async () => {
    libre.slowDown = true;
    expect(await failure(translator().translate(['Soup'], 'en', 'de'), KEY)).toMatchObject({ reason: 'rate_limited', status: 429 });
  });

  it('an unsupported language is named', async () => {
    expect(await failure(translator().translate(['Soup'], 'en', 'ja'), KEY)).toMatchObject({
      reason: 'unsupported_language',
      status: 400,
      message: 'LibreTranslate cannot translate from "en" into "ja".',
    });
  });

  it('a server that does not answer in time is unreachable', async () => {
    libre.hang = true;
    const slow = new LibreTranslateTranslator({ url: libre.url, apiKey: KEY, timeoutMs: 150 });
    expect(await failure(slow.translate(['Soup'], 'en', 'de'), KEY)).toMatchObject({ reason: 'unreachable', status: 504 });
  });
});
