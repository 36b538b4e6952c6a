import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { CollectionRegistry, type CollectionDef } from './core/collections.ts';
import { RecordEvents } from './core/events.ts';
import { createLocalStorage, type FileStorage } from './core/files/storage.ts';
import { RecordEngine } from './core/records/engine.ts';
import { TokenService } from './core/auth/tokens.ts';
import { AuthService } from './core/auth/auth-service.ts';
import { buildProviders, type OAuth2Provider } from './core/auth/oauth2-providers.ts';
import { FixedWindowLimiter } from './core/auth/rate-limit.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createAuthMail } from './auth-mail.ts';
import { LocalBus, type RealtimeBus } from './core/realtime/bus.ts';
import { RealtimeHub } from './core/realtime/hub.ts';
import { migrateDatabase, tableNames } from './db/migrate.ts';
import { openSqlite, type SqliteDb } from './db/open.ts';
import { Statements } from './db/statements.ts';

/** Everything a request handler may use, built once per app instance. */
export interface AppContext {
  config: Config;
  sqlite: SqliteDb;
  stmts: Statements;
  registry: CollectionRegistry;
  events: RecordEvents;
  storage: FileStorage;
  engine: RecordEngine;
  tokens: TokenService;
  auth: AuthService;
  mailer: Mailer;
  oauth2Providers: OAuth2Provider[];
  rateLimits: { enabled: boolean; login: FixedWindowLimiter; email: FixedWindowLimiter };
  bus: RealtimeBus;
  hub: RealtimeHub;
  /** Registers cleanup to run when the app closes (timers of modules). */
  onClose(fn: () => void): void;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Where background errors and logged emails go (Fastify's logger in the app). */
  log: { info(obj: Record<string, unknown>, msg: string): void; error(obj: Record<string, unknown>, msg: string): void };
}

export function databaseFile(config: Config): string {
  return path.join(config.dataDir, 'data.db');
}

/** The app secret from config, or the one generated and stored at first boot. */
function loadAppSecret(stmts: Statements, configured: string | undefined): string {
  if (configured) return configured;
  const row = stmts.get("SELECT value FROM _params WHERE key = 'appSecret'");
  if (row) return String(row.value);
  const secret = randomBytes(32).toString('base64url');
  stmts.run("INSERT INTO _params (key, value) VALUES ('appSecret', ?)", [secret]);
  return secret;
}

export function createContext(config: Config, collections: CollectionDef[], options: ContextOptions): AppContext {
  const sqlite = openSqlite(databaseFile(config));
  migrateDatabase(sqlite);
  const registry = new CollectionRegistry(collections);
  const tables = tableNames(sqlite);
  const missing = registry.all().filter((c) => !tables.has(c.name)).map((c) => c.name);
  if (missing.length) {
    sqlite.close();
    throw new Error(`No table for collection(s) ${missing.join(', ')}: run "npm run db:generate" and commit the migration.`);
  }
  const stmts = new Statements(sqlite);
  const events = new RecordEvents();
  const storage = createLocalStorage(config.uploadsDir);
  const engine = new RecordEngine(registry, stmts, storage, events, config.now);
  const appSecret = loadAppSecret(stmts, config.appSecret);
  const tokens = new TokenService(registry, stmts, appSecret, config.now);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: (obj, msg) => options.log.info(obj, msg) });
  const auth = new AuthService({
    registry, engine, tokens, appSecret, now: config.now,
    mail: createAuthMail(mailer, { appName: config.appName, appUrl: config.appUrl }),
    logError: (err, msg) => options.log.error({ err }, msg),
  });
  const windowMs = config.rateLimit.authWindowSeconds * 1000;
  const rateLimits = {
    enabled: config.rateLimit.enabled,
    login: new FixedWindowLimiter(config.rateLimit.authMax, windowMs),
    email: new FixedWindowLimiter(config.rateLimit.enabled ? config.rateLimit.emailMax : Number.MAX_SAFE_INTEGER, windowMs),
  };
  const cleanups: Array<() => void> = [];
  // Cached auth rows must never outlive a change (password, verification, deletion).
  events.on((e) => { if (e.collection.type === 'auth') tokens.forget(e.collection.id, String(e.row.id)); });
  const bus = new LocalBus();
  events.on((e) => bus.publish({ action: e.action, collectionId: e.collection.id, row: e.row }));
  const hub = new RealtimeHub(registry, engine.access, bus, { idleTimeoutMs: config.realtime.idleTimeoutSeconds * 1000, keepAliveMs: config.realtime.keepAliveSeconds * 1000 });
  return {
    config, sqlite, stmts, registry, events, storage, engine, tokens, auth, mailer, rateLimits, bus, hub,
    oauth2Providers: buildProviders(config.oauth2),
    onClose: (fn) => { cleanups.push(fn); },
    close: async () => {
      for (const fn of cleanups.splice(0)) fn();
      hub.closeAll();
      await mailer.close().catch(() => undefined);
      if (sqlite.open) sqlite.close();
    },
  };
}
