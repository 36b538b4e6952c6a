import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ApiError } from '../core/errors.ts';
import { Statements } from '../db/statements.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { openSqlite } from '../db/open.ts';
import { senderOf, smtpUrlOf } from './live-settings.ts';
import { defaultSettings, maskSettings, SettingsService } from './settings.ts';

function service(env: Record<string, string> = {}) {
  const sqlite = openSqlite(':memory:');
  migrateDatabase(sqlite);
  const stmts = new Statements(sqlite);
  const config = loadConfig({ APP_SECRET: 'x'.repeat(32), ...env });
  return { stmts, config, settings: new SettingsService(stmts, config) };
}

describe('settings defaults from the environment', () => {
  it('reads SMTP_URL, MAIL_FROM, batch, rate limits, logs and backups variables', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer%40example.com:p%40ss@smtp.example.com?name=menu.example.com',
      MAIL_FROM: '"Menu, Inc." <menu@example.com>',
      BATCH_MAX_REQUESTS: '0',
      RATE_LIMIT_ENABLED: 'false',
      LOGS_MAX_DAYS: '9',
      BACKUPS_CRON: '@daily',
      BACKUPS_MAX_KEEP: '7',
    });
    const s = defaultSettings(config);
    expect(s.smtp).toEqual({
      enabled: true,
      host: 'smtp.example.com',
      port: 465,
      username: 'mailer@example.com',
      password: 'p@ss',
      authMethod: 'PLAIN',
      tls: true,
      localName: 'menu.example.com',
    });
    expect(s.meta).toMatchObject({ senderName: 'Menu, Inc.', senderAddress: 'menu@example.com' });
    expect(s.batch).toEqual({ enabled: false, maxRequests: 50, timeout: 3, maxBodySize: 0 });
    expect(s.rateLimits.enabled).toBe(false);
    expect(s.logs.maxDays).toBe(9);
    expect(s.backups).toEqual({ cron: '@daily', cronMaxKeep: 7 });
    expect(maskSettings(s).smtp.password).toBe('');
    expect(s.smtp.password).toBe('p@ss');
    // The env's own URL is used as long as the settings describe it (its query options stay).
    expect(smtpUrlOf(s, config)).toBe(config.smtpUrl);
    expect(senderOf(s)).toBe('"Menu, Inc." <menu@example.com>');
  });

  it('builds the SMTP URL from changed settings', () => {
    const config = loadConfig({});
    const s = defaultSettings(config);
    expect(smtpUrlOf(s, config)).toBeUndefined();
    s.smtp = {
      enabled: true,
      host: 'mail.example.com',
      port: 587,
      username: 'a b',
      password: 'p:w@d',
      authMethod: 'LOGIN',
      tls: false,
      localName: '',
    };
    expect(smtpUrlOf(s, config)).toBe('smtp://a%20b:p%3Aw%40d@mail.example.com:587?authMethod=LOGIN');
    s.meta.senderName = '';
    expect(senderOf(s)).toBe('no-reply@localhost');
  });

  it('rejects invalid env values', () => {
    expect(() => loadConfig({ BACKUPS_CRON: 'daily' })).toThrow(/BACKUPS_CRON/);
    expect(() => loadConfig({ CORS_ORIGINS: 'example.com' })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com, https://b.example.com/' }).corsOrigins).toEqual([
      'https://a.example.com',
      'https://b.example.com',
    ]);
    expect(loadConfig({ TRUSTED_PROXIES: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });
});

describe('SettingsService', () => {
  it('stores only the overrides, so untouched values still follow the environment', () => {
    const { stmts, settings } = service({ LOGS_MAX_DAYS: '5' });
    settings.update({ logs: { logIP: false }, unknown: { x: 1 }, meta: { nope: 1 } });
    expect(JSON.parse(String(stmts.get("SELECT value FROM _params WHERE key = 'settings'")?.value))).toEqual({ logs: { logIP: false } });
    const later = new SettingsService(stmts, loadConfig({ APP_SECRET: 'x'.repeat(32), LOGS_MAX_DAYS: '8' }));
    expect(later.get().logs).toMatchObject({ maxDays: 8, logIP: false });
  });

  it('notifies listeners with the new and previous settings', () => {
    const { settings } = service();
    const seen: [string, string][] = [];
    settings.onChange((next, prev) => seen.push([prev.meta.appName, next.meta.appName]));
    settings.update({ meta: { appName: 'Renamed' } });
    expect(seen).toEqual([['QR Menu', 'Renamed']]);
  });

  it('refuses a non-object body and wrongly typed sections', () => {
    const { settings } = service();
    expect(() => settings.update([1])).toThrow(ApiError);
    const err = (() => {
      try {
        settings.update({ meta: 'x', smtp: { port: '25' } });
      } catch (e) {
        return e as ApiError;
      }
      return null;
    })();
    expect(err?.data).toMatchObject({ meta: { code: 'validation_invalid_value' }, smtp: { port: { code: 'validation_invalid_value' } } });
  });

  it('ignores a stored value that no longer validates', () => {
    const { stmts, config } = service();
    stmts.run("INSERT INTO _params (key, value) VALUES ('settings', ?)", [JSON.stringify({ logs: { maxDays: -5 } })]);
    expect(new SettingsService(stmts, config).get().logs.maxDays).toBe(5);
    stmts.run("UPDATE _params SET value = 'not json' WHERE key = 'settings'");
    expect(new SettingsService(stmts, config).get().logs.maxDays).toBe(5);
  });
});
