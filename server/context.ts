import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { CollectionRegistry, type CollectionDef } from './core/collections.ts';
import { RecordEvents } from './core/events.ts';
import { createLocalStorage, type FileStorage } from './core/files/storage.ts';
import { createS3Client, createS3Storage } from './core/files/s3-storage.ts';
import { RecordEngine } from './core/records/engine.ts';
import { TokenService } from './core/auth/tokens.ts';
import { AuthService } from './core/auth/auth-service.ts';
import { buildProviders, type OAuth2Provider } from './core/auth/oauth2-providers.ts';
import type { MailLogWriter, Mailer } from './mail/mailer.ts';
import { createAuthMail } from './auth-mail.ts';
import type { RealtimeBus } from './core/realtime/bus.ts';
import { createBus, wireBus } from './bus-wiring.ts';
import { SubscriptionForwarder } from './core/realtime/forward.ts';
import { RealtimeHub } from './core/realtime/hub.ts';
import { migrateDatabase, tableNames } from './db/migrate.ts';
import { openSqlite, type SqliteDb } from './db/open.ts';
import { Statements } from './db/statements.ts';
import type { SqlStatements } from './db/sql.ts';
import { PgStatements } from './db/pg-statements.ts';
import { migratePostgres, pgTableNames } from './db/migrate-pg.ts';
import { StorageHealth } from './db/storage-health.ts';
import { CronScheduler } from './ops/cron.ts';
import { databaseCronClaim } from './ops/cron-claims.ts';
import { applySettings, initialMailer, limiterFactory, type RateLimits } from './ops/live-settings.ts';
import { SettingsService } from './ops/settings.ts';

/** Everything a request handler may use, built once per app instance. */
export interface AppContext {
  /** This app's effective configuration: the env's, with saved settings applied (updated in place when they change). */
  config: Config;
  /** The SQLite connection; null when DATABASE_URL selects PostgreSQL. */
  sqlite: SqliteDb | null;
  stmts: SqlStatements;
  /** Whether the database takes writes (for /api/health). */
  storageHealth: StorageHealth;
  registry: CollectionRegistry;
  events: RecordEvents;
  storage: FileStorage;
  engine: RecordEngine;
  tokens: TokenService;
  auth: AuthService;
  mailer: Mailer;
  oauth2Providers: OAuth2Provider[];
  rateLimits: RateLimits;
  bus: RealtimeBus;
  hub: RealtimeHub;
  /** Subscription requests for realtime streams held by another instance (over the bus). */
  subscriptions: SubscriptionForwarder;
  /** `/api/settings`, stored in `_params`. */
  settings: SettingsService;
  /** Scheduled jobs (`/api/crons`): modules add theirs with `crons.register(id, expression, fn)`. */
  crons: CronScheduler;
  /** Graceful shutdown state: `GET /api/ready` answers 503 once draining (server/shutdown.ts). */
  lifecycle: Lifecycle;
  /** The app's logger (Fastify's), for what modules report at boot and in background jobs. */
  log: ContextOptions['log'];
  /** Registers cleanup to run when the app closes (timers of modules). */
  onClose(fn: () => void): void;
  close(): Promise<void>;
}

export interface Lifecycle {
  /** Set on SIGTERM/SIGINT: the instance takes no new work and tells load balancers it is not ready. */
  draining: boolean;
  /** When draining: the time (ms since epoch) by which running work must be done; close() waits no longer. */
  deadline: number | null;
}

export interface ContextOptions {
  /** Where background errors go (Fastify's logger in the app). */
  log: {
    info(obj: Record<string, unknown>, msg: string): void;
    error(obj: Record<string, unknown>, msg: string): void;
    debug?(obj: Record<string, unknown>, msg: string): void;
  };
  /** Where emails are written when no SMTP server is set (none: they are dropped). */
  writeMail?: MailLogWriter;
  /** The realtime bus (tests); by default the configured one (server/bus-wiring.ts). */
  bus?: RealtimeBus;
}

export function databaseFile(config: Config): string {
  return path.join(config.dataDir, 'data.db');
}

/** The app secret from config, or the one generated and stored at first boot. */
function loadAppSecret(stmts: SqlStatements, configured: string | undefined): string {
  if (configured) return configured;
  // Two instances starting together on a new database: the first one's secret wins, both use it.
  stmts.run("INSERT INTO _params (key, value) VALUES ('appSecret', ?) ON CONFLICT(key) DO NOTHING", [
    randomBytes(32).toString('base64url'),
  ]);
  return String(stmts.get("SELECT value FROM _params WHERE key = 'appSecret'")?.value);
}

