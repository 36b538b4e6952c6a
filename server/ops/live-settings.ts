import type { Config } from '../config.ts';
import { DatabaseLimiter, FixedWindowLimiter, type LimiterFactory, type RateLimiter } from '../core/auth/rate-limit.ts';
import type { SqlStatements } from '../db/sql.ts';
import type { Brand } from '../mail/layout.ts';
import { createMailer, type MailLogWriter, type MailMessage, type Mailer } from '../mail/mailer.ts';
import { RATE_LIMIT_AUTH, RATE_LIMIT_EMAIL, defaultSettings, type Settings } from './settings.ts';

/**
 * Makes saved settings take effect in the running app without a restart: the per-app config
 * (app name and URL, sender, batch limits, file token lifetime), the brand of auth emails, the
 * SMTP transport and the rate limiters are updated in place whenever the settings change.
 */
export interface RateLimits {
  enabled: boolean;
  login: RateLimiter;
  email: RateLimiter;
}

/**
 * `RATE_LIMIT_STORE`: `memory` counts per instance (today's behaviour, no database work per
 * request); `database` counts in `_rateLimits`, so every instance behind one address sees the same
 * counts. The clock of the windows is the app's (`config.now`) in both.
 */
export function limiterFactory(config: Config, stmts: SqlStatements): LimiterFactory {
  if (config.rateLimit.store === 'database') {
    return (scope, max, windowMs) => new DatabaseLimiter(stmts, scope, max, windowMs, () => config.now().getTime());
  }
  return (_scope, max, windowMs) => new FixedWindowLimiter(max, windowMs, () => config.now().getTime());
}

/** A mailer whose transport can be replaced while references to it are held everywhere. */
export class SwitchableMailer implements Mailer {
  constructor(private current: Mailer) {}

  send(message: MailMessage): Promise<void> {
    return this.current.send(message);
  }

  swap(next: Mailer): void {
    const old = this.current;
    this.current = next;
    // Messages already handed to the old transport finish first.
    setTimeout(() => void old.close().catch(() => undefined), 60_000).unref();
  }

  close(): Promise<void> {
    return this.current.close();
  }
}

/** The SMTP URL of the settings; the env's own URL when the settings still describe it (keeps its query options). */
export function smtpUrlOf(s: Settings, envConfig: Config): string | undefined {
  if (!s.smtp.enabled) return undefined;
  const env = defaultSettings(envConfig).smtp;
  const same = (['host', 'port', 'username', 'password', 'tls', 'localName', 'authMethod'] as const).every((k) => env[k] === s.smtp[k]);
  if (same && envConfig.smtpUrl) return envConfig.smtpUrl;
  const auth = s.smtp.username ? `${encodeURIComponent(s.smtp.username)}:${encodeURIComponent(s.smtp.password)}@` : '';
  const query = new URLSearchParams();
  if (s.smtp.localName) query.set('name', s.smtp.localName);
  if (s.smtp.authMethod && s.smtp.authMethod !== 'PLAIN') query.set('authMethod', s.smtp.authMethod);
  const qs = query.toString();
  return `${s.smtp.tls ? 'smtps' : 'smtp'}://${auth}${s.smtp.host}:${s.smtp.port}${qs ? `?${qs}` : ''}`;
}

export function senderOf(s: Settings): string {
  const name = s.meta.senderName.replace(/["<>\r\n]/g, '').trim();
  if (!name) return s.meta.senderAddress;
  return /^[\p{L}\p{N} .'-]*$/u.test(name) ? `${name} <${s.meta.senderAddress}>` : `"${name}" <${s.meta.senderAddress}>`;
}

function buildLimiters(s: Settings, make: LimiterFactory): RateLimits {
  const rule = (label: string) => s.rateLimits.rules.find((r) => r.label === label);
  const auth = rule(RATE_LIMIT_AUTH);
  const email = rule(RATE_LIMIT_EMAIL);
  // Never over its limit, in memory whatever the store: counting nothing costs nothing.
  const unlimited = () => new FixedWindowLimiter(Number.MAX_SAFE_INTEGER, 60_000);
  return {
    enabled: s.rateLimits.enabled && Boolean(auth),
    login: auth ? make('login', auth.maxRequests, auth.duration * 1000) : unlimited(),
    email: s.rateLimits.enabled && email ? make('email', email.maxRequests, email.duration * 1000) : unlimited(),
  };
}

export interface LiveTargets {
  /** The env configuration, untouched (defaults and the env SMTP URL). */
  envConfig: Config;
  /** The app's own config object (`ctx.config`), updated in place. */
  config: Config;
  brand: Brand;
  mailer: SwitchableMailer;
  rateLimits: RateLimits;
  /** The store of the rate limiters (`limiterFactory`). */
  limiters: LimiterFactory;
  writeMail: MailLogWriter;
}

/** Applies settings to the running app; `previous` null at boot. */
export function applySettings(t: LiveTargets, s: Settings, previous: Settings | null): void {
  t.config.appName = s.meta.appName;
  t.config.appUrl = s.meta.appURL.replace(/\/+$/, '');
  t.config.mailFrom = senderOf(s);
  t.config.batch = { maxRequests: s.batch.enabled ? s.batch.maxRequests : 0, timeoutSeconds: s.batch.timeout > 0 ? s.batch.timeout : 3 };
  t.config.fileTokenDuration = s.fileToken.duration;
  t.brand.appName = t.config.appName;
  t.brand.appUrl = t.config.appUrl;
  if (!previous || JSON.stringify(previous.rateLimits) !== JSON.stringify(s.rateLimits))
    Object.assign(t.rateLimits, buildLimiters(s, t.limiters));
  const smtpUrl = smtpUrlOf(s, t.envConfig);
  if (previous && (smtpUrl !== smtpUrlOf(previous, t.envConfig) || senderOf(previous) !== senderOf(s))) {
    t.mailer.swap(createMailer({ smtpUrl, from: t.config.mailFrom, writeMail: t.writeMail }));
  }
}

/** The mailer of the boot-time settings. */
export function initialMailer(s: Settings, envConfig: Config, writeMail: MailLogWriter): SwitchableMailer {
  return new SwitchableMailer(createMailer({ smtpUrl: smtpUrlOf(s, envConfig), from: senderOf(s), writeMail }));
}
