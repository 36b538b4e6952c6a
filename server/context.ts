import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { CollectionRegistry, type CollectionDef } from './core/collections.ts';
import { RecordEvents } from './core/events.ts';
import { createLocalStorage, type FileStorage } from './core/files/storage.ts';
import { RecordEngine } from './core/records/engine.ts';
import { TokenService } from './core/auth/tokens.ts';
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
  close(): void;
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

export function createContext(config: Config, collections: CollectionDef[]): AppContext {
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
  const tokens = new TokenService(registry, stmts, loadAppSecret(stmts, config.appSecret), config.now);
  return {
    config, sqlite, stmts, registry, events, storage, engine, tokens,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}
