import type { Config } from '../config.ts';
import { ApiError } from '../core/errors.ts';
import type { SqlStatements } from '../db/sql.ts';
import { DEFAULT_LAPSE_GRACE_DAYS } from '../../shared/lapse.ts';
import { fieldErrorsOf, isTypeIssue, SETTINGS_KEYS, settingsSchema, type Settings } from './settings-schema.ts';

export type { RateLimitRule, Settings } from './settings-schema.ts';

/**
 * Application settings (`GET/PATCH /api/settings`), described once by `settings-schema.ts`.
 * Stored in `_params` under the key `settings` as the *overrides* a superuser saved; every value
 * not overridden comes from the environment (config), so changing an env variable still works for
 * settings nobody edited.
 */

/** The labels of the two limiters the app enforces (failed sign-ins, email-sending requests). */
export const RATE_LIMIT_AUTH = '*:auth';
export const RATE_LIMIT_EMAIL = '*:email';

type Overrides = { [K in keyof Settings]?: Partial<Settings[K]> };

/** `Name <address>` or a bare address. */
function parseFrom(from: string): { name: string; address: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: (m[1] ?? '').trim(), address: (m[2] ?? '').trim() } : { name: '', address: from.trim() };
}

function smtpFromUrl(smtpUrl: string | undefined): Settings['smtp'] {
  const base = {
    enabled: false,
    host: 'smtp.example.com',
    port: 587,
    username: '',
    password: '',
    authMethod: 'PLAIN',
    tls: false,
    localName: '',
  };
  if (!smtpUrl) return base;
  try {
    const u = new URL(smtpUrl);
    const tls = u.protocol === 'smtps:';
    return {
      ...base,
      enabled: true,
      host: u.hostname,
      port: u.port ? Number(u.port) : tls ? 465 : 587,
      tls,
      username: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      localName: u.searchParams.get('name') ?? '',
    };
  } catch {
    return base;
  }
}

/** Settings as the environment alone defines them. */
export function defaultSettings(config: Config): Settings {
  const from = parseFrom(config.mailFrom);
  return {
    meta: { appName: config.appName, appURL: config.appUrl, senderName: from.name, senderAddress: from.address, hideControls: false },
    smtp: smtpFromUrl(config.smtpUrl),
    logs: { maxDays: config.logs.maxDays, minLevel: 0, logIP: true, logAuthId: true },
    backups: { cron: config.backups.cron, cronMaxKeep: config.backups.maxKeep },
    batch: {
      enabled: config.batch.maxRequests > 0,
      maxRequests: config.batch.maxRequests || 50,
      timeout: config.batch.timeoutSeconds,
      maxBodySize: 0,
    },
    rateLimits: {
      enabled: config.rateLimit.enabled,
      rules: [
        { label: RATE_LIMIT_AUTH, audience: '@guest', duration: config.rateLimit.authWindowSeconds, maxRequests: config.rateLimit.authMax },
        { label: RATE_LIMIT_EMAIL, audience: '', duration: config.rateLimit.authWindowSeconds, maxRequests: config.rateLimit.emailMax },
      ],
    },
    trustedProxy: { headers: [], useLeftmostIP: false },
    fileToken: { duration: config.fileTokenDuration },
    machineTranslation: {
      provider: '',
      deeplApiKey: config.machineTranslation.deepl?.apiKey ?? '',
      deeplApiUrl: config.machineTranslation.deepl?.apiUrl ?? '',
      libreTranslateUrl: config.machineTranslation.libreTranslate?.url ?? '',
      libreTranslateApiKey: config.machineTranslation.libreTranslate?.apiKey ?? '',
    },
    billing: { lapseGraceDays: DEFAULT_LAPSE_GRACE_DAYS },
  };
}

/** The settings as a superuser may read them: secrets blanked. */
export function maskSettings(s: Settings): Settings {
  const out = structuredClone(s);
  out.smtp.password = '';
  out.machineTranslation.deeplApiKey = '';
  out.machineTranslation.libreTranslateApiKey = '';
  return out;
}

