import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seed, type TestApp } from '../test/test-app.ts';
import { expectError } from '../test/sdk-errors.ts';
import { ROOT, rootEnv } from '../test/sdk-clients.ts';
import { signInWithPassword } from '../../shared/password-sign-in.ts';
import { clockInOneWindow } from '../test/window-clock.ts';

/**
 * The login page's sign-in (users, then superusers) against the real limiter: one wrong password is
 * one count per auth collection, a superuser keeps every attempt the limit allows, and a blocked
 * client is not sent on to the second counter.
 */
let t: TestApp;
const LIMIT = 10; // the default `*:auth` rule
const WINDOW_MS = 60_000; // its default window

beforeAll(async () => {
  t = await buildTestApp({ env: rootEnv, now: clockInOneWindow(WINDOW_MS) });
  await t.listen();
  t.ctx.settings.update({ trustedProxy: { headers: ['X-Real-IP'], useLeftmostIP: false } });
  await seed(t.ctx, 'users', {
    email: 'staff@example.com',
    password: 'staff-password-1',
    passwordConfirm: 'staff-password-1',
    verified: true,
  });
});
afterAll(async () => {
  await t.close();
});

/** An SDK client whose requests come from `ip` (X-Real-IP, trusted through settings.trustedProxy below). */
function clientFrom(ip: string) {
  const pb = t.sdk();
  pb.beforeSend = (url, options) => ({ url, options: { ...options, headers: { ...(options.headers as object), 'X-Real-IP': ip } } });
  return pb;
}

describe('login page sign-in', () => {
  it('signs in staff as users and superusers as superusers', async () => {
    const staff = t.sdk();
    expect(await signInWithPassword(staff, 'staff@example.com', 'staff-password-1')).toBe('user');
    expect(staff.authStore.isSuperuser).toBe(false);
    const root = t.sdk();
    expect(await signInWithPassword(root, ROOT.email, ROOT.password)).toBe('superuser');
    expect(root.authStore.isSuperuser).toBe(true);
  });

  it('answers a wrong password with the staff error, once per counter', async () => {
    const err = await expectError(signInWithPassword(t.sdk(), 'staff@example.com', 'wrong-password'), 400);
    expect(err.response.message).toBe('Failed to authenticate.');
  });

  it('counts a wrong password once per counter: a superuser keeps every attempt of the limit', async () => {
    const pb = clientFrom('10.40.0.1');
    for (let i = 0; i < LIMIT - 1; i++) await expectError(signInWithPassword(pb, ROOT.email, 'wrong-password'), 400);
    // Counted twice in the superusers counter, the last allowed attempt would already be refused.
    expect(await signInWithPassword(pb, ROOT.email, ROOT.password)).toBe('superuser');
    expect(pb.authStore.isSuperuser).toBe(true);
  });

  it('stops at the limit with 429 and never sends a blocked client on to the superusers counter', async () => {
    const pb = clientFrom('10.40.0.2');
    for (let i = 0; i < LIMIT; i++) await expectError(pb.collection('users').authWithPassword('staff@example.com', 'wrong-password'), 400);
    await expectError(signInWithPassword(pb, ROOT.email, ROOT.password), 429);
    expect(pb.authStore.isValid).toBe(false);
    // The superusers counter of this client is untouched: the console's own sign-in still works.
    for (let i = 0; i < LIMIT - 1; i++) await expectError(pb.collection('_superusers').authWithPassword(ROOT.email, 'wrong-password'), 400);
    await pb.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    expect(pb.authStore.isSuperuser).toBe(true);
  });
});
