import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { databaseCronClaim } from './cron-claims.ts';
import { loadConfig } from '../config.ts';

/**
 * Two app instances on ONE SQLite file (each its own connection, as two processes would have):
 * scheduled cron runs are claimed so each runs once across both, and with
 * `RATE_LIMIT_STORE=database` the auth and email limits count requests of both instances.
 */
const open: TestApp[] = [];

afterEach(async () => {
  // The second instance first: the first one's close() removes the shared folder.
  for (const t of open.splice(0).reverse()) await t.close();
});

/** Two instances on one data folder, with one movable clock. */
async function fleet(env: Record<string, string> = {}) {
  const clock = { ms: Date.now() };
  const now = () => new Date(clock.ms);
  const a = await buildTestApp({ env, now });
  open.push(a);
  const b = await buildTestApp({ env, now, dir: a.dir });
  open.push(b);
  return { a, b, clock };
}

describe('cron jobs across instances', () => {
  it('runs a job due in one minute once across both instances, again in its next slot; manual runs run where asked', async () => {
    const { a, b } = await fleet();
    const runs: string[] = [];
    // Feb 29, 03:07 UTC: never the real minute of the test, so only the ticks below start it.
    for (const [name, t] of [
      ['a', a],
      ['b', b],
    ] as const) {
      t.ctx.crons.register('fleetCount', '7 3 29 2 *', () => {
        runs.push(name);
      });
    }
    const settle = () => Promise.all([a.ctx.crons.idle(5000), b.ctx.crons.idle(5000)]);

    // Both instances tick in the same minute (seconds apart): one run.
    expect(a.ctx.crons.tick(new Date('2028-02-29T03:07:00.050Z'))).toContain('fleetCount');
    expect(b.ctx.crons.tick(new Date('2028-02-29T03:07:01.900Z'))).not.toContain('fleetCount');
    await settle();
    expect(runs).toEqual(['a']);

    // The next slot of the schedule: whichever ticks first wins (b here), once.
    expect(b.ctx.crons.tick(new Date('2032-02-29T03:07:00.050Z'))).toContain('fleetCount');
    expect(a.ctx.crons.tick(new Date('2032-02-29T03:07:00.050Z'))).not.toContain('fleetCount');
    await settle();
    expect(runs).toEqual(['a', 'b']);

    // An instance started later in that minute (a replacement, a restart) finds the slot claimed too.
    const c = await buildTestApp({ dir: a.dir });
    open.push(c);
    c.ctx.crons.register('fleetCount', '7 3 29 2 *', () => {
      runs.push('c');
    });
    expect(c.ctx.crons.tick(new Date('2032-02-29T03:07:30Z'))).not.toContain('fleetCount');

    // POST /api/crons/{id} runs on the instance asked, even in a slot another one claimed.
    const su = await seed(b.ctx, '_superusers', {
      email: 'ops@example.com',
      password: 'ops-password-123',
      passwordConfirm: 'ops-password-123',
    });
    const token = await tokenFor(b.ctx, '_superusers', String(su.id));
    const manual = await b.app.inject({ method: 'POST', url: '/api/crons/fleetCount', headers: { authorization: token } });
    expect(manual.statusCode).toBe(204);
    await settle();
    expect(runs).toEqual(['a', 'b', 'b']);

    // The claim of the scheduled run, in the shared table (the 2028 one, over a day old, was pruned).
    expect(a.ctx.stmts.all('SELECT "slot" FROM "_cronClaims" WHERE "job" = ?', ['fleetCount'])).toEqual([
      { slot: Date.parse('2032-02-29T03:07:00Z') / 60_000 },
    ]);
  });

  it('runs the system and module jobs of a shared minute once: every due job is claimed by one instance', async () => {
    const { a, b } = await fleet();
    const minute = new Date('2030-01-01T00:00:00Z'); // hourly, daily and every-minute jobs are all due
    const startedA = a.ctx.crons.tick(minute);
    const startedB = b.ctx.crons.tick(minute);
    await Promise.all([a.ctx.crons.idle(10_000), b.ctx.crons.idle(10_000)]);
    const due = a.ctx.crons.list().filter((j) => ['soldOutReset', 'trialExpiry', '__pbOTPCleanup__', '__pbDBOptimize__'].includes(j.id));
    expect(due).toHaveLength(4);
    expect(startedB).toEqual([]);
    expect(startedA).toEqual(expect.arrayContaining(due.map((j) => j.id)));
  });
});

describe('cron claims store', () => {
  it('one winner per (job, slot); claims older than a day are pruned', async () => {
    const { a, b } = await fleet();
    const claimA = databaseCronClaim(a.ctx.stmts, 'a');
    const claimB = databaseCronClaim(b.ctx.stmts, 'b');
    const slot = 30_000_000;
    expect(claimA('job', slot)).toBe(true);
    expect(claimB('job', slot)).toBe(false);
    expect(claimB('other', slot)).toBe(true);
    expect(claimA('job', slot + 1)).toBe(true);
    const count = () => Number(a.ctx.stmts.get('SELECT COUNT(*) AS n FROM "_cronClaims"')?.n);
    expect(count()).toBe(3);
    // A day and an hour later: the first claim of the day prunes the old slots.
    expect(claimB('job', slot + 24 * 60 + 60)).toBe(true);
    expect(a.ctx.stmts.all('SELECT "job", "slot", "instance" FROM "_cronClaims"')).toEqual([
      { job: 'job', slot: slot + 24 * 60 + 60, instance: 'b' },
    ]);
  });
});

