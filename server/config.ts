import path from 'node:path';
import { z } from 'zod';

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
  UPLOADS_DIR: z.string().min(1).default('./uploads'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /** Master secret from which token signing keys are derived; generated and stored in the DB when unset. */
  APP_SECRET: z.string().min(32).optional(),
  BATCH_MAX_REQUESTS: z.coerce.number().int().min(0).max(10000).default(50),
  BATCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(3),
  /** Short-lived file token lifetime for protected files (seconds). */
  FILE_TOKEN_DURATION: z.coerce.number().int().min(10).max(86400).default(180),
});

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  uploadsDir: string;
  logLevel: (typeof logLevels)[number];
  appSecret: string | undefined;
  batch: { maxRequests: number; timeoutSeconds: number };
  fileTokenDuration: number;
  /** Overridable clock for deterministic tests. */
  now: () => Date;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming each invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    uploadsDir: path.resolve(e.UPLOADS_DIR),
    logLevel: e.LOG_LEVEL,
    appSecret: e.APP_SECRET,
    batch: { maxRequests: e.BATCH_MAX_REQUESTS, timeoutSeconds: e.BATCH_TIMEOUT_SECONDS },
    fileTokenDuration: e.FILE_TOKEN_DURATION,
    now: () => new Date(),
  };
}
