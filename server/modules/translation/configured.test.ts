import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DeepLStandIn } from '../../test/deepl-stand-in.ts';
import { LibreTranslateStandIn } from '../../test/libretranslate-stand-in.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { configuredTranslator } from './configured.ts';

const deepl = new DeepLStandIn('configured-deepl-key');
const libre = new LibreTranslateStandIn({ apiKeys: ['configured-libre-key'] });
const DEEPL_ENV = { DEEPL_API_KEY: deepl.apiKey, DEEPL_API_URL: 'http://127.0.0.1:1' };
const LIBRE_ENV = { LIBRETRANSLATE_URL: 'http://127.0.0.1:1', LIBRETRANSLATE_API_KEY: 'configured-libre-key' };

beforeAll(() => Promise.all([deepl.start(), libre.start()]));
afterAll(() => Promise.all([deepl.stop(), libre.stop()]));

describe('configuredTranslator', () => {
  it('is null without a provider, DeepL when both are set, else the one configured', () => {
    expect(configuredTranslator(loadConfig({}))).toBeNull();
    expect(configuredTranslator(loadConfig({ ...DEEPL_ENV, ...LIBRE_ENV }))?.name).toBe('deepl');
    expect(configuredTranslator(loadConfig(DEEPL_ENV))?.name).toBe('deepl');
    expect(configuredTranslator(loadConfig(LIBRE_ENV))?.name).toBe('libretranslate');
  });

  it('reaches the configured endpoint with the configured key', async () => {
    const viaDeepL = configuredTranslator(loadConfig({ DEEPL_API_KEY: deepl.apiKey, DEEPL_API_URL: `${deepl.url}/` }));
    expect(await viaDeepL?.translate(['Soup'], 'en', 'de')).toEqual(['Suppe']);
    const viaLibre = configuredTranslator(loadConfig({ LIBRETRANSLATE_URL: libre.url, LIBRETRANSLATE_API_KEY: 'configured-libre-key' }));
    expect(await viaLibre?.translate(['Soup'], 'en', 'fr')).toEqual(['Soupe']);
  });

  it('refuses an invalid URL at boot, naming the variable', () => {
    expect(() => loadConfig({ LIBRETRANSLATE_URL: 'not a url' })).toThrow(/LIBRETRANSLATE_URL/);
    expect(() => loadConfig({ DEEPL_API_URL: 'nope' })).toThrow(/DEEPL_API_URL/);
  });
});

describe('/api/app-config', () => {
  it.each([
    [{}, null],
    [LIBRE_ENV, 'libretranslate'],
    [{ ...DEEPL_ENV, ...LIBRE_ENV }, 'deepl'],
  ])('names the provider (%o → %s) and never a key or URL', async (env, expected) => {
    const t = await buildTestApp({ env });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/app-config' });
      expect(res.json()).toMatchObject({ machineTranslation: expected });
      expect(res.body).not.toContain('configured-');
      expect(res.body).not.toContain('127.0.0.1:1');
    } finally {
      await t.close();
    }
  });
});
