import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { openSqlite, type SqliteDb } from './open.ts';
import { Statements } from './statements.ts';

/**
 * Two processes writing one SQLite file (instances of a fleet on one volume, a rolling restart).
 * A transaction that reads before it writes must wait for the other process's write lock like any
 * write: begun deferred, its first read takes a snapshot, and SQLite then refuses the upgrade to a
 * writer at once with SQLITE_BUSY, without calling the busy handler (the boot's plan seeding
 * crashed an instance this way).
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Another process (plain node and better-sqlite3, none of our code) holding the write lock for `ms`. */
function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    db.prepare("INSERT INTO t (id) VALUES ('other')").run();
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ['-e', script, file, String(ms)], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  const released = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve({ released });
    });
    child.on('exit', (code) => reject(new Error(`the lock holder exited (${String(code)}) before locking`)));
  });
}

function database(): { file: string; sqlite: SqliteDb; stmts: Statements } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-lock-'));
  dirs.push(dir);
  const file = path.join(dir, 'data.db');
  const sqlite = openSqlite(file);
  sqlite.exec('CREATE TABLE t (id TEXT PRIMARY KEY)');
  return { file, sqlite, stmts: new Statements(sqlite) };
}

it('a transaction that reads first waits for another process’s write, then writes', async () => {
  const { file, sqlite, stmts } = database();
  const other = await holdWriteLock(file, 400);
  const started = Date.now();
  const count = stmts.transaction(() => {
    const before = Number(stmts.get('SELECT count(*) AS n FROM t')?.n);
    stmts.run("INSERT INTO t (id) VALUES ('ours')");
    return before;
  });
  // It waited for the other process's commit (and so read what that wrote), rather than failing.
  expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  expect(count).toBe(1);
  expect(stmts.all('SELECT id FROM t ORDER BY id')).toEqual([{ id: 'other' }, { id: 'ours' }]);
  await other.released;
  sqlite.close();
});
