import type { Config } from '../config.ts';
import { ApiError, fieldError, type FieldError } from '../core/errors.ts';
import type { Statements } from '../db/statements.ts';
import { isValidCron } from './cron.ts';

/**
 * Application settings (`GET/PATCH /api/settings`), PocketBase's shape minus S3. Stored in
 * `_params` under the key `settings` as the *overrides* a superuser saved; every value not
 * overridden comes from the environment (config), so changing an env variable still works for
 * settings nobody edited. `fileToken` is our addition (PocketBase keeps it per collection).
 */
export interface RateLimitRule {
  label: string;
  audience: '' | '@guest' | '@auth';
  duration: number;
  maxRequests: number;
}

export interface Settings {
  meta: { appName: string; appURL: string; senderName: string; senderAddress: string; hideControls: boolean };
  smtp: { enabled: boolean; host: string; port: number; username: string; password: string; authMethod: string; tls: boolean; localName: string };
  logs: { maxDays: number; minLevel: number; logIP: boolean; logAuthId: boolean };
  backups: { cron: string; cronMaxKeep: number };
  batch: { enabled: boolean; maxRequests: number; timeout: number; maxBodySize: number };
  rateLimits: { enabled: boolean; rules: RateLimitRule[] };
  trustedProxy: { headers: string[]; useLeftmostIP: boolean };
  fileToken: { duration: number };
}

/** The labels of the two limiters the app enforces (failed sign-ins, email-sending requests). */
export const RATE_LIMIT_AUTH = '*:auth';
export const RATE_LIMIT_EMAIL = '*:email';

type Kind = 'string' | 'int' | 'bool' | 'strings' | 'rules';
const SHAPE: Record<keyof Settings, Record<string, Kind>> = {
  meta: { appName: 'string', appURL: 'string', senderName: 'string', senderAddress: 'string', hideControls: 'bool' },
  smtp: { enabled: 'bool', host: 'string', port: 'int', username: 'string', password: 'string', authMethod: 'string', tls: 'bool', localName: 'string' },
  logs: { maxDays: 'int', minLevel: 'int', logIP: 'bool', logAuthId: 'bool' },
  backups: { cron: 'string', cronMaxKeep: 'int' },
  batch: { enabled: 'bool', maxRequests: 'int', timeout: 'int', maxBodySize: 'int' },
  rateLimits: { enabled: 'bool', rules: 'rules' },
  trustedProxy: { headers: 'strings', useLeftmostIP: 'bool' },
  fileToken: { duration: 'int' },
};

type Overrides = { [K in keyof Settings]?: Partial<Settings[K]> };

/** `Name <address>` or a bare address. */
function parseFrom(from: string): { name: string; address: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: (m[1] ?? '').trim(), address: (m[2] ?? '').trim() } : { name: '', address: from.trim() };
}

