import path from 'node:path';
import { z } from 'zod';
import type { ProviderEnv } from './core/auth/oauth2-providers.ts';
import { isValidCron } from './ops/cron.ts';
import { BILLING_MODES } from '../shared/subscription.ts';
import type { S3StorageConfig } from './core/files/s3-storage.ts';

/**
 * Typed configuration from the environment, parsed once at boot. Nothing else reads process.env.
 * Each variable is documented in .env.example.
 */
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… or postgresql://… selects PostgreSQL for records; unset keeps SQLite in DATA_DIR/data.db. */
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  UPLOADS_DIR: z.string().min(1).default('./uploads'),
  /** S3-compatible file storage instead of UPLOADS_DIR: the endpoint URL, e.g. https://s3.eu-central-1.amazonaws.com. */
  STORAGE_S3_ENDPOINT: z.url().optional(),
  STORAGE_S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  /** e.g. us-east-1, auto (Cloudflare R2), garage (Garage's default). */
  STORAGE_S3_REGION: z.string().trim().min(1).optional(),
  STORAGE_S3_ACCESS_KEY: z.string().trim().min(1).optional(),
  STORAGE_S3_SECRET: z.string().trim().min(1).optional(),
  /** true: https://endpoint/bucket/key (MinIO, Garage); false (default): https://bucket.endpoint/key (AWS, R2). */
  STORAGE_S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /** Master secret from which token signing keys are derived; generated and stored in the DB when unset. */
  APP_SECRET: z.string().min(32).optional(),
  BATCH_MAX_REQUESTS: z.coerce.number().int().min(0).max(10000).default(50),
  BATCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(3),
  /** Short-lived file token lifetime for protected files (seconds). */
  FILE_TOKEN_DURATION: z.coerce.number().int().min(10).max(86400).default(180),
  APP_NAME: z.string().min(1).max(100).default('QR Menu'),
  /** e.g. smtp://user:pass@host:587; unset = emails are written to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SUPERUSER_EMAIL: z.email().optional(),
  SUPERUSER_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(71).optional(),
  RATE_LIMIT_ENABLED: z.enum(['true', 'false', '1', '0']).default('true'),
  /** Failed logins allowed per client IP and window before 429. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100000).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
  /** Email-sending requests (verification, reset, OTP, email change) allowed per client IP and window. */
  EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100000).default(10),
  /**
   * Where the auth and email rate-limit counters live: `memory` (each instance its own, the default
   * of one SQLite instance) or `database` (`_rateLimits`, shared by every instance on the database).
   */
  // Unset: `database` with PostgreSQL (a fleet shares it), `memory` with SQLite (loadConfig).
  RATE_LIMIT_STORE: z.enum(['memory', 'database']).optional(),
  /** Realtime: a stream with no message for this long is ended (the SDK reconnects). */
  REALTIME_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(86400).default(300),
  /** Realtime: comment lines keep idle streams open through proxies. */
  REALTIME_KEEPALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Realtime: a PostgreSQL URL whose LISTEN/NOTIFY carries record events and cache invalidations
   * between instances (several instances on one SQLite file). With DATABASE_URL=postgres://… that
   * URL is the default.
   */
  REALTIME_BUS_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** SIGTERM/SIGINT: how long in-flight requests and running cron jobs may take before they are cut (ms). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** SIGTERM/SIGINT: how long the instance keeps serving while readiness says 503, so a load balancer stops routing first (ms). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** Tests only: a cron minute lasts this many ms, so a fleet test sees many schedule slots in seconds. */
  CRON_MINUTE_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
  /** PostHog project key; unset = no analytics at all. */
  POSTHOG_KEY: z.string().min(1).optional(),
  /** Where /ingest forwards analytics (EU region by default). */
  POSTHOG_HOST: z.url().default('https://eu.i.posthog.com'),
  POSTHOG_UI_HOST: z.url().default('https://eu.posthog.com'),
  /**
   * off (default: a self-hosted instance, every organization active, no plans), or a hosted
   * operator's explicit choice: trial (choosing a plan starts its free trial) or stripe.
   */
  BILLING: z.enum(BILLING_MODES).default('off'),
  /** BILLING=stripe: secret API key (sk_live_… / sk_test_… or a restricted rk_… key). */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  /** BILLING=stripe: signing secret (whsec_…) of the webhook endpoint POST /api/billing/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Stripe API base URL, e.g. a local stand-in in tests or an egress proxy; unset = https://api.stripe.com. */
  STRIPE_API_BASE: z.url().optional(),
  /** Machine translation with DeepL: the API key (free keys end in `:fx`). */
  DEEPL_API_KEY: z.string().trim().min(1).optional(),
  /** DeepL API origin (tests, egress proxies); unset = api.deepl.com, or api-free.deepl.com for a free key. */
  DEEPL_API_URL: z.url().optional(),
  /** Machine translation with a (self-hosted) LibreTranslate server, e.g. http://libretranslate:5000. */
  LIBRETRANSLATE_URL: z.url().optional(),
  /** LibreTranslate API key, when the server requires one. */
  LIBRETRANSLATE_API_KEY: z.string().trim().min(1).optional(),
  /** The built staff web app. */
  WEB_DIST: z.string().min(1).default('./web/dist'),
  /** Ops: `*` or a comma-separated list of origins allowed to call /api from browsers. */
  CORS_ORIGINS: z
    .string()
    .trim()
    .default('*')
    .refine(
      (v) => v === '*' || v.split(',').every((o) => /^https?:\/\/[^/\s,]+\/?$/.test(o.trim())),
      'must be * or a comma-separated list of origins like https://example.com',
    ),
  /** Ops: which proxies' X-Forwarded-* headers are trusted: true, a hop count, or IPs/CIDRs (comma-separated). */
  TRUSTED_PROXIES: z.string().trim().optional(),
  /** Ops: request logs older than this many days are deleted (0 = no request logs). */
  LOGS_MAX_DAYS: z.coerce.number().int().min(0).max(100000).default(5),
  /** Ops: cron expression of automatic backups (UTC), e.g. "0 3 * * *"; empty = none. */
  BACKUPS_CRON: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isValidCron(v), 'must be a 5-field cron expression'),
  /** Ops: automatic backups kept (older ones are deleted). */
  BACKUPS_MAX_KEEP: z.coerce.number().int().min(1).max(10000).default(3),
  /** Uploads: largest single file of a multipart request (MB); more is refused with 413 as it arrives. */
  UPLOAD_MAX_FILE_MB: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Uploads: largest multipart request (MB), files and fields together; a collection's own limit may be lower. */
  UPLOAD_MAX_REQUEST_MB: z.coerce.number().int().min(1).max(100_000).default(128),
  /** PDF menus: a parse (check or extraction) running longer is stopped and the upload fails. */
  PDF_WORKER_TIMEOUT_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** PDF menus: heap limit of the worker thread that parses a PDF (MB). */
  PDF_WORKER_MAX_MEMORY_MB: z.coerce.number().int().min(16).max(16_384).default(256),
  /**
   * PDF menus: how much the process's resident memory may grow while a parse runs (MB). Decoded
   * streams and images live outside the worker's heap (ArrayBuffers), where its heap limit does not
   * reach: a decompression bomb is stopped by this instead.
   */
  PDF_WORKER_MAX_RSS_GROWTH_MB: z.coerce.number().int().min(16).max(65_536).default(1024),
});

