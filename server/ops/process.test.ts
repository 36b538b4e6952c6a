import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startChildServer, superuserToken, type ChildServer } from '../test/child-server.ts';

/** The real server process: kill -9 in the middle of writes, restore-and-restart in place, secrets in its log. */
const EMAIL = 'root@example.com';
const PASSWORD = 'root-password-123';
const dirs: string[] = [];
const children: ChildServer[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function serverIn(dir: string, env: Record<string, string> = {}): ChildServer {
  const s = startChildServer({
    DATA_DIR: path.join(dir, 'data'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    SUPERUSER_EMAIL: EMAIL,
    SUPERUSER_PASSWORD: PASSWORD,
    BILLING: 'off',
    ...env,
  });
  children.push(s);
  return s;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-ops-proc-'));
  dirs.push(dir);
  return dir;
}

function integrity(file: string): string {
  const db = new BetterSqlite3(file);
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

describe('crash safety', () => {
  it('kill -9 during a burst of writes loses no acknowledged record and corrupts nothing', async () => {
    const dir = tempDir();
    const first = serverIn(dir);
    const url = await first.listening;
    const token = await superuserToken(url, EMAIL, PASSWORD);
    const acknowledged: string[] = [];
    let next = 0;
    let stop = false;
    const worker = async () => {
      while (!stop && next < 500) {
        const n = next++;
        try {
          const res = await fetch(`${url}/api/collections/plans/records`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: token },
            body: JSON.stringify({ code: `crash-${n}`, name: `Crash ${n}`, priceMonthly: n }),
          });
          if (res.ok) acknowledged.push(String(((await res.json()) as { id: string }).id));
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 16 }, () => worker());
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 2));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect(await first.exited).toBeNull(); // killed, not exited
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(acknowledged.length).toBeLessThan(500);

    const second = serverIn(dir);
    const url2 = await second.listening;
    const token2 = await superuserToken(url2, EMAIL, PASSWORD);
    const res = await fetch(
      `${url2}/api/collections/plans/records?perPage=1000&fields=id&filter=${encodeURIComponent('code ~ "crash-"')}`,
      { headers: { authorization: token2 } },
    );
    const stored = new Set(((await res.json()) as { items: { id: string }[] }).items.map((i) => i.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(integrity(path.join(dir, 'data', 'data.db'))).toBe('ok');
    expect(integrity(path.join(dir, 'data', 'auxiliary.db'))).toBe('ok');
  });
});

describe('restore in the real process', () => {
  it('restores a backup, restarts in place on the same port, and keeps secrets out of the log', async () => {
    const dir = tempDir();
    const server = serverIn(dir);
    const url = await server.listening;
    const token = await superuserToken(url, EMAIL, PASSWORD);
    const api = (p: string, init: RequestInit = {}) =>
      fetch(`${url}${p}`, { ...init, headers: { 'content-type': 'application/json', authorization: token, ...init.headers } });
    const created = (await (
      await api('/api/collections/plans/records', { method: 'POST', body: JSON.stringify({ code: 'keep-me', name: 'Keep me' }) })
    ).json()) as { id: string };
    expect((await api('/api/backups', { method: 'POST', body: JSON.stringify({ name: 'proc.zip' }) })).status).toBe(204);
    expect((await api(`/api/collections/plans/records/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/api/collections/plans/records/${created.id}`)).status).toBe(404);

    // Secrets that must never reach the log.
    await fetch(`${url}/api/files/plans/${created.id}/x.png?token=SECRET-QUERY-TOKEN`, {
      headers: { authorization: 'SECRET-AUTH-HEADER', cookie: 'session=SECRET-COOKIE' },
    });
    await api('/api/settings', { method: 'PATCH', body: JSON.stringify({ smtp: { enabled: false, password: 'SECRET-SMTP-PASSWORD' } }) });

    expect((await api('/api/backups/proc.zip/restore', { method: 'POST' })).status).toBe(204);
    const end = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < end) {
      status = await api(`/api/collections/plans/records/${created.id}`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect(server.child.exitCode).toBeNull(); // the same process, restarted in place
    expect(server.output()).toContain('restarting');
    expect(server.output()).toContain('backup restored');
    const log = server.output();
    for (const secret of ['SECRET-QUERY-TOKEN', 'SECRET-AUTH-HEADER', 'SECRET-COOKIE', 'SECRET-SMTP-PASSWORD', token])
      expect(log).not.toContain(secret);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(integrity(path.join(dir, 'data', 'data.db'))).toBe('ok');
  });
});