/** The database DATABASE_URL selects (PostgreSQL), or the SQLite file in DATA_DIR; migrated. */
function openDatabase(config: Config): { sqlite: SqliteDb | null; stmts: SqlStatements; tables: Set<string> } {
  if (config.databaseUrl) {
    const stmts = new PgStatements(config.databaseUrl);
    try {
      migratePostgres(stmts);
      return { sqlite: null, stmts, tables: pgTableNames(stmts) };
    } catch (err) {
      stmts.close();
      throw err;
    }
  }
  const file = databaseFile(config);
  const sqlite = openSqlite(file, {
    prepare: migrateDatabase,
    recovery:
      `Restore a backup: unzip the newest one in ${path.join(config.dataDir, 'backups')} (or your off-machine copy), ` +
      `put its data.db at ${file} and its uploads/ in ${config.uploadsDir}, then start the server. ` +
      'Without a backup, starting with no data.db begins with an empty database. See README, "Backups and restore".',
  });
  return { sqlite, stmts: new Statements(sqlite), tables: tableNames(sqlite) };
}

export function createContext(envConfig: Config, collections: CollectionDef[], options: ContextOptions): AppContext {
  // Settings may override parts of the config: each app gets its own copy, the env's stays intact.
  const config: Config = { ...envConfig, batch: { ...envConfig.batch } };
  const registry = new CollectionRegistry(collections);
  const { sqlite, stmts, tables } = openDatabase(config);
  const missing = registry
    .all()
    .filter((c) => !tables.has(c.name))
    .map((c) => c.name);
  if (missing.length) {
    if (sqlite) sqlite.close();
    else (stmts as PgStatements).close();
    throw new Error(`No table for collection(s) ${missing.join(', ')}: run "npm run db:generate" and commit the migration.`);
  }
  const events = new RecordEvents();
  const s3 = config.s3Storage ? createS3Client(config.s3Storage) : null;
  const storage = config.s3Storage && s3 ? createS3Storage(config.s3Storage, s3) : createLocalStorage(config.uploadsDir);
  const engine = new RecordEngine(registry, stmts, storage, events, config.now);
  engine.onStorageCleanupError = (key, err) =>
    options.log.error({ err, key }, `file storage: ${key} belongs to no record any more but could not be removed; remove it by hand`);
  const appSecret = loadAppSecret(stmts, config.appSecret);
  const tokens = new TokenService(registry, stmts, appSecret, config.now);
  const settings = new SettingsService(stmts, envConfig);
  const writeMail = options.writeMail ?? (() => undefined);
  const mailer = initialMailer(settings.get(), envConfig, writeMail);
  const brand = { appName: config.appName, appUrl: config.appUrl };
  const rateLimits = {} as RateLimits;
  const limiters = limiterFactory(config, stmts);
  const live = { envConfig, config, brand, mailer, rateLimits, limiters, writeMail };
  applySettings(live, settings.get(), null);
  settings.onChange((next, previous) => applySettings(live, next, previous));
  const auth = new AuthService({
    registry,
    engine,
    tokens,
    appSecret,
    now: config.now,
    limiters,
    mail: createAuthMail(mailer, brand),
    logError: (err, msg) => options.log.error({ err }, msg),
  });
  // Every scheduled run is claimed in the database: one run per schedule across instances.
  const crons = new CronScheduler(
    { error: (obj, msg) => options.log.error(obj, msg), debug: (obj, msg) => options.log.debug?.(obj, msg) },
    undefined,
    databaseCronClaim(stmts),
    config.cronMinuteMs,
  );
  const cleanups: Array<() => void> = [];
  // Cached auth rows must never outlive a change (password, verification, deletion).
  events.on((e) => {
    if (e.collection.type === 'auth') tokens.forget(e.collection.id, String(e.row.id));
  });
  const bus = options.bus ?? createBus(config, options.log);
  wireBus(bus, { stmts, registry, events, tokens, settings });
  const hub = new RealtimeHub(registry, engine.access, bus, {
    idleTimeoutMs: config.realtime.idleTimeoutSeconds * 1000,
    keepAliveMs: config.realtime.keepAliveSeconds * 1000,
  });
  // Who may see a delete is decided before the rows are gone (cascades reach rules through parents).
  events.onDeleting((e) => hub.prepareDelete(e.collection, e.row));
  const subscriptions = new SubscriptionForwarder(hub, bus, (collectionId, id) => tokens.authState(collectionId, id));
  const lifecycle: Lifecycle = { draining: false, deadline: null };
  return {
    config,
    lifecycle,
    sqlite,
    stmts,
    storageHealth: new StorageHealth(sqlite, stmts),
    registry,
    events,
    storage,
    engine,
    tokens,
    auth,
    mailer,
    rateLimits,
    bus,
    hub,
    subscriptions,
    settings,
    crons,
    oauth2Providers: buildProviders(config.oauth2),
    log: options.log,
    onClose: (fn) => {
      cleanups.push(fn);
    },
    close: async () => {
      // No new scheduled run; the running ones finish first (they use the database closed below).
      crons.stop();
      const waitMs = (lifecycle.deadline ?? Date.now() + config.shutdown.timeoutMs) - Date.now();
      if (!(await crons.idle(waitMs))) options.log.error({ jobs: crons.runningIds() }, 'shutdown: cron jobs still running at the deadline');
      for (const fn of cleanups.splice(0)) fn();
      hub.closeAll();
      subscriptions.close();
      await bus.close?.();
      await mailer.close().catch(() => undefined);
      if (sqlite?.open) sqlite.close();
      if (stmts instanceof PgStatements) stmts.close();
      s3?.destroy();
    },
  };
}
