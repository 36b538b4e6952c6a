import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import PocketBase from 'pocketbase';
import { buildApp } from '../app.ts';
import { appCollections } from '../app-collections.ts';
import { loadConfig, type Config } from '../config.ts';
import { databaseFile, type AppContext } from '../context.ts';
import type { CollectionDef } from '../core/collections.ts';
import type { RequestInfo } from '../core/request-info.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { openSqlite } from '../db/open.ts';
import { createTables } from './tables.ts';
import { createTestDatabase, testOnPostgres, type TestDatabase } from './test-db.ts';
import type { FastifyInstance } from 'fastify';

/** The PostgreSQL database of each test app that made its own folder (DB=pg), for instances sharing it. */
const databasesByDir = new Map<string, TestDatabase>();

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  dir: string;
  /** Base URL once `listen()` was called. */
  url: string;
  /** Listens on 127.0.0.1, on `port` or a free one. */
  listen(port?: number): Promise<string>;
  /** A fresh SDK client against the listening app (auto-cancellation off, as tests fire in parallel). */
  sdk(): PocketBase;
  /** Stops the server and starts a new app on the same data and port (clients must reconnect); `between` runs with no app open. */
  restart(between?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  collections?: CollectionDef[];
  /** Environment of the app; a variable set to undefined takes the real default (e.g. `BILLING: undefined`). */
  env?: Record<string, string | undefined>;
  now?: () => Date;
  /** Another test app's `dir`: a second instance on the same data (one SQLite file); its close() leaves the folder. */
  dir?: string;
}

/**
 * A real app over a fresh SQLite file in a temp dir, with extra collections defined by the test;
 * with `DB=pg`, over a fresh PostgreSQL database of a per-worker cluster (server/test/test-db.ts).
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-test-'));
  const extra = options.collections ?? [];
  // A second instance on another app's `dir` shares that app's database, on either engine.
  const shared = options.dir ? databasesByDir.get(options.dir) : undefined;
  const db: TestDatabase | null =
    shared ?? (testOnPostgres() && options.env?.DATABASE_URL === undefined ? await createTestDatabase(extra) : null);
  if (db && !options.dir) databasesByDir.set(dir, db);
  const config = loadConfig({
    ...(db ? { DATABASE_URL: db.url } : {}),
    DATA_DIR: path.join(dir, 'data'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    APP_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    // Test apps run in trial mode unless a test says otherwise: most tests prove tenancy and
    // writes through subscription statuses, which off mode (the real default) makes all active.
    BILLING: 'trial',
    ...options.env,
  });
  if (options.now) config.now = options.now;
  if (!config.databaseUrl) {
    const sqlite = openSqlite(databaseFile(config));
    migrateDatabase(sqlite);
    await createTables(sqlite, extra);
    sqlite.close();
  }
  const collections = [...appCollections, ...extra];
  // A backup restore restarts the app in-process, as server/index.ts does.
  const onRestart = (between: () => Promise<void>) => t.restart(between);
  const { app, ctx } = await buildApp(config, { collections, logger: false, onRestart });
  const t: TestApp = {
    app,
    ctx,
    config,
    dir,
    url: '',
    async listen(port = 0) {
      await app.listen({ port, host: '127.0.0.1' });
      t.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return t.url;
    },
    sdk() {
      if (!t.url) throw new Error('call listen() first');
      const pb = new PocketBase(t.url);
      pb.autoCancellation(false);
      return pb;
    },
    async restart(between) {
      const port = Number(new URL(t.url).port);
      await t.app.close();
      await between?.();
      const next = await buildApp(config, { collections, logger: false, onRestart });
      t.app = next.app;
      t.ctx = next.ctx;
      await t.app.listen({ port, host: '127.0.0.1' });
    },
    async close() {
      await t.app.close();
      if (options.dir) return;
      databasesByDir.delete(dir);
      await db?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

/** A request context acting as a superuser, for seeding data directly through the engine. */
export function superuserRequest(ctx: AppContext): RequestInfo {
  const collection = ctx.registry.get('_superusers');
  if (!collection) throw new Error('no _superusers');
  return { auth: { collection, row: { id: 'testsuperuser00' } }, method: 'POST', context: 'default', query: {}, headers: {}, body: {} };
}

/** Creates a record as a superuser and returns its JSON. */
export async function seed(ctx: AppContext, collection: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  return ctx.engine.create(ctx.engine.collection(collection), { data, files: {}, fromForm: false }, superuserRequest(ctx));
}

/** An auth token for a stored auth record, signed exactly as the auth endpoints sign it. */
export async function tokenFor(ctx: AppContext, collection: string, id: string): Promise<string> {
  const c = ctx.engine.collection(collection);
  const row = ctx.stmts.get(`SELECT * FROM "${c.name}" WHERE "id" = ?`, [id]);
  if (!row) throw new Error(`no ${collection}/${id}`);
  return ctx.tokens.sign(c, row, 'auth', 3600, { refreshable: true });
}

/**
 * A verified account and the organization sign-up made for it, made active (subscribed) so its
 * menus are served: the usual owner of a test. Returns the ids and a signed-in token.
 */
export async function activeOwner(
  ctx: AppContext,
  email: string,
  password = 'owner-password-1',
): Promise<{ id: string; org: string; token: string }> {
  const user = await seed(ctx, 'users', { email, password, passwordConfirm: password, verified: true });
  const id = String(user.id);
  const org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [id])?.o);
  await ctx.engine.update(
    ctx.engine.collection('organizations'),
    org,
    { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
    superuserRequest(ctx),
  );
  return { id, org, token: await tokenFor(ctx, 'users', id) };
}
