import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { EventSource } from 'eventsource';
import PocketBase from 'pocketbase';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { startChildServer, type ChildServer } from './test/child-server.ts';
import { eventually } from './test/eventually.ts';
import { buildTestApp } from './test/test-app.ts';
import { migrateDatabase, MIGRATIONS_DIR } from './db/migrate.ts';
import { openSqlite } from './db/open.ts';
import { migrationsBefore } from './test/migrations-before.ts';

/** Realtime through the official SDK, with the `eventsource` package as Node's EventSource. */
(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

/** Graceful shutdown and readiness of the real entry point, in child processes. */
const dirs: string[] = [];
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const SUPERUSER = { SUPERUSER_EMAIL: 'root@example.com', SUPERUSER_PASSWORD: 'root-password-1' };

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-drain-'));
  dirs.push(dir);
  return dir;
}

function start(dir: string, env: Record<string, string> = {}): ChildServer {
  const server = startChildServer({ DATA_DIR: path.join(dir, 'data'), UPLOADS_DIR: path.join(dir, 'up'), ...env });
  cleanups.push(() => server.child.kill('SIGKILL'));
  return server;
}

/** Waits until the child's output matches (a log line it writes once it got there). */
async function logged(server: ChildServer, pattern: RegExp, timeoutMs = 15_000): Promise<void> {
  const out = await eventually(
    () => server.output(),
    (o) => pattern.test(o),
    timeoutMs,
  );
  expect(out).toMatch(pattern);
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/**
 * A request the server has received (its headers, logged at debug) but not finished: the body is
 * announced and only half sent until `finish()`.
 */
async function slowSignUp(server: ChildServer, url: string, email: string) {
  const body = JSON.stringify({ email, password: 'a-long-password-1', passwordConfirm: 'a-long-password-1' });
  const marker = `slow=${Math.random().toString(36).slice(2)}`;
  let resolveResponse!: (v: { status: number; body: string }) => void;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    resolveResponse = resolve;
    void reject;
  });
  const req = http.request(`${url}/api/collections/users/records?${marker}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  req.on('response', (res) => {
    let text = '';
    res.on('data', (d: Buffer) => (text += d.toString()));
    res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, body: text }));
  });
  req.on('error', (err) => resolveResponse({ status: -1, body: String(err) }));
  req.write(body.slice(0, 10));
  await logged(server, new RegExp(`"url":"[^"]*${marker}`));
  return { response, finish: () => req.end(body.slice(10)) };
}

/** A TCP proxy whose upstream can be switched, standing in for a load balancer. */
async function proxy(target: string): Promise<{ url: string; to(target: string): void }> {
  let upstream = new URL(target);
  const server = net.createServer((client) => {
    const up = net.connect(Number(upstream.port), upstream.hostname);
    client.pipe(up).pipe(client);
    client.on('error', () => up.destroy());
    up.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, to: (t) => (upstream = new URL(t)) };
}

describe('graceful shutdown (server/shutdown.ts)', () => {
  it('drains on SIGTERM: readiness 503 at once, SSE clients reconnect elsewhere, in-flight requests finish, then exit 0', async () => {
    const dir = tempDir();
    const a = start(dir, { ...SUPERUSER, LOG_LEVEL: 'debug', SHUTDOWN_DELAY_MS: '5000', SHUTDOWN_TIMEOUT_MS: '20000' });
    const aUrl = await a.listening;
    // A second instance on the same data folder: where the load balancer sends clients next.
    const b = start(dir, SUPERUSER);
    const bUrl = await b.listening;
    const lb = await proxy(aUrl);

    expect(await (await fetch(`${aUrl}/api/ready`)).json()).toEqual({ message: 'API is ready.', code: 200, data: {} });

    // An SSE client through the load balancer, on instance A.
    const pb = new PocketBase(lb.url);
    cleanups.push(() => pb.realtime.unsubscribe().catch(() => undefined));
    await pb.collection('_superusers').authWithPassword(SUPERUSER.SUPERUSER_EMAIL, SUPERUSER.SUPERUSER_PASSWORD);
    const connects: string[] = [];
    const disconnects: string[][] = [];
    pb.realtime.onDisconnect = (subs) => disconnects.push(subs);
    const created: string[] = [];
    await pb.realtime.subscribe('PB_CONNECT', () => connects.push(pb.realtime.clientId));
    await pb.collection('users').subscribe('*', (e) => created.push(String(e.record.email)));
    expect(connects).toHaveLength(1);

    const slow = await slowSignUp(a, aUrl, 'during-drain@example.com');
    a.child.kill('SIGTERM');
    await logged(a, /shutdown: not ready any more/);
    // Not ready at once, still serving (the delay lets the load balancer notice).
    const ready = await fetch(`${aUrl}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: 'API is shutting down.', code: 503, data: {} });
    expect((await fetch(`${aUrl}/api/health`)).status).toBe(200);
    // No new realtime stream on an instance about to end them.
    const stream = await fetch(`${aUrl}/api/realtime`);
    expect(stream.status).toBe(503);
    expect(await stream.json()).toEqual({ status: 503, message: 'The server is shutting down: connect again.', data: {} });
    lb.to(bUrl);

    // After the delay: streams end, the listener is closed, the slow request still runs.
    await logged(a, /shutdown: not accepting connections/);
    await expect(fetch(`${aUrl}/api/health`)).rejects.toThrow();
    slow.finish();
    const res = await slow.response;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ collectionName: 'users', verified: false });
    expect(await a.exited).toBe(0);

    // The SDK saw its stream end and reconnected through the load balancer, to B, with its subscriptions.
    await eventually(
      () => connects.length,
      (n) => n >= 2,
      15_000,
    );
    expect(disconnects[0]).toEqual(expect.arrayContaining(['users/*']));
    expect(connects).toHaveLength(2);
    expect(connects[1]).not.toBe(connects[0]);
    const signUp = await fetch(`${bUrl}/api/collections/users/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'after-drain@example.com', password: 'a-long-password-1', passwordConfirm: 'a-long-password-1' }),
    });
    expect(signUp.status).toBe(200);
    expect(
      await eventually(
        () => created,
        (c) => c.includes('after-drain@example.com'),
      ),
    ).toContain('after-drain@example.com');

    // Each step logged once; the database closed properly (WAL checkpointed) and kept the drained write.
    const out = a.output();
    for (const step of [
      'shutdown: not ready any more',
      'shutdown: still serving',
      'shutdown: realtime streams ended',
      'shutdown: not accepting connections',
      'shutdown: done, database closed',
    ])
      expect(count(out, step), step).toBe(1);
    expect(out).toMatch(/"streams":1,"msg":"shutdown: realtime streams ended/);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'data', 'data.db-wal'))).toBe(false);
    const db = new BetterSqlite3(path.join(dir, 'data', 'data.db'), { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM users WHERE email = 'during-drain@example.com'").get()).toEqual({ n: 1 });
    db.close();
  }, 90_000);

  it('a second signal exits at once, without waiting for the in-flight request', async () => {
    const dir = tempDir();
    const p = start(dir, { LOG_LEVEL: 'debug', SHUTDOWN_TIMEOUT_MS: '600000' });
    const url = await p.listening;
    const slow = await slowSignUp(p, url, 'never@example.com');
    p.child.kill('SIGTERM');
    await logged(p, /shutdown: not accepting connections/);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(1);
    expect(count(p.output(), 'shutdown: second signal, exiting now')).toBe(1);
    expect(p.output()).not.toContain('shutdown: done');
    expect((await slow.response).status).toBe(-1);
  }, 60_000);

  it('cuts the connections still open at SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const dir = tempDir();
    const p = start(dir, { LOG_LEVEL: 'debug', SHUTDOWN_TIMEOUT_MS: '300' });
    const url = await p.listening;
    const slow = await slowSignUp(p, url, 'never@example.com');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(1);
    expect(count(p.output(), 'shutdown: deadline reached')).toBe(1);
    expect(p.output()).toContain('shutdown: done, database closed');
    expect((await slow.response).status).toBe(-1);
  }, 60_000);

  it('SHUTDOWN_TIMEOUT_MS and SHUTDOWN_DELAY_MS are validated', () => {
    expect(loadConfig({}).shutdown).toEqual({ delayMs: 0, timeoutMs: 10_000 });
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500', SHUTDOWN_DELAY_MS: '100' }).shutdown).toEqual({ delayMs: 100, timeoutMs: 2500 });
    for (const [name, value] of [
      ['SHUTDOWN_TIMEOUT_MS', 'soon'],
      ['SHUTDOWN_TIMEOUT_MS', '-1'],
      ['SHUTDOWN_TIMEOUT_MS', '1.5'],
      ['SHUTDOWN_DELAY_MS', '9999999'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
    }
  });
});

describe('closing the app (in process)', () => {
  it('waits for a running cron job before closing the database it uses', async () => {
    const t = await buildTestApp();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    t.ctx.crons.register('slowJob', '* * * * *', async () => {
      await gate;
      // Throws "The database connection is not open" if close() did not wait.
      order.push(`job read ${String(t.ctx.stmts.get('SELECT 1 AS one')?.one)}`);
    });
    const running = t.ctx.crons.run('slowJob');
    const closed = t.close().then(() => order.push('closed'));
    await new Promise((r) => setImmediate(r));
    release();
    await Promise.all([running, closed]);
    expect(order).toEqual(['job read 1', 'closed']);
    // Closed on both engines: the next query fails.
    expect(() => t.ctx.stmts.get('SELECT 1 AS one')).toThrow(/not open|closed/);
  });
});

/** Whether process `pid` has `file` open (Linux /proc): it got as far as opening the database. */
function hasOpen(pid: number, file: string): boolean {
  const fds = path.join('/proc', String(pid), 'fd');
  try {
    return fs.readdirSync(fds).some((fd) => {
      try {
        return fs.readlinkSync(path.join(fds, fd)) === file;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

describe('several instances starting together on one data folder', () => {
  it('a rolling upgrade: both wait for the one migrating, come up ready, the new migration applied once', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'data', 'data.db');
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const latest = journal.entries.at(-1)?.tag ?? '';
    // The database of the previous release: every migration but the newest.
    const db = openSqlite(file);
    migrateDatabase(db, migrationsBefore(latest, dirs));
    // A migration that takes long (longer than a connection's 5 s busy timeout) holds the write
    // lock while both new instances start: they must wait for it, not fail or migrate beside it.
    db.exec('BEGIN IMMEDIATE');
    const [a, b] = [start(dir), start(dir)];
    await eventually(
      () => [a, b].every((p) => p.child.pid !== undefined && hasOpen(p.child.pid, file)),
      (v) => v,
      30_000,
    );
    await new Promise((r) => setTimeout(r, 6_000));
    db.exec('ROLLBACK');
    db.close();
    const urls = await Promise.all([a.listening, b.listening]);
    for (const url of urls) expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    const check = new BetterSqlite3(file, { readonly: true });
    const rows = check.prepare('SELECT hash FROM __drizzle_migrations').all() as { hash: string }[];
    check.close();
    expect(rows).toHaveLength(journal.entries.length);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    for (const p of [a, b]) p.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  }, 90_000);

  it('both come up on a new data folder, the migrations applied once', async () => {
    const dir = tempDir();
    const [a, b] = [start(dir), start(dir)];
    const urls = await Promise.all([a.listening, b.listening]);
    for (const url of urls) expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const db = new BetterSqlite3(path.join(dir, 'data', 'data.db'), { readonly: true });
    const rows = db.prepare('SELECT hash FROM __drizzle_migrations').all() as { hash: string }[];
    db.close();
    expect(rows).toHaveLength(journal.entries.length);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    for (const p of [a, b]) p.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  }, 60_000);
});