const oauthProviderEnv = z.object({
  CLIENT_ID: z.string().min(1),
  CLIENT_SECRET: z.string().min(1),
  AUTH_URL: z.url().optional(),
  TOKEN_URL: z.url().optional(),
  USERINFO_URL: z.url().optional(),
  DISPLAY_NAME: z.string().min(1).optional(),
  SCOPES: z.string().optional(),
  PKCE: z.enum(['true', 'false']).optional(),
});

/** One OAuth2 provider as the environment configures it (the shape the provider builder takes). */
export type OAuth2ProviderEnv = ProviderEnv;

/** OAUTH2_<NAME>_CLIENT_ID, _CLIENT_SECRET, and for generic providers _AUTH_URL, _TOKEN_URL, _USERINFO_URL, _DISPLAY_NAME. */
function parseOAuth2(env: Record<string, string | undefined>): OAuth2ProviderEnv[] {
  const names = new Set<string>();
  for (const key of Object.keys(env)) {
    const m = /^OAUTH2_([A-Z0-9]+)_CLIENT_ID$/.exec(key);
    if (m?.[1]) names.add(m[1]);
  }
  const out: OAuth2ProviderEnv[] = [];
  for (const name of [...names].sort()) {
    const prefix = `OAUTH2_${name}_`;
    const raw = Object.fromEntries(
      Object.entries(env)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
    const parsed = oauthProviderEnv.safeParse(raw);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((issue) => `  ${prefix}${issue.path.join('.')}: ${issue.message}`);
      throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
    }
    const p = parsed.data;
    out.push({
      name: name.toLowerCase(),
      clientId: p.CLIENT_ID,
      clientSecret: p.CLIENT_SECRET,
      authUrl: p.AUTH_URL,
      tokenUrl: p.TOKEN_URL,
      userInfoUrl: p.USERINFO_URL,
      displayName: p.DISPLAY_NAME,
      scopes: p.SCOPES?.split(/[\s,]+/).filter(Boolean),
      pkce: p.PKCE === undefined ? undefined : p.PKCE === 'true',
    });
  }
  return out;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Overrides https://api.stripe.com (tests, proxies). */
  apiBase: string | undefined;
  /** Price ids by plan code from STRIPE_PRICE_<CODE>_MONTHLY / _YEARLY; written onto the plans at boot. */
  prices: Record<string, { month?: string; year?: string }>;
}

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  /** PostgreSQL connection URL when DATABASE_URL selects PostgreSQL; null: SQLite. */
  databaseUrl: string | null;
  uploadsDir: string;
  /** Set when STORAGE_S3_* select an S3-compatible bucket for record files (UPLOADS_DIR is then unused). */
  s3Storage: S3StorageConfig | null;
  logLevel: (typeof logLevels)[number];
  appSecret: string | undefined;
  batch: { maxRequests: number; timeoutSeconds: number };
  fileTokenDuration: number;
  appName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  superuser: { email: string; password: string } | null;
  rateLimit: { enabled: boolean; authMax: number; authWindowSeconds: number; emailMax: number; store: 'memory' | 'database' };
  oauth2: OAuth2ProviderEnv[];
  /** `busUrl`: the PostgreSQL URL of the realtime bus shared by instances (null: in process only). */
  realtime: { idleTimeoutSeconds: number; keepAliveSeconds: number; busUrl: string | null };
  /** Graceful shutdown (server/index.ts): readiness-only delay, then the deadline for in-flight work. */
  shutdown: { delayMs: number; timeoutMs: number };
  posthog: { key: string | undefined; host: string; uiHost: string };
  billing: 'stripe' | 'trial' | 'off';
  /** Set when BILLING=stripe (its keys are then required). */
  stripe: StripeConfig | null;
  /** Machine translation providers; at most one is used (DeepL when both are set). */
  machineTranslation: {
    deepl: { apiKey: string; apiUrl: string | undefined } | null;
    libreTranslate: { url: string; apiKey: string | undefined } | null;
  };
  webDist: string;
  /** Browser origins allowed to call the API (`*` = any). */
  corsOrigins: '*' | string[];
  /** Fastify's `trustProxy`: false, true, a hop count or trusted proxy addresses. */
  trustProxy: boolean | number | string[];
  logs: { maxDays: number };
  backups: { cron: string; maxKeep: number };
  /** Real-time length of a cron minute (ms): 60,000 but in tests (`CRON_MINUTE_MS`). */
  cronMinuteMs: number;
  /** Multipart uploads: byte caps, and where file parts are streamed to while the request is read. */
  uploads: { maxFileBytes: number; maxRequestBytes: number; tmpDir: string };
  /** The worker thread that parses uploaded PDFs. */
  pdfWorker: { timeoutMs: number; maxMemoryMb: number; maxRssGrowthMb: number };
  /** Overridable clock for deterministic tests. */
  now: () => Date;
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * STRIPE_PRICE_<CODE>_MONTHLY / _YEARLY: the plan code upper-cased with `-` as `_`
 * (plan `pro-plus` → STRIPE_PRICE_PRO_PLUS_MONTHLY).
 */
