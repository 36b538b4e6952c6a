import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeepLStandIn } from '../../test/deepl-stand-in.ts';
import { deeplBaseUrl, DeepLTranslator } from './deepl.ts';
import { TranslationError } from './translator.ts';

const deepl = new DeepLStandIn('secret-deepl-key-123:fx');
const translator = () => new DeepLTranslator({ apiKey: deepl.apiKey, apiUrl: deepl.url });

/** The error `promise` rejects with, checked to be a TranslationError that never shows `key`. */
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

beforeAll(() => deepl.start());
afterAll(() => deepl.stop());
beforeEach(() => deepl.reset());

describe('DeepL API v2', () => {
  it('translates a batch in one request with the auth header, JSON body and DeepL language codes', async () => {
    const out = await translator().translate(['Chocolate soup', '', 'Coffee with cream'], 'en', 'de');
    expect(out).toEqual(['Schokolade Suppe', '', 'Kaffee mit Sahne']);
    expect(deepl.requests).toHaveLength(1);
    const [req] = deepl.requests;
    expect(req?.headers.authorization).toBe(`DeepL-Auth-Key ${deepl.apiKey}`);
    // The empty text is not sent (DeepL bills and may refuse empty strings).
    expect(req?.body).toEqual({ text: ['Chocolate soup', 'Coffee with cream'], source_lang: 'EN', target_lang: 'DE' });
  });

  it('maps English and Portuguese targets to the variants DeepL requires', async () => {
    await translator().translate(['Suppe'], 'de', 'en');
    await translator().translate(['Suppe'], 'de', 'en-US');
    await translator().translate(['Soup'], 'en', 'pt');
    await translator().translate(['Soup'], 'en', 'pt-BR');
    await translator().translate(['Soup'], 'pt-BR', 'de');
    expect(deepl.requests.map((r) => [r.body?.source_lang, r.body?.target_lang])).toEqual([
      ['DE', 'EN-GB'],
      ['DE', 'EN-US'],
      ['EN', 'PT-PT'],
      ['EN', 'PT-BR'],
      ['PT', 'DE'],
    ]);
  });

  it('splits more than 50 texts into several requests and keeps the order', async () => {
    const texts = Array.from({ length: 120 }, (_, i) => `Soup ${i}`);
    const out = await translator().translate(texts, 'en', 'de');
    expect(out).toEqual(texts.map((_, i) => `Suppe ${i}`));
    expect(deepl.requests.map((r) => (r.body?.text as string[]).length)).toEqual([50, 50, 20]);
  });

  it('keeps glossary terms untranslated through XML tag handling, with markup characters intact', async () => {
    const out = await translator().translate(['Tiramisù with coffee & cream <3', 'Chocolate soup'], 'en', 'de', { glossary: ['Tiramisù'] });
    expect(out).toEqual(['Tiramisù mit Kaffee & Sahne <3', 'Schokolade Suppe']);
    expect(deepl.requests[0]?.body).toMatchObject({
      text: ['<x>Tiramisù</x> with coffee &amp; cream &lt;3', 'Chocolate soup'],
      tag_handling: 'xml',
      ignore_tags: ['x'],
    });
    // The same text without the glossary: the stand-in's dictionary does change the term.
    expect(await translator().translate(['Tiramisù with coffee'], 'en', 'de')).toEqual(['Tiramisu mit Kaffee']);
    expect(deepl.requests[1]?.body).not.toHaveProperty('tag_handling');
  });

  it('lists target languages as our codes', async () => {
    expect(await translator().languages()).toEqual(expect.arrayContaining(['de', 'en-GB', 'en-US', 'pt-BR']));
  });

  it('chooses the free endpoint for :fx keys unless a URL is set', () => {
    expect(deeplBaseUrl('abc:fx')).toBe('https://api-free.deepl.com');
    expect(deeplBaseUrl('abc')).toBe('https://api.deepl.com');
    expect(deeplBaseUrl('abc:fx', 'http://127.0.0.1:1/')).toBe('http://127.0.0.1:1');
  });
});

describe('DeepL errors', () => {
  it('a wrong key (403) is a bad-key error that does not show the key', async () => {
    const wrong = 'wrong-key-987:fx';
    const e = await failure(new DeepLTranslator({ apiKey: wrong, apiUrl: deepl.url }).translate(['Soup'], 'en', 'de'), wrong);
    expect(e).toMatchObject({ reason: 'bad_key', status: 502, provider: 'deepl' });
    expect(e.message).toMatch(/DeepL refused the API key/);
  });

  it.each([
    [429, 'rate_limited', /too many requests/i],
    [456, 'quota_exceeded', /quota is used up/i],
    [500, 'provider_error', /HTTP 500/],
  ])('HTTP %i becomes %s', async (status, reason, message) => {
    deepl.failWith = status;
    const e = await failure(translator().translate(['Soup'], 'en', 'de'), deepl.apiKey);
    expect(e.reason).toBe(reason);
    expect(e.message).toMatch(message);
  });

  it('an unsupported target or source language is named', async () => {
    const target = await failure(translator().translate(['Soup'], 'en', 'xx'), deepl.apiKey);
    expect(target).toMatchObject({ reason: 'unsupported_language', status: 400, message: 'DeepL cannot translate into "xx".' });
    const source = await failure(translator().translate(['Soup'], 'xx', 'de'), deepl.apiKey);
    expect(source).toMatchObject({ reason: 'unsupported_language', message: 'DeepL cannot translate from "xx".' });
  });

  it('a provider that does not answer in time is unreachable', async () => {
    deepl.hang = true;
    const slow = new DeepLTranslator({ apiKey: deepl.apiKey, apiUrl: deepl.url, timeoutMs: 150 });
    const e = await failure(slow.translate(['Soup'], 'en', 'de'), deepl.apiKey);
    expect(e).toMatchObject({ reason: 'unreachable', status: 504 });
    expect(e.message).toMatch(/did not answer/);
  });

  it('a refused connection is unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const e = await failure(
      new DeepLTranslator({ apiKey: 'k-123', apiUrl: `http://127.0.0.1:${port}` }).translate(['Soup'], 'en', 'de'),
      'k-123',
    );
    expect(e).toMatchObject({ reason: 'unreachable', message: expect.stringMatching(/cannot be reached/) });
  });
});