function smtpFromUrl(smtpUrl: string | undefined): Settings['smtp'] {
  const base = { enabled: false, host: 'smtp.example.com', port: 587, username: '', password: '', authMethod: 'PLAIN', tls: false, localName: '' };
  if (!smtpUrl) return base;
  try {
    const u = new URL(smtpUrl);
    const tls = u.protocol === 'smtps:';
    return {
      ...base, enabled: true, host: u.hostname, port: u.port ? Number(u.port) : tls ? 465 : 587, tls,
      username: decodeURIComponent(u.username), password: decodeURIComponent(u.password),
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
    batch: { enabled: config.batch.maxRequests > 0, maxRequests: config.batch.maxRequests || 50, timeout: config.batch.timeoutSeconds, maxBodySize: 0 },
    rateLimits: {
      enabled: config.rateLimit.enabled,
      rules: [
        { label: RATE_LIMIT_AUTH, audience: '@guest', duration: config.rateLimit.authWindowSeconds, maxRequests: config.rateLimit.authMax },
        { label: RATE_LIMIT_EMAIL, audience: '', duration: config.rateLimit.authWindowSeconds, maxRequests: config.rateLimit.emailMax },
      ],
    },
    trustedProxy: { headers: [], useLeftmostIP: false },
    fileToken: { duration: config.fileTokenDuration },
  };
}

function merge(defaults: Settings, overrides: Overrides): Settings {
  const out = structuredClone(defaults) as unknown as Record<string, Record<string, unknown>>;
  for (const [section, values] of Object.entries(overrides)) {
    Object.assign(out[section] as Record<string, unknown>, structuredClone(values));
  }
  return out as unknown as Settings;
}

/** The settings as a superuser may read them: secrets blanked. */
export function maskSettings(s: Settings): Settings {
  const out = structuredClone(s);
  out.smtp.password = '';
  return out;
}

const INVALID = () => fieldError('validation_invalid_value', 'Invalid value.');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typed(kind: Kind, value: unknown): { ok: true; value: unknown } | { ok: false; error: unknown } {
  switch (kind) {
    case 'string': return typeof value === 'string' ? { ok: true, value } : { ok: false, error: INVALID() };
    case 'bool': return typeof value === 'boolean' ? { ok: true, value } : { ok: false, error: INVALID() };
    case 'int': return typeof value === 'number' && Number.isSafeInteger(value) ? { ok: true, value } : { ok: false, error: INVALID() };
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? { ok: true, value: [...value] } : { ok: false, error: INVALID() };
    case 'rules': {
      if (!Array.isArray(value)) return { ok: false, error: INVALID() };
      const errors: Record<string, unknown> = {};
      const rules = value.map((r, i): RateLimitRule => {
        const o = isObject(r) ? r : {};
        const e: Record<string, unknown> = {};
        if (!isObject(r)) errors[String(i)] = INVALID();
        for (const [k, t] of [['label', 'string'], ['audience', 'string'], ['duration', 'int'], ['maxRequests', 'int']] as const) {
          if (o[k] === undefined) continue;
          const res = typed(t, o[k]);
          if (!res.ok) e[k] = res.error;
        }
        if (Object.keys(e).length) errors[String(i)] = e;
        return {
          label: typeof o.label === 'string' ? o.label : '',
          audience: (typeof o.audience === 'string' ? o.audience : '') as RateLimitRule['audience'],
          duration: typeof o.duration === 'number' ? o.duration : 0,
          maxRequests: typeof o.maxRequests === 'number' ? o.maxRequests : 0,
        };
      });
      return Object.keys(errors).length ? { ok: false, error: errors } : { ok: true, value: rules };
    }
  }
}

/** Type-checks a PATCH body against the shape and folds it into the stored overrides. */
function applyPatch(current: Overrides, patch: Record<string, unknown>): { next: Overrides; errors: Record<string, unknown> } {
  const next = structuredClone(current) as Record<string, Record<string, unknown>>;
  const errors: Record<string, Record<string, unknown>> = {};
  for (const [section, shape] of Object.entries(SHAPE)) {
    if (!(section in patch)) continue;
    const values = patch[section];
    if (!isObject(values)) {
      (errors as Record<string, unknown>)[section] = INVALID();
      continue;
    }
    for (const [key, kind] of Object.entries(shape)) {
      if (!(key in values)) continue;
      // The password is never sent back to clients; an empty one in a PATCH means "unchanged".
      if (section === 'smtp' && key === 'password' && values[key] === '') continue;
      const res = typed(kind, values[key]);
      if (!res.ok) {
        (errors[section] ??= {})[key] = res.error;
        continue;
      }
      (next[section] ??= {})[key] = res.value;
    }
  }
  return { next: next as Overrides, errors };
}

const REQUIRED = () => fieldError('validation_required', 'Cannot be blank.');
const between = (v: number, min: number, max: number): FieldError | null => {
  if (v < min) return fieldError('validation_min_greater_equal_than_required', `Must be no less than ${min}.`, { threshold: min });
  if (v > max) return fieldError('validation_max_less_equal_than_required', `Must be no greater than ${max}.`, { threshold: max });
  return null;
};
const maxLength = (v: string, max: number): FieldError | null =>
  v.length > max ? fieldError('validation_length_too_long', `The length must be no more than ${max}.`, { max }) : null;

/** Semantic checks of the merged settings, as nested field errors. */
export function validateSettings(s: Settings): Record<string, unknown> {
  const errors: Record<string, Record<string, unknown>> = {};
  const set = (section: string, key: string, error: unknown) => {
    if (error) (errors[section] ??= {})[key] = error;
  };
  set('meta', 'appName', s.meta.appName.trim() === '' ? REQUIRED() : maxLength(s.meta.appName, 255));
  let url: URL | null = null;
  try { url = new URL(s.meta.appURL); } catch { url = null; }
  set('meta', 'appURL', s.meta.appURL === '' ? REQUIRED() : !url || !/^https?:$/.test(url.protocol) ? fieldError('validation_is_url', 'Must be a valid url.') : null);
  set('meta', 'senderName', maxLength(s.meta.senderName, 255));
  set('meta', 'senderAddress', s.meta.senderAddress === ''
    ? REQUIRED()
    : !/^[^\s@<>"]+@[^\s@<>"]+$/.test(s.meta.senderAddress) ? fieldError('validation_is_email', 'Must be a valid email address.') : null);
  if (s.smtp.enabled) {
    set('smtp', 'host', s.smtp.host.trim() === '' ? REQUIRED() : !/^[\w.-]+$|^\[[\da-f:.]+\]$/i.test(s.smtp.host) ? fieldError('validation_is_host', 'Must be a valid host.') : null);
    set('smtp', 'port', between(s.smtp.port, 1, 65535));
  }
  set('smtp', 'authMethod', ['PLAIN', 'LOGIN', ''].includes(s.smtp.authMethod) ? null : fieldError('validation_in_invalid', 'Must be a valid value.'));
  set('smtp', 'localName', maxLength(s.smtp.localName, 255));
  set('logs', 'maxDays', between(s.logs.maxDays, 0, 100000));
  set('logs', 'minLevel', between(s.logs.minLevel, -100, 100));
  set('backups', 'cron', s.backups.cron !== '' && !isValidCron(s.backups.cron) ? fieldError('validation_invalid_cron', 'Invalid cron expression.') : null);
  set('backups', 'cronMaxKeep', between(s.backups.cronMaxKeep, 1, 10000));
  set('batch', 'maxRequests', s.batch.enabled && s.batch.maxRequests <= 0 ? REQUIRED() : between(s.batch.maxRequests, 0, 10000));
  set('batch', 'timeout', s.batch.enabled && s.batch.timeout <= 0 ? REQUIRED() : between(s.batch.timeout, 0, 600));
  set('batch', 'maxBodySize', between(s.batch.maxBodySize, 0, Number.MAX_SAFE_INTEGER));
  const ruleErrors: Record<string, unknown> = {};
  s.rateLimits.rules.forEach((r, i) => {
    const e: Record<string, unknown> = {};
    if (r.label === '') e.label = REQUIRED();
    else if (!/^(?:(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) )?\/[\w/.-]*$|^(?:\*|\w+):\w+$/.test(r.label)) e.label = fieldError('validation_invalid_rate_limit_label', 'Invalid label format.');
    if (!['', '@guest', '@auth'].includes(r.audience)) e.audience = fieldError('validation_in_invalid', 'Must be a valid value.');
    const d = between(r.duration, 1, 86400 * 365);
    if (d) e.duration = d;
    const m = between(r.maxRequests, 1, 1_000_000);
    if (m) e.maxRequests = m;
    if (Object.keys(e).length) ruleErrors[String(i)] = e;
  });
  if (Object.keys(ruleErrors).length) set('rateLimits', 'rules', ruleErrors);
  const headerErrors: Record<string, unknown> = {};
  s.trustedProxy.headers.forEach((h, i) => {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(h)) headerErrors[String(i)] = fieldError('validation_match_invalid', 'Must be in a valid format.');
  });
  if (Object.keys(headerErrors).length) set('trustedProxy', 'headers', headerErrors);
  set('fileToken', 'duration', between(s.fileToken.duration, 10, 86400 * 30));
  return errors;
}