function parseStripePrices(env: Record<string, string | undefined>): Record<string, { month?: string; year?: string }> {
  const prices: Record<string, { month?: string; year?: string }> = {};
  for (const [key, raw] of Object.entries(env)) {
    const m = /^STRIPE_PRICE_([A-Z0-9_]+)_(MONTHLY|YEARLY)$/.exec(key);
    const value = raw?.trim();
    if (!m?.[1] || !value) continue;
    if (!/^[A-Za-z0-9_]+$/.test(value))
      throw new ConfigError(`Invalid configuration:\n  ${key}: must be a Stripe price id like price_1AbC…`);
    const code = m[1].toLowerCase().replace(/_/g, '-');
    prices[code] = { ...prices[code], [m[2] === 'MONTHLY' ? 'month' : 'year']: value };
  }
  return prices;
}

function parseStripe(e: z.infer<typeof envSchema>, env: Record<string, string | undefined>): StripeConfig | null {
  if (e.BILLING !== 'stripe') return null;
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((k) => !e[k]);
  if (missing.length)
    throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when BILLING=stripe`).join('\n')}`);
  return {
    secretKey: e.STRIPE_SECRET_KEY ?? '',
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
    apiBase: e.STRIPE_API_BASE?.replace(/\/+$/, ''),
    prices: parseStripePrices(env),
  };
}

const S3_REQUIRED = [
  'STORAGE_S3_ENDPOINT',
  'STORAGE_S3_BUCKET',
  'STORAGE_S3_REGION',
  'STORAGE_S3_ACCESS_KEY',
  'STORAGE_S3_SECRET',
] as const;

