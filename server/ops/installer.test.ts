import { afterEach, describe, expect, it } from 'vitest';
import { upsertSuperuser } from '../core/auth/superusers.ts';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { rootEnv } from '../test/sdk-clients.ts';
import { INSTALLER_PATH, INSTALLER_TOKEN_SECONDS, installerUrl } from './installer.ts';

/** The first-superuser link: one hour, one use, nothing once a superuser exists. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let clock = new Date('2030-01-01T10:00:00Z');
const start = async (env: Record<string, string> = {}) => {
  clock = new Date('2030-01-01T10:00:00Z');
  t = await buildTestApp({ env: { APP_URL: 'https://menu.example.com', ...env }, now: () => clock });
  return t;
};

const tokenOf = (url: string) => {
  expect(url.startsWith(`https://menu.example.com${INSTALLER_PATH}`)).toBe(true);
  return url.slice(`https://menu.example.com${INSTALLER_PATH}`.length);
};

const install = (app: TestApp, body: unknown) =>
  app.app.inject({ method: 'POST', url: '/api/installer', payload: body as Record<string, unknown> });

const first = { email: 'owner@example.com', password: 'first-password-1', passwordConfirm: 'first-password-1' };

const superusers = (app: TestApp) => Number(app.ctx.stmts.get('SELECT COUNT(*) AS c FROM "_superusers"')?.c);

describe('installer link', () => {
  it('creates the first superuser and signs it in, then is spent', async () => {
    const app = await start();
    const url = await installerUrl(app.ctx);
    const token = tokenOf(String(url));
    // The token never travels in a URL the server sees: only after the hash.
    expect(String(url)).toContain('#/install/');

    const res = await install(app, { token, ...first });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.record).toMatchObject({ email: first.email, collectionName: '_superusers' });
    // The answer is a working superuser session, like authWithPassword's.
    const settings = await app.app.inject({ method: 'GET', url: '/api/settings', headers: { authorization: body.token } });
    expect(settings.statusCode).toBe(200);
    expect(superusers(app)).toBe(1);

    expect(await installerUrl(app.ctx)).toBeNull();
    const again = await install(app, { token, email: 'second@example.com', password: 'x-password-12', passwordConfirm: 'x-password-12' });
    expect(again.statusCode).toBe(400);
    expect(again.json().data.token.code).toBe('validation_invalid_token');
    expect(superusers(app)).toBe(1);
  });

  it('expires after one hour', async () => {
    const app = await start();
    const token = tokenOf(String(await installerUrl(app.ctx)));
    clock = new Date(clock.getTime() + INSTALLER_TOKEN_SECONDS * 1000 + 1000);
    const res = await install(app, { token, ...first });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.token.code).toBe('validation_invalid_token');
    expect(superusers(app)).toBe(0);
    // A fresh link works again.
    const fresh = tokenOf(String(await installerUrl(app.ctx)));
    expect((await install(app, { token: fresh, ...first })).statusCode).toBe(200);
  });

  it('is void as soon as a superuser exists another way', async () => {
    const app = await start();
    const token = tokenOf(String(await installerUrl(app.ctx)));
    await upsertSuperuser(app.ctx.engine, app.ctx.auth.systemRequest('default'), 'cli@example.com', 'cli-password-123');
    const res = await install(app, { token, ...first });
    expect(res.statusCode).toBe(400);
    expect(superusers(app)).toBe(1);
  });

  it('is null when the environment configures a superuser', async () => {
    const app = await start(rootEnv);
    expect(await installerUrl(app.ctx)).toBeNull();
  });

  it('refuses other tokens: forged, of another type, of a user', async () => {
    const app = await start();
    const token = tokenOf(String(await installerUrl(app.ctx)));
    const [h, p] = token.split('.');
    const user = await seed(app.ctx, 'users', { email: 'u@example.com', password: 'user-password-1', passwordConfirm: 'user-password-1' });
    for (const bad of [`${h}.${p}.AAAA`, 'not-a-token', await tokenFor(app.ctx, 'users', String(user.id))]) {
      const res = await install(app, { token: bad, ...first });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.token.code).toBe('validation_invalid_token');
    }
    expect(superusers(app)).toBe(0);
  });

  it.each([
    ['no body', undefined, 'token'],
    ['an array', [1], null],
    ['no token', { ...first }, 'token'],
    ['a numeric token', { ...first, token: 5 }, 'token'],
    ['a bad email', { email: 'nope', password: first.password, passwordConfirm: first.password }, 'email'],
    ['mismatched passwords', { ...first, passwordConfirm: 'other-password-1' }, 'passwordConfirm'],
    ['a short password', { ...first, password: 'short', passwordConfirm: 'short' }, 'password'],
    ['a non-string password', { ...first, password: 12345678 }, 'password'],
  ])('answers %s with the 400 envelope', async (_name, body, field) => {
    const app = await start();
    const token = tokenOf(String(await installerUrl(app.ctx)));
    const payload = body && !Array.isArray(body) && field !== 'token' ? { token, ...body } : body;
    const res = await install(app, payload);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ status: 400, message: expect.any(String), data: expect.any(Object) });
    if (field) expect(json.data[field]).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(superusers(app)).toBe(0);
  });
});
