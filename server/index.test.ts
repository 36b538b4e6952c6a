import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChildServer } from './test/child-server.ts';

/** The real entry point in a child process: config errors, serving, graceful shutdown. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** The real entry point in a temp data folder (any free port, request logs at info). */
function start(env: Record<string, string>, cwd?: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-proc-'));
  dirs.push(dir);
  const server = startChildServer({ DATA_DIR: path.join(dir, 'data'), UPLOADS_DIR: path.join(dir, 'up'), ...env }, { cwd });
  return { ...server, dir };
}

describe('server/index.ts', () => {
  it('reads .env from the working folder; the environment still wins', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-cwd-'));
    dirs.push(cwd);
    fs.writeFileSync(path.join(cwd, '.env'), 'APP_NAME=Dotenv-Bistro\nLOGS_MAX_DAYS=not-a-number\n');
    const p = start({ LOGS_MAX_DAYS: '2' }, cwd);
    const url = await p.listening;
    expect(await (await fetch(`${url}/api/app-config`)).json()).toMatchObject({ appName: 'Dotenv-Bistro' });
    expect(p.output()).toMatch(new RegExp(`Settings: +read from ${path.join(cwd, '.env').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('prints one block saying where it serves, how it bills and where emails go', async () => {
    const p = start({ BILLING: 'off', APP_URL: 'https://menu.example.com' });
    const url = await p.listening;
    const out = p.output();
    expect(out).toContain(`QR Menu is running\n  URL: `);
    expect(out).toMatch(new RegExp(`^ {2}URL: +${url}$`, 'm'));
    expect(out).toMatch(/^ {2}Public URL: +https:\/\/menu\.example\.com \(APP_URL: guest links and QR codes use it\)$/m);
    expect(out).toMatch(/^ {2}Billing: +off \(self-hosted: every organization is active/m);
    expect(out).toMatch(/^ {2}Files: +folder \/.*\/up$/m);
    expect(out).toMatch(/^ {2}Emails: +SMTP not set: emails are written to this log, look for lines starting with ✉$/m);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('prints a one-time link to create the first superuser while there is none', async () => {
    const p = start({ APP_URL: 'http://127.0.0.1:9' });
    const url = await p.listening;
    const link = /^ {2}Superuser: +none yet: create the first one at (\S+)$/m.exec(p.output())?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:9\/_\/#\/install\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(p.output()).toMatch(/^ +\(valid for 1 hour; or run: npm run superuser -- upsert EMAIL PASSWORD\)$/m);
    const token = link.split('/install/')[1];
    const res = await fetch(`${url}/api/installer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, email: 'first@example.com', password: 'first-password-1', passwordConfirm: 'first-password-1' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ record: { email: 'first@example.com' } });
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);

    // Started again with a superuser in the database: no link.
    const again = startChildServer({ DATA_DIR: path.join(p.dir, 'data'), UPLOADS_DIR: path.join(p.dir, 'up') });
    await again.listening;
    expect(again.output()).toContain('Emails:');
    expect(again.output()).not.toContain('Superuser:');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('writes emails as ✉ lines even at LOG_LEVEL=warn, and no request noise', async () => {
    const p = start({ LOG_LEVEL: 'warn', APP_URL: 'https://menu.example.com' });
    const url = await p.listening;
    const res = await fetch(`${url}/api/collections/users/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'newcomer@example.com', password: 'a-long-password-1', passwordConfirm: 'a-long-password-1' }),
    });
    expect(res.status).toBe(200);
    // The verification email is sent after the response: wait for its last line, the link.
    const deadline = Date.now() + 10_000;
    while (!/✉ .*\/verify\?token=/.test(p.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const mailLines = p
      .output()
      .split('\n')
      .filter((l) => l.startsWith('✉'));
    expect(mailLines[0]).toMatch(/^✉ Email to newcomer@example\.com: /);
    expect(mailLines.some((l) => l.includes('https://menu.example.com/verify?token='))).toBe(true);
    expect(p.output()).not.toContain('request completed');
    expect(p.output()).not.toContain('incoming request');
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