/** Any STORAGE_S3_* variable selects S3 storage; then all but FORCE_PATH_STYLE are required (a half-set config is a mistake). */
function parseS3Storage(e: z.infer<typeof envSchema>): S3StorageConfig | null {
  const set = [...S3_REQUIRED, 'STORAGE_S3_FORCE_PATH_STYLE' as const].filter((k) => e[k] !== undefined);
  if (!set.length) return null;
  const missing = S3_REQUIRED.filter((k) => e[k] === undefined);
  if (missing.length)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when S3 file storage is configured (${set.join(', ')} set)`).join('\n')}`,
    );
  if (e.BACKUPS_CRON)
    throw new ConfigError(
      "Invalid configuration:\n  BACKUPS_CRON: backups of this app cannot include files in an S3 bucket; use the bucket's versioning or replication, and unset BACKUPS_CRON",
    );
  return {
    endpoint: e.STORAGE_S3_ENDPOINT ?? '',
    bucket: e.STORAGE_S3_BUCKET ?? '',
    region: e.STORAGE_S3_REGION ?? '',
    accessKey: e.STORAGE_S3_ACCESS_KEY ?? '',
    secret: e.STORAGE_S3_SECRET ?? '',
    forcePathStyle: e.STORAGE_S3_FORCE_PATH_STYLE === 'true' || e.STORAGE_S3_FORCE_PATH_STYLE === '1',
  };
}

/** Parses the environment; throws ConfigError naming each invalid variable. */
/** The host to open in a browser for a bind address: a wildcard bind is reachable through loopback. */
export function browsableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://${browsableHost(e.HOST)}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    uploadsDir: path.resolve(e.UPLOADS_DIR),
    s3Storage: parseS3Storage(e),
    logLevel: e.LOG_LEVEL,
    appSecret: e.APP_SECRET,
    batch: { maxRequests: e.BATCH_MAX_REQUESTS, timeoutSeconds: e.BATCH_TIMEOUT_SECONDS },
    fileTokenDuration: e.FILE_TOKEN_DURATION,
    appName: e.APP_NAME,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@localhost>`,
    superuser: e.SUPERUSER_EMAIL && e.SUPERUSER_PASSWORD ? { email: e.SUPERUSER_EMAIL, password: e.SUPERUSER_PASSWORD } : null,
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED === 'true' || e.RATE_LIMIT_ENABLED === '1',
      authMax: e.AUTH_RATE_LIMIT_MAX,
      authWindowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      emailMax: e.EMAIL_RATE_LIMIT_MAX,
      store: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'database' : 'memory'),
    },
    oauth2: parseOAuth2(env),
    realtime: {
      idleTimeoutSeconds: e.REALTIME_IDLE_TIMEOUT_SECONDS,
      keepAliveSeconds: e.REALTIME_KEEPALIVE_SECONDS,
      busUrl: e.REALTIME_BUS_URL ?? (/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '') ? (env.DATABASE_URL ?? null) : null),
    },
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    posthog: { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST.replace(/\/+$/, ''), uiHost: e.POSTHOG_UI_HOST.replace(/\/+$/, '') },
    billing: e.BILLING,
    stripe: parseStripe(e, env),
    machineTranslation: {
      deepl: e.DEEPL_API_KEY ? { apiKey: e.DEEPL_API_KEY, apiUrl: e.DEEPL_API_URL?.replace(/\/+$/, '') } : null,
      libreTranslate: e.LIBRETRANSLATE_URL ? { url: e.LIBRETRANSLATE_URL.replace(/\/+$/, ''), apiKey: e.LIBRETRANSLATE_API_KEY } : null,
    },
    webDist: path.resolve(e.WEB_DIST),
    corsOrigins: e.CORS_ORIGINS === '*' ? '*' : e.CORS_ORIGINS.split(',').map((o) => o.trim().replace(/\/+$/, '')),
    trustProxy: parseTrustProxy(e.TRUSTED_PROXIES),
    logs: { maxDays: e.LOGS_MAX_DAYS },
    backups: { cron: e.BACKUPS_CRON, maxKeep: e.BACKUPS_MAX_KEEP },
    cronMinuteMs: e.CRON_MINUTE_MS,
    uploads: {
      maxFileBytes: e.UPLOAD_MAX_FILE_MB * 1024 * 1024,
      maxRequestBytes: e.UPLOAD_MAX_REQUEST_MB * 1024 * 1024,
      // Next to the database, outside UPLOADS_DIR: backups zip UPLOADS_DIR and must not see half-written parts.
      tmpDir: path.join(path.resolve(e.DATA_DIR), 'tmp', 'uploads'),
    },
    pdfWorker: {
      timeoutMs: e.PDF_WORKER_TIMEOUT_MS,
      maxMemoryMb: e.PDF_WORKER_MAX_MEMORY_MB,
      maxRssGrowthMb: e.PDF_WORKER_MAX_RSS_GROWTH_MB,
    },
    now: () => new Date(),
  };
}
