import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, seed, type TestApp } from '../../test/test-app.ts';

/** Account self-service: sign out everywhere, and account deletion that never strands a team. */
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function setup() {
  const t = await buildTestApp();
  apps.push(t);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: auth ? { authorization: auth } : {} });
  const user = async (email: string) => {
    const row = await seed(t.ctx, 'users', { email, password: 'password-123', passwordConfirm: 'password-123', verified: true });
    return String(row.id);
  };
  const login = async (email: string, password = 'password-123') => {
    const res = await call('POST', '/api/collections/users/auth-with-password', '', { identity: email, password });
    expect(res.statusCode).toBe(200);
    return String(res.json().token);
  };
  return { t, call, user, login };
}

describe('POST /api/account/sign-out-everywhere', () => {
  it('invalidates every token of the user, not other users', async () => {
    const { t, call, user, login } = await setup();
    await user('ana@example.com');
    await user('ben@example.com');
    const laptop = await login('ana@example.com');
    const phone = await login('ana@example.com');
    const other = await login('ben@example.com');
    expect((await call('POST', '/api/collections/users/auth-refresh', phone)).statusCode).toBe(200);

    expect((await call('POST', '/api/account/sign-out-everywhere', laptop)).statusCode).toBe(204);

    for (const token of [laptop, phone]) {
      expect((await call('POST', '/api/collections/users/auth-refresh', token)).statusCode).toBe(401);
      expect((await call('POST', '/api/account/sign-out-everywhere', token)).statusCode).toBe(401);
    }
    expect((await call('POST', '/api/collections/users/auth-refresh', other)).statusCode).toBe(200);
    // Signing in again works and yields a working token.
    expect((await call('POST', '/api/collections/users/auth-refresh', await login('ana@example.com'))).statusCode).toBe(200);
    expect(t.ctx.stmts.get('SELECT COUNT(DISTINCT tokenKey) AS c FROM users')?.c).toBe(2);
  });

  it('refuses guests and invalid tokens', async () => {
    const { call } = await setup();
    expect((await call('POST', '/api/account/sign-out-everywhere', '')).statusCode).toBe(401);
    expect((await call('POST', '/api/account/sign-out-everywhere', 'not-a-token')).statusCode).toBe(401);
  });
});

describe('DELETE users (own account)', () => {
  it('the only owner of a team appoints another owner first', async () => {
    const { t, call, user, login } = await setup();
    const ana = await user('ana@example.com');
    const ben = await user('ben@example.com');
    const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [ana])?.o);
    const benMembership = await seed(t.ctx, 'memberships', { organization: org, user: ben, role: 'editor' });
    const token = await login('ana@example.com');
    const refused = await call('DELETE', `/api/collections/users/records/${ana}`, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^You are the only owner of .+\. Appoint another owner before deleting your account\.$/);
    expect(t.ctx.stmts.get('SELECT id FROM users WHERE id = ?', [ana])).toBeDefined();

    expect(
      (await call('PATCH', `/api/collections/memberships/records/${String(benMembership.id)}`, token, { role: 'owner' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/collections/users/records/${ana}`, token)).statusCode).toBe(204);
    expect(t.ctx.stmts.get('SELECT role FROM memberships WHERE organization = ? AND user = ?', [org, ben])?.role).toBe('owner');
  });

  it('a user alone in their organizations deletes the account straight away', async () => {
    const { t, call, user, login } = await setup();
    const ana = await user('ana@example.com');
    expect((await call('DELETE', `/api/collections/users/records/${ana}`, await login('ana@example.com'))).statusCode).toBe(204);
    expect(t.ctx.stmts.get('SELECT id FROM users WHERE id = ?', [ana])).toBeUndefined();
  });
});
