import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../core/datetime.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { buildTestApp, seed, superuserRequest, type TestApp } from '../test/test-app.ts';
import { expectError } from '../test/sdk-errors.ts';
import { adminAndUser, ROOT, rootEnv } from '../test/sdk-clients.ts';
import { eventually } from '../test/eventually.ts';

/** Settings, logs and crons through the official SDK against a listening app. */
let t: TestApp;
let sink: SmtpSink;
let admin: PocketBase;
let user: PocketBase;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: sink.url, ...rootEnv } });
  await t.listen();
  ({ admin, user } = await adminAndUser(t));
});

afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('superuser-only', () => {
  it.each([
    ['settings', (pb: PocketBase) => pb.settings.getAll()],
    ['settings update', (pb: PocketBase) => pb.settings.update({ meta: { appName: 'x' } })],
    ['logs', (pb: PocketBase) => pb.logs.getList()],
    ['log stats', (pb: PocketBase) => pb.logs.getStats()],
    ['backups', (pb: PocketBase) => pb.backups.getFullList()],
    ['crons', (pb: PocketBase) => pb.crons.getFullList()],
    ['cron run', (pb: PocketBase) => pb.crons.run('soldOutReset')],
  ])('%s: guests 401, other records 403', async (_name, call) => {
    await expectError(call(t.sdk()), 401, 'The request requires valid record authorization token.');
    await expectError(call(user), 403, 'The authorized record is not allowed to perform this action.');
  });
});