const envelope429 = { status: 429, message: 'Too Many Requests.', data: {} };

describe('rate limits across instances', () => {
  const signIn = (t: TestApp, password: string, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/collections/users/auth-with-password',
      payload: { identity: 'guest@example.com', password },
      remoteAddress: ip,
    });

  it('RATE_LIMIT_STORE=database: failed sign-ins spread over both instances hit the one limit', async () => {
    const { a, b, clock } = await fleet({ RATE_LIMIT_STORE: 'database', AUTH_RATE_LIMIT_MAX: '4', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
    await seed(a.ctx, 'users', { email: 'guest@example.com', password: 'right-password-1', passwordConfirm: 'right-password-1' });
    const statuses: number[] = [];
    for (const t of [a, b, a, b]) statuses.push((await signIn(t, 'wrong-password')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400]);
    for (const t of [b, a]) {
      const res = await signIn(t, 'wrong-password');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(envelope429);
    }
    // Even the right password waits for the window (the check comes first), on either instance.
    expect((await signIn(b, 'right-password-1')).statusCode).toBe(429);
    // Another client is not affected.
    expect((await signIn(b, 'wrong-password', '198.51.100.2')).statusCode).toBe(400);
    // The next window starts over.
    clock.ms += 60_000;
    expect((await signIn(a, 'right-password-1')).statusCode).toBe(200);
  });

  it('RATE_LIMIT_STORE=database: a successful sign-in gives its attempt back on every instance', async () => {
    const { a, b } = await fleet({ RATE_LIMIT_STORE: 'database', AUTH_RATE_LIMIT_MAX: '2' });
    await seed(a.ctx, 'users', { email: 'guest@example.com', password: 'right-password-1', passwordConfirm: 'right-password-1' });
    expect((await signIn(a, 'wrong-password')).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? a : b, 'right-password-1')).statusCode).toBe(200);
    expect((await signIn(b, 'wrong-password')).statusCode).toBe(400);
    expect((await signIn(a, 'wrong-password')).statusCode).toBe(429);
  });

  it('RATE_LIMIT_STORE=database: email-sending requests count on both instances', async () => {
    const { a, b } = await fleet({ RATE_LIMIT_STORE: 'database', EMAIL_RATE_LIMIT_MAX: '3' });
    const reset = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/collections/users/request-password-reset',
        payload: { email: 'nobody@example.com' },
        remoteAddress: '203.0.113.9',
      });
    const statuses: number[] = [];
    for (const t of [a, b, a, b]) statuses.push((await reset(t)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429]);
    expect((await reset(a)).json()).toEqual(envelope429);
  });

  it("RATE_LIMIT_STORE=database: a one-time code's five attempts are five across both instances", async () => {
    const { a, b } = await fleet({ RATE_LIMIT_STORE: 'database' });
    const post = (t: TestApp, path: string, payload: Record<string, string>, ip: string) =>
      t.app.inject({ method: 'POST', url: `/api/collections/users/${path}`, payload, remoteAddress: ip });
    // An unknown address gets an otpId too (no account enumeration), limited the same way.
    const { otpId } = (await post(a, 'request-otp', { email: 'nobody@example.com' }, '203.0.113.20')).json();
    const statuses: number[] = [];
    for (const [i, t] of [a, b, a, b, a, b].entries())
      statuses.push((await post(t, 'auth-with-otp', { otpId, password: `10000${i}` }, `203.0.113.${30 + i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('the memory store (the SQLite default) counts per instance, as before', async () => {
    const { a, b } = await fleet({ RATE_LIMIT_STORE: 'memory', AUTH_RATE_LIMIT_MAX: '2' });
    await seed(a.ctx, 'users', { email: 'guest@example.com', password: 'right-password-1', passwordConfirm: 'right-password-1' });
    const statuses: number[] = [];
    for (const t of [a, b, a, b, a, b]) statuses.push((await signIn(t, 'wrong-password')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    expect((await signIn(a, 'wrong-password')).json()).toEqual(envelope429);
    expect(Number(a.ctx.stmts.get('SELECT COUNT(*) AS n FROM "_rateLimits"')?.n)).toBe(0);
  });
});

describe('the rate-limit store by default', () => {
  const base = { DATA_DIR: '/tmp/unused', APP_SECRET: 'x'.repeat(40) };

  it('is shared (database) with PostgreSQL, where instances share the database, and in memory with SQLite', () => {
    expect(loadConfig(base).rateLimit.store).toBe('memory');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/app' }).rateLimit.store).toBe('database');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/app', RATE_LIMIT_STORE: 'memory' }).rateLimit.store).toBe('memory');
    expect(loadConfig({ ...base, RATE_LIMIT_STORE: 'database' }).rateLimit.store).toBe('database');
  });
});
