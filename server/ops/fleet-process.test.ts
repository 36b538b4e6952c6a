import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../test/child-server.ts';

/**
 * Two real server processes (server/index.ts) on one data folder, `RATE_LIMIT_STORE=database`:
 * parallel failed sign-ins spread over both are counted in the one `_rateLimits` row, so exactly
 * the limit gets through and the rest get the contract's 429, with no database error under the
 * two processes' concurrent upserts.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-fleet-'));
const servers: ChildServer[] = [];

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  fs.rmSync(dir, { recursive: true, force: true });
});

it('two processes on one SQLite file share the sign-in limit under parallel requests', { timeout: 120_000 }, async () => {
  const env = {
    DATA_DIR: path.join(dir, 'data'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    APP_SECRET: 'fleet-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_STORE: 'database',
    AUTH_RATE_LIMIT_MAX: '5',
    // A day-long window (aligned on UTC days): the test never straddles two windows in practice.
    AUTH_RATE_LIMIT_WINDOW_SECONDS: '86400',
  };
  servers.push(startChildServer(env), startChildServer(env));
  const urls = await Promise.all(servers.map((s) => s.listening));
  const attempts = Array.from({ length: 24 }, (_, i) =>
    fetch(`${urls[i % 2]}/api/collections/users/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: 'nobody@example.com', password: 'wrong-password' }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown })),
  );
  const results = await Promise.all(attempts);
  expect(results.filter((r) => r.status === 400)).toHaveLength(5);
  const limited = results.filter((r) => r.status === 429);
  expect(limited).toHaveLength(19);
  for (const r of limited) expect(r.body).toEqual({ status: 429, message: 'Too Many Requests.', data: {} });
  // Both instances refused some: the limit is the fleet's, not one process's.
  const refusedBy = new Set(results.map((r, i) => (r.status === 429 ? i % 2 : -1)).filter((i) => i >= 0));
  expect(refusedBy).toEqual(new Set([0, 1]));
});