describe('settings', () => {
  it('reads the contract shape, defaults from the environment, secrets masked', async () => {
    const s = await admin.settings.getAll();
    expect(Object.keys(s).sort()).toEqual([
      'backups',
      'batch',
      'billing',
      'fileToken',
      'logs',
      'machineTranslation',
      'meta',
      'rateLimits',
      'smtp',
      'trustedProxy',
    ]);
    expect(s.billing).toEqual({ lapseGraceDays: 14 });
    expect(s.machineTranslation).toEqual({
      provider: '',
      deeplApiKey: '',
      deeplApiUrl: '',
      libreTranslateUrl: '',
      libreTranslateApiKey: '',
    });
    expect(s.meta).toMatchObject({
      appName: 'QR Menu',
      appURL: 'http://127.0.0.1:8090',
      senderAddress: 'no-reply@localhost',
      senderName: 'QR Menu',
    });
    expect(s.smtp).toMatchObject({ enabled: true, host: '127.0.0.1', port: sink.port, password: '', tls: false });
    expect(s.logs).toEqual({ maxDays: 5, minLevel: 0, logIP: true, logAuthId: true });
    expect(s.backups).toEqual({ cron: '', cronMaxKeep: 3 });
    expect(s.batch).toEqual({ enabled: true, maxRequests: 50, timeout: 3, maxBodySize: 0 });
    expect(s.rateLimits.rules.map((r: { label: string }) => r.label)).toEqual(['*:auth', '*:email']);
    expect(s.trustedProxy).toEqual({ headers: [], useLeftmostIP: false });
    // The universal fields picker applies too.
    expect(await admin.settings.getAll({ fields: 'meta.appName' })).toEqual({ meta: { appName: 'QR Menu' } });
  });

  it('PATCH is a validated partial merge that takes effect at once (app name, batch limits)', async () => {
    const updated = await admin.settings.update({ meta: { appName: 'Ops Test' }, batch: { maxRequests: 2 } });
    expect(updated.meta.appName).toBe('Ops Test');
    expect(updated.meta.senderAddress).toBe('no-reply@localhost');
    expect(updated.batch).toEqual({ enabled: true, maxRequests: 2, timeout: 3, maxBodySize: 0 });
    expect(await (await fetch(`${t.url}/api/app-config`)).json()).toMatchObject({ appName: 'Ops Test' });
    // The public URL follows the settings too (guest links and QR codes are built on it).
    await admin.settings.update({ meta: { appURL: 'https://menu.example.test' } });
    expect(await (await fetch(`${t.url}/api/app-config`)).json()).toMatchObject({ appUrl: 'https://menu.example.test' });
    const three = Array.from({ length: 3 }, (_, i) => ({
      method: 'POST',
      url: '/api/collections/users/records',
      body: { email: `b${i}@example.com` },
    }));
    const tooMany = await fetch(`${t.url}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: three }),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).data.requests.code).toBe('validation_length_too_long');
    await admin.settings.update({ batch: { enabled: false } });
    const off = await fetch(`${t.url}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: three }),
    });
    expect(off.status).toBe(403);
    expect((await off.json()).message).toBe('Batch requests are not allowed.');
    await admin.settings.update({ batch: { enabled: true, maxRequests: 50, maxBodySize: 100 } });
    const big = await fetch(`${t.url}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: three }),
    });
    expect(big.status).toBe(413);
    await admin.settings.update({ batch: { maxBodySize: 0 } });
    // File tokens live as long as settings.fileToken.duration says.
    await admin.settings.update({ fileToken: { duration: 60 } });
    const claims = JSON.parse(Buffer.from((await admin.files.getToken()).split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(50);
    expect(claims.exp - Date.now() / 1000).toBeLessThanOrEqual(60);
    await admin.settings.update({ fileToken: { duration: 180 } });
  });

  it('refuses invalid values with nested field errors and changes nothing', async () => {
    const before = await admin.settings.getAll();
    const e = await expectError(
      admin.settings.update({
        meta: { appName: '', appURL: 'not a url' },
        logs: { maxDays: -1 },
        batch: { maxRequests: 'many' },
        backups: { cron: 'every day' },
        rateLimits: { rules: [{ label: '', audience: '@everyone', duration: 0, maxRequests: 1 }] },
        trustedProxy: { headers: ['X Real IP'] },
      }),
      400,
      'An error occurred while saving the new settings.',
    );
    expect(e.response.data).toMatchObject({
      meta: { appName: { code: 'validation_required' }, appURL: { code: 'validation_is_url' } },
      logs: { maxDays: { code: 'validation_min_greater_equal_than_required' } },
      batch: { maxRequests: { code: 'validation_invalid_value' } },
      backups: { cron: { code: 'validation_invalid_cron' } },
      rateLimits: {
        rules: {
          0: {
            label: { code: 'validation_required' },
            audience: { code: 'validation_in_invalid' },
            duration: { code: 'validation_min_greater_equal_than_required' },
          },
        },
      },
      trustedProxy: { headers: { 0: { code: 'validation_match_invalid' } } },
    });
    expect(await admin.settings.getAll()).toEqual(before);
  });

  it('keeps the SMTP password write-only; new SMTP settings and sender are used for the next email', async () => {
    const s = await admin.settings.update({
      smtp: { username: 'mailer', password: 'p4ss-secret-value' },
      meta: { senderName: 'Ops Team', senderAddress: 'ops@example.com' },
    });
    expect(s.smtp).toMatchObject({ username: 'mailer', password: '' });
    const stored = () => String(t.ctx.stmts.get("SELECT value FROM _params WHERE key = 'settings'")?.value);
    expect(stored()).toContain('p4ss-secret-value');
    // Sending back the masked (empty) password keeps the stored one.
    await admin.settings.update({ smtp: { ...s.smtp, password: '' } });
    expect(stored()).toContain('p4ss-secret-value');
    expect(JSON.stringify(await admin.settings.getAll())).not.toContain('p4ss-secret-value');
    sink.clear();
    await admin.settings.testEmail('_superusers', 'to@example.com', 'verification');
    const mail = await sink.waitFor((m) => m.to.includes('to@example.com'));
    expect(mail.subject).toContain('Ops Test');
    expect(mail.headers.from).toBe('Ops Team <ops@example.com>');
    expect(mail.from).toBe('ops@example.com');
  });

  it('validates test emails', async () => {
    const e = await expectError(admin.settings.testEmail('_superusers', 'nope', 'welcome'), 400);
    expect(e.response.data).toMatchObject({ email: { code: 'validation_is_email' }, template: { code: 'validation_in_invalid' } });
  });
});

describe('logs', () => {
  it('logs requests off the request path (auxiliary.db, or _logs on PostgreSQL), and lists, filters, sorts and views them', async () => {
    const marker = `marker${Date.now()}`;
    await fetch(`${t.url}/api/${marker}`, { headers: { 'user-agent': 'ops-test-agent', referer: 'https://ref.example.com/' } });
    await fetch(`${t.url}/api/health?${marker}=1`);
    await admin.settings.getAll({ query: { [marker]: '2' } });
    await fetch(`${t.url}/api/backups/x.zip?token=very-secret-token&${marker}=3`);
    await fetch(`${t.url}/api/realtime`, { signal: AbortSignal.timeout(300) })
      .then((r) => r.body?.cancel())
      .catch(() => undefined);
    const list = await eventually(
      () => admin.logs.getList(1, 50, { filter: admin.filter('message ~ {:m}', { m: marker }), sort: '-data.status,created' }),
      (l) => l.totalItems >= 4,
    );
    expect(list.items.map((i) => i.data.status)).toEqual([404, 403, 200, 200]);
    const [notFound, forbidden] = list.items;
    expect(notFound).toMatchObject({ level: 8, message: `GET /api/${marker}` });
    expect(notFound?.id).toMatch(/^[a-z0-9]{15}$/);
    expect(notFound?.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(notFound?.data).toMatchObject({
      type: 'request',
      method: 'GET',
      status: 404,
      auth: '',
      userAgent: 'ops-test-agent',
      referer: 'https://ref.example.com/',
      userIP: '127.0.0.1',
      remoteIP: '127.0.0.1',
      error: "The requested resource wasn't found.",
    });
    expect(typeof notFound?.data.execTime).toBe('number');
    // Tokens in URLs are masked.
    expect(forbidden?.data.url).toBe(`/api/backups/x.zip?token=***&${marker}=3`);
    expect(forbidden?.data.error).toBe('Insufficient permissions to access the resource.');
    expect(JSON.stringify(list)).not.toContain('very-secret-token');
    const mine = list.items.find((i) => String(i.data.url).startsWith('/api/settings'));
    expect(mine?.data).toMatchObject({ auth: '_superusers', status: 200 });
    expect(mine?.data.authId).toMatch(/^[a-z0-9]{15}$/);
    expect(await admin.logs.getOne(String(notFound?.id))).toEqual(notFound);
    await expectError(admin.logs.getOne('missing0000000'), 404);
    // data.* paths, numbers and the level.
    const errors = await admin.logs.getList(1, 10, { filter: `level = 8 && data.status >= 400 && data.url ~ "${marker}"` });
    expect(errors.totalItems).toBe(2);
    const paged = await admin.logs.getList(2, 1, { filter: `message ~ "${marker}"`, skipTotal: true });
    expect(paged).toMatchObject({ page: 2, perPage: 1, totalItems: -1, totalPages: -1 });
    expect(paged.items).toHaveLength(1);
    await expectError(admin.logs.getList(1, 10, { filter: 'nope ~ 1' }), 400);
    await expectError(admin.logs.getList(1, 10, { sort: 'nope' }), 400);
  });

  it('does not log successful reads of the logs or the realtime stream', async () => {
    await admin.logs.getList(1, 1);
    const ok = await admin.logs.getList(1, 10, { filter: 'data.status < 400 && (data.url ~ "/api/realtime" || data.url ~ "/api/logs")' });
    expect(ok.totalItems).toBe(0);
    // …but failed ones are (the 401/403 answers of the access tests above).
    const failed = await admin.logs.getList(1, 10, { filter: 'data.url ~ "/api/logs"', sort: 'data.status' });
    expect(failed.items.map((i) => i.data.status)).toEqual(expect.arrayContaining([401, 403]));
  });

  it('counts per hour', async () => {
    const stats = await admin.logs.getStats({ filter: 'data.status >= 400' });
    expect(stats.length).toBeGreaterThan(0);
    for (const s of stats) {
      expect(s.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:00:00\.000Z$/);
      expect(s.total).toBeGreaterThan(0);
    }
    const all = await admin.logs.getStats();
    expect(all.reduce((n, s) => n + s.total, 0)).toBeGreaterThan(stats.reduce((n, s) => n + s.total, 0));
    await expectError(admin.logs.getStats({ filter: 'data.status >>> 1' }), 400, 'Invalid filter format.');
  });

  it('honours trusted proxy headers from the settings for the client IP', async () => {
    await admin.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: true } });
    await fetch(`${t.url}/api/proxied-request`, { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
    const left = await eventually(
      () => admin.logs.getList(1, 1, { filter: 'data.url = "/api/proxied-request"' }),
      (l) => l.totalItems > 0,
    );
    expect(left.items[0]?.data).toMatchObject({ userIP: '203.0.113.7', remoteIP: '127.0.0.1' });
    const health = await admin.send('/api/health', { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(health.data).toMatchObject({ realIP: '198.51.100.1', possibleProxyHeader: 'X-Forwarded-For', canBackup: true });
    await admin.settings.update({ trustedProxy: { headers: [] } });
  });

  it('deletes entries older than logs.maxDays with the retention job', async () => {
    await admin.settings.update({ logs: { maxDays: 2 } });
    // Where the logs live: auxiliary.db on SQLite, the main database's _logs on PostgreSQL.
    const insertOld = "INSERT INTO _logs (id, level, message, data, created) VALUES ('oldlog000000001', 0, 'GET /old', '{}', ?)";
    const created = formatDateTime(new Date(Date.now() - 3 * 86_400_000));
    if (t.config.databaseUrl) t.ctx.stmts.run(insertOld, [created]);
    else {
      const aux = new BetterSqlite3(path.join(t.config.dataDir, 'auxiliary.db'));
      aux.prepare(insertOld).run(created);
      aux.close();
    }
    expect((await admin.logs.getOne('oldlog000000001')).message).toBe('GET /old');
    await admin.crons.run('__pbLogsCleanup__');
    await eventually(
      () =>
        admin.logs.getOne('oldlog000000001').then(
          () => true,
          () => false,
        ),
      (present) => !present,
    );
    await expectError(admin.logs.getOne('oldlog000000001'), 404);
    expect((await admin.logs.getList(1, 1)).totalItems).toBeGreaterThan(0);
  });
});

describe('crons', () => {
  it('lists the jobs: app jobs by id, then the internal ones', async () => {
    const jobs = await admin.crons.getFullList();
    expect(jobs).toEqual(
      expect.arrayContaining([
        { id: 'soldOutReset', expression: '* * * * *' },
        { id: 'trialExpiry', expression: '0 * * * *' },
        { id: '__pbDBOptimize__', expression: '0 0 * * *' },
        { id: '__pbLogsCleanup__', expression: '0 */6 * * *' },
        { id: '__pbOTPCleanup__', expression: '0 * * * *' },
      ]),
    );
    const ids = jobs.map((j) => j.id);
    const app = ids.filter((id) => !id.startsWith('__'));
    expect(ids).toEqual([...app.sort(), ...ids.filter((id) => id.startsWith('__')).sort()]);
    await expectError(admin.crons.run('nope'), 404, 'Missing or invalid cron job.');
  });

  it('runs jobs on demand: sold-out resets, trial expiry, OTP cleanup', async () => {
    const owner = await seed(t.ctx, 'users', {
      email: 'owner@example.com',
      password: 'owner-password',
      passwordConfirm: 'owner-password',
      verified: true,
    });
    const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(owner.id)])?.o);
    const orgs = t.ctx.engine.collection('organizations');
    await t.ctx.engine.update(orgs, org, { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false }, superuserRequest(t.ctx));
    const menu = await seed(t.ctx, 'menus', { organization: org, name: 'Lunch', status: 'published' });
    const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains' });
    const past = formatDateTime(new Date(Date.now() - 60_000));
    const future = formatDateTime(new Date(Date.now() + 3_600_000));
    const due = await seed(t.ctx, 'items', {
      section: section.id,
      name: 'Soup',
      prices: [{ label: '', amount: 500 }],
      available: false,
      soldOutUntil: past,
    });
    const later = await seed(t.ctx, 'items', {
      section: section.id,
      name: 'Pie',
      prices: [{ label: '', amount: 700 }],
      available: false,
      soldOutUntil: future,
    });
    const item = (id: unknown) => t.ctx.stmts.get('SELECT available, soldOutUntil FROM items WHERE id = ?', [String(id)]);
    expect(await admin.crons.run('soldOutReset')).toBe(true);
    expect(
      await eventually(
        () => item(due.id),
        (r) => r?.available === 1,
      ),
    ).toEqual({ available: 1, soldOutUntil: '' });
    expect(item(later.id)).toEqual({ available: 0, soldOutUntil: future });

    await t.ctx.engine.update(
      orgs,
      org,
      { data: { subscriptionStatus: 'trialing', trialEndsAt: past }, files: {}, fromForm: false },
      superuserRequest(t.ctx),
    );
    await admin.crons.run('trialExpiry');
    const status = () => t.ctx.stmts.get('SELECT subscriptionStatus AS s FROM organizations WHERE id = ?', [org])?.s;
    expect(await eventually(status, (s) => s === 'past_due')).toBe('past_due');

    const users = t.ctx.registry.get('users');
    const insertOtp = (id: string, created: string) =>
      t.ctx.stmts.run('INSERT INTO _otps (id, collectionRef, recordRef, codeHash, sentTo, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        id,
        String(users?.id),
        String(owner.id),
        'x',
        'owner@example.com',
        created,
        created,
      ]);
    insertOtp('expiredotp00001', formatDateTime(new Date(Date.now() - 3_600_000)));
    insertOtp('freshotp0000001', formatDateTime(new Date()));
    await admin.crons.run('__pbOTPCleanup__');
    const otps = () => t.ctx.stmts.all('SELECT id FROM _otps ORDER BY id').map((r) => r.id);
    expect(await eventually(otps, (ids) => !ids.includes('expiredotp00001'))).toEqual(['freshotp0000001']);
    await admin.crons.run('__pbDBOptimize__');
  });
});

describe('settings persistence', () => {
  it('survives a restart', async () => {
    await t.restart();
    const pb = t.sdk();
    await pb.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    const s = await pb.settings.getAll();
    expect(s.meta).toMatchObject({ appName: 'Ops Test', senderName: 'Ops Team', senderAddress: 'ops@example.com' });
    expect(s.smtp).toMatchObject({ username: 'mailer', password: '' });
    expect(s.logs.maxDays).toBe(2);
  });
});
