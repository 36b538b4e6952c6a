import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/** The real entry point in a child process: config errors, serving, graceful shutdown. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const ENTRY = path.resolve(import.meta.dirname, 'index.ts');
/** tsx by absolute path: `--import tsx` resolves from the working folder, which some tests move. */
const TSX = pathToFileURL(path.resolve(import.meta.dirname, '../node_modules/tsx/dist/loader.mjs')).href;

function start(env: Record<string, string>, cwd?: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-proc-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['--import', TSX, ENTRY], {
    cwd,
    env: { ...process.env, DATA_DIR: path.join(dir, 'data'), UPLOADS_DIR: path.join(dir, 'up'), PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early: ${err}`));
    });
  });
  listening.catch(() => undefined); // observed by the tests that expect an early exit
  return { child, exited, listening, output: () => out + err, dir };
}

describe('server/index.ts', () => {
  it('reads .env from the working folder; the environment still wins', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-cwd-'));
    dirs.push(cwd);
    fs.writeFileSync(path.join(cwd, '.env'), 'APP_NAME=Dotenv-Bistro\nLOGS_MAX_DAYS=not-a-number\n');
    const p = start({ LOGS_MAX_DAYS: '2' }, cwd);
    const url = await p.listening;
    expect(await (await fetch(`${url}/api/app-config`)).json()).toMatchObject({ appName: 'Dotenv-Bistro' });
    expect(p.output()).toContain(`settings read from ${path.join(cwd, '.env')}`);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('exits at once with a message naming an invalid variable', async () => {
    const p = start({ PORT: 'not-a-port' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });

  it.each([
    ['is not a database at all', (file: string) => fs.writeFileSync(file, Buffer.alloc(8192, 0x41))],
    [
      'has a damaged schema page',
      (file: string) => {
        // A real SQLite file whose first page (the schema) is overwritten past its 100-byte header.
        const fd = fs.openSync(file, 'r+');
        fs.writeSync(fd, Buffer.alloc(3000, 0xff), 0, 3000, 100);
        fs.closeSync(fd);
      },
    ],
  ])('refuses to start on a data.db that %s, saying which file and how to restore a backup', async (_label, damage) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-corrupt-'));
    dirs.push(dir);
    const file = path.join(dir, 'data.db');
    // A database made by a real start first, so the damage hits a file of ours.
    const first = start({ DATA_DIR: dir });
    await first.listening;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    damage(file);

    const p = start({ DATA_DIR: dir });
    expect(await p.exited).toBe(1);
    const out = p.output();
    expect(out).toContain(`The database file ${file} is damaged`);
    expect(out).toContain(path.join(dir, 'backups'));
    expect(out).toContain('Backups and restore');
    expect(out).not.toMatch(/\n\s+at /);
  });

  it('exits at once with a message when UPLOADS_DIR cannot be used', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-proc-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'file'), 'x');
    const p = start({ UPLOADS_DIR: path.join(dir, 'file', 'uploads') });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain(
      `UPLOADS_DIR: ${path.join(dir, 'file', 'uploads')} (the uploaded files folder) cannot be created (ENOTDIR`,
    );
    expect(p.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('serves, then shuts down cleanly on %s', async (signal) => {
    const p = start({});
    const url = await p.listening;
    const res = await fetch(`${url}/api/health`);
    expect(await res.json()).toEqual({ message: 'API is healthy.', code: 200, data: {} });
    p.child.kill(signal);
    expect(await p.exited).toBe(0);
    // SQLite was closed properly: the WAL was checkpointed and removed.
    expect(fs.existsSync(path.join(p.dir, 'data', 'data.db'))).toBe(true);
    expect(fs.existsSync(path.join(p.dir, 'data', 'data.db-wal'))).toBe(false);
  });
});