export type SettingsListener = (next: Settings, previous: Settings) => void;

export const SAVE_ERROR = 'An error occurred while saving the new settings.';

/** Loads, validates, stores and broadcasts the settings of one app instance. */
export class SettingsService {
  private readonly defaults: Settings;
  private overrides: Overrides;
  private effective: Settings;
  private readonly listeners: SettingsListener[] = [];

  constructor(private readonly stmts: Statements, config: Config) {
    this.defaults = defaultSettings(config);
    this.overrides = this.load();
    this.effective = merge(this.defaults, this.overrides);
  }

  private load(): Overrides {
    const row = this.stmts.get("SELECT value FROM _params WHERE key = 'settings'");
    if (!row) return {};
    try {
      const parsed: unknown = JSON.parse(String(row.value));
      if (!isObject(parsed)) return {};
      // Re-checked at load: keys and types that no longer fit the shape are dropped.
      const { next } = applyPatch({}, parsed);
      return Object.keys(validateSettings(merge(this.defaults, next))).length ? {} : next;
    } catch {
      return {};
    }
  }

  /** The effective settings (unmasked: for the server's own use). */
  get(): Settings {
    return this.effective;
  }

  /** Validated partial merge; throws ApiError 400 with nested field errors. */
  update(patch: unknown): Settings {
    if (!isObject(patch)) throw new ApiError(400, 'An error occurred while loading the submitted data.');
    const { next, errors } = applyPatch(this.overrides, patch);
    const effective = merge(this.defaults, next);
    const semantic = validateSettings(effective);
    for (const [section, e] of Object.entries(semantic)) {
      const existing = errors[section];
      errors[section] = isObject(existing) ? { ...(e as Record<string, unknown>), ...existing } : existing ?? e;
    }
    if (Object.keys(errors).length) throw new ApiError(400, SAVE_ERROR, errors);
    this.stmts.run("INSERT INTO _params (key, value) VALUES ('settings', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [JSON.stringify(next)]);
    const previous = this.effective;
    this.overrides = next;
    this.effective = effective;
    for (const fn of this.listeners) fn(effective, previous);
    return effective;
  }

  onChange(fn: SettingsListener): void {
    this.listeners.push(fn);
  }
}
