import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { defaultSettings } from '../../ops/settings.ts';
import { DeepLStandIn } from '../../test/deepl-stand-in.ts';
import { LibreTranslateStandIn } from '../../test/libretranslate-stand-in.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { configuredTranslator as fromSettings } from './configured.ts';

/** The translator the environment alone configures (the settings' defaults). */
const configuredTranslator = (config: ReturnType<typeof loadConfig>) => fromSettings(defaultSettings(config).machineTranslation);

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

describe('machine translation in the settings', () => {
  it('a choice saved in the console wins over the environment, live in /api/app-config; keys are never returned', async () => {
    const t = await buildTestApp({ env: { ...DEEPL_ENV, SUPERUSER_EMAIL: 'root@example.com', SUPERUSER_PASSWORD: 'root-password-123' } });
    try {
      const auth = {
        authorization: (
          await t.app.inject({
            method: 'POST',
            url: '/api/collections/_superusers/auth-with-password',
            payload: { identity: 'root@example.com', password: 'root-password-123' },
          })
        ).json().token as string,
      };
      const appConfig = async () => (await t.app.inject({ method: 'GET', url: '/api/app-config' })).json().machineTranslation;
      const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: auth });
      expect(settings.json().machineTranslation).toEqual({
        provider: '',
        deeplApiKey: '',
        deeplApiUrl: 'http://127.0.0.1:1',
        libreTranslateUrl: '',
        libreTranslateApiKey: '',
      });
      expect(settings.body).not.toContain(deepl.apiKey);
      expect(await appConfig()).toBe('deepl');

      const saved = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: auth,
        payload: {
          machineTranslation: { provider: 'libretranslate', libreTranslateUrl: libre.url, libreTranslateApiKey: 'configured-libre-key' },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.body).not.toContain('configured-libre-key');
      expect(await appConfig()).toBe('libretranslate');
      // An empty key in a later save keeps the saved one (the console never sees it).
      await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: auth,
        payload: { machineTranslation: { libreTranslateApiKey: '' } },
      });
      const test = await t.app.inject({ method: 'POST', url: '/api/settings/test/translation', headers: auth, payload: {} });
      expect(test.json()).toEqual({ provider: 'libretranslate', text: 'Guten Morgen' });

      const off = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: auth,
        payload: { machineTranslation: { provider: 'off' } },
      });
      expect(off.statusCode).toBe(200);
      expect(await appConfig()).toBeNull();

      const bad = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: auth,
        payload: { machineTranslation: { provider: 'google', deeplApiUrl: 'not a url' } },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().data.machineTranslation).sort()).toEqual(['deeplApiUrl', 'provider']);
      const noKey = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: auth,
        payload: { machineTranslation: { provider: 'libretranslate', libreTranslateUrl: '' } },
      });
      expect(noKey.json().data.machineTranslation.libreTranslateUrl.code).toBe('validation_required');
    } finally {
      await t.close();
    }
  });

  it('"Test" translates with the unsaved values of the form and reports a bad key clearly, without it', async () => {
    const t = await buildTestApp({ env: { SUPERUSER_EMAIL: 'root@example.com', SUPERUSER_PASSWORD: 'root-password-123' } });
    try {
      const token = (
        await t.app.inject({
          method: 'POST',
          url: '/api/collections/_superusers/auth-with-password',
          payload: { identity: 'root@example.com', password: 'root-password-123' },
        })
      ).json().token as string;
      const test = (machineTranslation: unknown, authorization = token) =>
        t.app.inject({
          method: 'POST',
          url: '/api/settings/test/translation',
          headers: { authorization },
          payload: { machineTranslation },
        });
      const none = await test({});
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('No machine translation provider is configured.');
      const ok = await test({ provider: 'deepl', deeplApiKey: deepl.apiKey, deeplApiUrl: deepl.url });
      expect(ok.json()).toEqual({ provider: 'deepl', text: 'Guten Morgen' });
      const wrong = await test({ provider: 'deepl', deeplApiKey: 'wrong-secret-key', deeplApiUrl: deepl.url });
      expect(wrong.statusCode).toBe(502);
      expect(wrong.json().message).toMatch(/DeepL/);
      expect(wrong.body).not.toContain('wrong-secret-key');
      // Nothing was saved by testing.
      expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).json().machineTranslation).toBeNull();
      expect((await test({}, '')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
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