/** Settings never sent back to clients (masked): an empty value in a PATCH keeps the saved one. */
const SECRETS = new Set(['smtp.password', 'machineTranslation.deeplApiKey', 'machineTranslation.libreTranslateApiKey']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The overrides with a PATCH folded in: only known sections and keys; a section that is not an
 * object is kept as is, for the schema to refuse.
 */
function applyPatch(current: Overrides, patch: Record<string, unknown>): Record<string, unknown> {
  const next = structuredClone(current) as Record<string, unknown>;
  for (const [section, keys] of Object.entries(SETTINGS_KEYS)) {
    if (!(section in patch)) continue;
    const values = patch[section];
    if (!isObject(values)) {
      next[section] = values;
      continue;
    }
    const target = { ...(isObject(next[section]) ? next[section] : {}) };
    for (const key of keys) {
      if (!(key in values)) continue;
      // The password is never sent back to clients; an empty one in a PATCH means "unchanged".
      if (SECRETS.has(`${section}.${key}`) && values[key] === '') continue;
      target[key] = structuredClone(values[key]);
    }
    if (Object.keys(target).length) next[section] = target;
  }
  return next;
}

/** Drops the values at the given [section, key] paths. */
function without(overrides: Record<string, unknown>, paths: PropertyKey[][]): Record<string, unknown> {
  const next = structuredClone(overrides);
  for (const [section, key] of paths) {
    const values = next[String(section)];
    if (key !== undefined && isObject(values)) delete values[String(key)];
    else delete next[String(section)];
  }
  return next;
}

export type SettingsListener = (next: Settings, previous: Settings) => void;

export const SAVE_ERROR = 'An error occurred while saving the new settings.';

/** Loads, validates, stores and broadcasts the settings of one app instance. */
export class SettingsService {
  private readonly schema: ReturnType<typeof settingsSchema>;
  private readonly defaults: Settings;
  private overrides: Overrides;
  private effective: Settings;
  private readonly listeners: SettingsListener[] = [];

  constructor(
    private readonly stmts: SqlStatements,
    config: Config,
  ) {
    this.defaults = defaultSettings(config);
    this.schema = settingsSchema(this.defaults);
    this.overrides = this.load();
    this.effective = this.resolve(this.overrides);
  }

  /** The environment's own values are used even where they fail a check (saving then reports it). */
  private resolve(overrides: Overrides): Settings {
    const parsed = this.schema.safeParse(overrides);
    return parsed.success ? parsed.data : this.defaults;
  }

  /**
   * Reads the saved settings again (another instance saved them: the realtime bus says so) and
   * applies them like a save here would: listeners hear the change. False when nothing changed.
   */
  reload(): boolean {
    const overrides = this.load();
    if (JSON.stringify(overrides) === JSON.stringify(this.overrides)) return false;
    const previous = this.effective;
    this.overrides = overrides;
    this.effective = this.resolve(overrides);
    for (const fn of this.listeners) fn(this.effective, previous);
    return true;
  }

  private load(): Overrides {
    const row = this.stmts.get("SELECT value FROM _params WHERE key = 'settings'");
    if (!row) return {};
    try {
      const parsed: unknown = JSON.parse(String(row.value));
      if (!isObject(parsed)) return {};
      // Re-checked at load: keys and types that no longer fit the shape are dropped; values
      // that no longer pass their checks drop all overrides (the environment's settings apply).
      let stored = applyPatch({}, parsed);
      const typed = this.schema.safeParse(stored);
      if (!typed.success)
        stored = without(
          stored,
          typed.error.issues.filter(isTypeIssue).map((i) => i.path.slice(0, 2)),
        );
      return this.schema.safeParse(stored).success ? (stored as Overrides) : {};
    } catch {
      return {};
    }
  }

  /** The effective settings (unmasked: for the server's own use). */
  get(): Settings {
    return this.effective;
  }

  /** The settings a PATCH would give, checked, without saving them (the console's "Test" buttons). */
  preview(patch: unknown): Settings {
    return this.merged(patch).settings;
  }

  private merged(patch: unknown): { next: Record<string, unknown>; settings: Settings } {
    if (!isObject(patch)) throw new ApiError(400, 'An error occurred while loading the submitted data.');
    const next = applyPatch(this.overrides, patch);
    const result = this.schema.safeParse(next);
    if (!result.success) throw new ApiError(400, SAVE_ERROR, fieldErrorsOf(result.error));
    return { next, settings: result.data };
  }

  /** Validated partial merge; throws ApiError 400 with nested field errors. */
  update(patch: unknown): Settings {
    const { next, settings } = this.merged(patch);
    const result = { data: settings };
    this.stmts.run("INSERT INTO _params (key, value) VALUES ('settings', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [
      JSON.stringify(next),
    ]);
    const previous = this.effective;
    this.overrides = next as Overrides;
    this.effective = result.data;
    for (const fn of this.listeners) fn(result.data, previous);
    return result.data;
  }

  onChange(fn: SettingsListener): void {
    this.listeners.push(fn);
  }
}
