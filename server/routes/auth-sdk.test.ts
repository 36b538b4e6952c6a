import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { buildTestApp, seed, type TestApp } from '../test/test-app.ts';
import { clockInOneWindow } from '../test/window-clock.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { testCollections } from '../test/fixtures.ts';
import { expectError } from '../test/sdk-errors.ts';
import { oauthMockEnv } from '../test/oauth-mock-env.ts';

/**
 * Accounts end to end with the official SDK, a real SMTP sink receiving our emails and a real
 * OAuth2 provider (oauth2-mock-server) doing the PKCE code flow.
 */
let t: TestApp;
let smtp: SmtpSink;
let oauth: OAuth2Server;

/** The token of the first `/path?token=` link in the email sent to `to`. */
async function tokenFromMail(to: string, path: string): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && m.text.includes(`/${path}?token=`));
  const m = new RegExp(`/${path}\\?token=([\\w.%-]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error('no token link');
  return decodeURIComponent(m[1]);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const issuer = oauth.issuer.url as string;
  t = await buildTestApp({
    // The brute-force test counts to the default limit inside one 60 s window.
    now: clockInOneWindow(60_000),
    collections: testCollections,
    env: {
      SMTP_URL: smtp.url,
      SUPERUSER_EMAIL: 'root@example.com',
      SUPERUSER_PASSWORD: 'root-password-123',
      ...oauthMockEnv(issuer),
    },
  });
  await t.listen();
});

afterAll(async () => {
  await t.close();
  await smtp.close();
  await oauth.stop();
});

describe('accounts through the official SDK', () => {
  it('signs up, receives the verification email over SMTP and confirms it', async () => {
    const pb = t.sdk();
    const user = await pb
      .collection('users')
      .create({ email: 'new@example.com', password: 'new-password-1', passwordConfirm: 'new-password-1', name: 'New' });
    expect(user.verified).toBe(false);
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('tokenKey');
    const token = await tokenFromMail('new@example.com', 'verify');
    // The link proves the mailbox; the account's own session proves the password. Neither alone verifies.
    await expectError(t.sdk().collection('users').confirmVerification(token), 401);
    const someoneElse = t.sdk();
    await seed(t.ctx, 'users', {
      email: 'other@example.com',
      password: 'other-password-1',
      passwordConfirm: 'other-password-1',
      verified: true,
    });
    await someoneElse.collection('users').authWithPassword('other@example.com', 'other-password-1');
    await expectError(someoneElse.collection('users').confirmVerification(token), 403);
    await pb.collection('users').authWithPassword('NEW@example.com', 'new-password-1');
    expect(pb.authStore.record?.verified).toBe(false);
    await pb.collection('users').confirmVerification(token);
    const auth = await pb.collection('users').authRefresh();
    expect(auth.record.verified).toBe(true);
    expect(auth.record.email).toBe('new@example.com');
    expect(pb.authStore.isValid).toBe(true);
    // The token is single-purpose: a verification token is not an auth token.
    const other = t.sdk();
    other.authStore.save(token, null);
    await expectError(other.collection('users').authRefresh(), 401);
    await expectError(pb.collection('users').confirmVerification('not-a-token'), 400);
  });

  it('logs in, refreshes, and refuses wrong credentials the same way', async () => {
    await seed(t.ctx, 'users', {
      email: 'login@example.com',
      password: 'login-password',
      passwordConfirm: 'login-password',
      verified: true,
    });
    const pb = t.sdk();
    const first = await pb.collection('users').authWithPassword('login@example.com', 'login-password');
    const refreshed = await pb.collection('users').authRefresh();
    expect(refreshed.record.id).toBe(first.record.id);
    expect(refreshed.token).toBeTruthy();
    const wrong = await expectError(
      t.sdk().collection('users').authWithPassword('login@example.com', 'nope-nope'),
      400,
      'Failed to authenticate.',
    );
    const unknown = await expectError(
      t.sdk().collection('users').authWithPassword('ghost@example.com', 'nope-nope'),
      400,
      'Failed to authenticate.',
    );
    expect(unknown.response).toEqual(wrong.response);
  });

  it('resets a password end to end and invalidates older tokens', async () => {
    await seed(t.ctx, 'users', { email: 'reset@example.com', password: 'old-password-1', passwordConfirm: 'old-password-1' });
    const pb = t.sdk();
    await pb.collection('users').authWithPassword('reset@example.com', 'old-password-1');
    const oldToken = pb.authStore.token;
    await t.sdk().collection('users').requestPasswordReset('reset@example.com');
    await t.sdk().collection('users').requestPasswordReset('nobody@example.com'); // same answer, no email
    const token = await tokenFromMail('reset@example.com', 'reset-password');
    await expectError(t.sdk().collection('users').confirmPasswordReset(token, 'new-password-1', 'different-1'), 400);
    await t.sdk().collection('users').confirmPasswordReset(token, 'new-password-1', 'new-password-1');
    await expectError(pb.collection('users').authRefresh(), 401);
    expect(oldToken).toBeTruthy();
    await expectError(t.sdk().collection('users').authWithPassword('reset@example.com', 'old-password-1'), 400);
    const fresh = await t.sdk().collection('users').authWithPassword('reset@example.com', 'new-password-1');
    expect(fresh.record.verified).toBe(true);
    // A reset token works once: the password change rotated the key it was signed with.
    await expectError(t.sdk().collection('users').confirmPasswordReset(token, 'another-pass-1', 'another-pass-1'), 400);
    expect(smtp.messages.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it('changes the email end to end', async () => {
    await seed(t.ctx, 'users', { email: 'change@example.com', password: 'change-password', passwordConfirm: 'change-password' });
    const pb = t.sdk();
    await pb.collection('users').authWithPassword('change@example.com', 'change-password');
    // A taken address answers like a free one (no enumeration) and nobody is mailed.
    await pb.collection('users').requestEmailChange('login@example.com');
    await pb.collection('users').requestEmailChange('changed@example.com');
    const token = await tokenFromMail('changed@example.com', 'confirm-email-change');
    await expectError(t.sdk().collection('users').confirmEmailChange(token, 'wrong-password'), 400);
    await t.sdk().collection('users').confirmEmailChange(token, 'change-password');
    const auth = await t.sdk().collection('users').authWithPassword('changed@example.com', 'change-password');
    expect(auth.record).toMatchObject({ email: 'changed@example.com', verified: true });
    await expectError(t.sdk().collection('users').requestEmailChange('x@example.com'), 401);
    expect(smtp.messages.some((m) => m.to.includes('login@example.com') && m.text.includes('confirm-email-change'))).toBe(false);
  });

  it('signs in with a one-time code that works once', async () => {
    await seed(t.ctx, 'users', { email: 'otp@example.com', password: 'otp-password-1', passwordConfirm: 'otp-password-1' });
    const pb = t.sdk();
    const { otpId } = await pb.collection('users').requestOTP('otp@example.com');
    const mail = await smtp.waitFor((m) => m.to.includes('otp@example.com') && /sign-in code/i.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    await expectError(pb.collection('users').authWithOTP(otpId, '000000' === code ? '111111' : '000000'), 400, 'Invalid or expired OTP.');
    const auth = await pb.collection('users').authWithOTP(otpId, code);
    expect(auth.record).toMatchObject({ email: 'otp@example.com', verified: true });
    await expectError(t.sdk().collection('users').authWithOTP(otpId, code), 400, 'Invalid or expired OTP.');
    const ghost = await t.sdk().collection('users').requestOTP('ghost@example.com');
    expect(ghost.otpId).toMatch(/^[a-z0-9]{15}$/);
  });

  it('lists auth methods in the contract shape', async () => {
    const methods = await t.sdk().collection('users').listAuthMethods();
    expect(methods.password).toEqual({ enabled: true, identityFields: ['email'] });
    expect(methods.otp).toEqual({ enabled: true, duration: 600 });
    expect(methods.mfa).toEqual({ enabled: false, duration: 0 });
    expect(methods.oauth2.enabled).toBe(true);
    const p = methods.oauth2.providers[0];
    expect(p).toMatchObject({ name: 'mock', displayName: 'Mock ID', codeChallengeMethod: 'S256' });
    expect(p?.authURL.endsWith('redirect_uri=')).toBe(true);
    expect(p?.codeVerifier).toMatch(/^[\w-]{43}$/);
    const superMethods = await t.sdk().collection('_superusers').listAuthMethods();
    expect(superMethods.oauth2).toEqual({ enabled: false, providers: [] });
  });

  it('signs in with OAuth2 (PKCE), creating the user once and reusing it', async () => {
    oauth.service.on('beforeUserinfo', (res) => {
      res.body = { sub: 'mock-user-42', email: 'oauth@example.com', email_verified: true, name: 'Olivia Auth', picture: '' };
    });
    const signIn = async () => {
      const pb = t.sdk();
      const methods = await pb.collection('users').listAuthMethods();
      const provider = methods.oauth2.providers[0];
      if (!provider) throw new Error('no provider');
      const redirectURL = `${t.url}/api/oauth2-redirect`;
      // The "browser": the provider redirects back with a code for our redirect URL.
      const res = await fetch(provider.authURL + encodeURIComponent(redirectURL), { redirect: 'manual' });
      const location = new URL(res.headers.get('location') ?? '');
      const code = location.searchParams.get('code') ?? '';
      return pb.collection('users').authWithOAuth2Code('mock', code, provider.codeVerifier, redirectURL, { name: 'From createData' });
    };
    const first = await signIn();
    expect(first.meta?.isNew).toBe(true);
    expect(first.meta?.email).toBe('oauth@example.com');
    expect(first.record).toMatchObject({ email: 'oauth@example.com', verified: true, name: 'From createData' });
    const second = await signIn();
    expect(second.meta?.isNew).toBe(false);
    expect(second.record.id).toBe(first.record.id);
    const links = await t
      .sdk()
      .collection('_superusers')
      .authWithPassword('root@example.com', 'root-password-123')
      .then(() => null);
    expect(links).toBeNull();
    const pbUser = t.sdk();
    pbUser.authStore.save(second.token, second.record);
    const external = await pbUser.collection('users').listExternalAuths(first.record.id);
    expect(external.map((e) => e.provider)).toEqual(['mock']);
    // A wrong PKCE verifier is refused by the provider: no account is touched.
    const methods = await t.sdk().collection('users').listAuthMethods();
    const provider = methods.oauth2.providers[0];
    const redirectURL = `${t.url}/api/oauth2-redirect`;
    const res = await fetch((provider?.authURL ?? '') + encodeURIComponent(redirectURL), { redirect: 'manual' });
    const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
    await expectError(
      t.sdk().collection('users').authWithOAuth2Code('mock', code, 'x'.repeat(43), redirectURL),
      400,
      'Failed to fetch OAuth2 token.',
    );
    await expectError(t.sdk().collection('users').authWithOAuth2Code('nope', 'c', 'v', redirectURL), 400);
  });

  it('lets the configured superuser sign in and bypass every rule', async () => {
    const pb = t.sdk();
    const auth = await pb.collection('_superusers').authWithPassword('root@example.com', 'root-password-123');
    expect(pb.authStore.isSuperuser).toBe(true);
    expect(auth.record.collectionId).toBe('pbc_3142635823');
    const users = await pb.collection('users').getFullList();
    expect(users.length).toBeGreaterThan(3);
    await pb.collection('locked').create({ name: 'only superusers' });
    expect((await pb.collection('locked').getList()).totalItems).toBe(1);
    await expectError(pb.collection('_superusers').delete(auth.record.id), 400, "You can't delete the only existing superuser.");
    const impersonated = await pb.collection('users').impersonate(users[0]?.id ?? '', 60);
    expect(impersonated.authStore.record?.id).toBe(users[0]?.id);
  });

  it('refuses expired, tampered, wrong-type and other-collection tokens', async () => {
    const row = t.ctx.stmts.get("SELECT * FROM users WHERE email = 'login@example.com'");
    const users = t.ctx.engine.collection('users');
    if (!row) throw new Error('no user');
    const expired = await t.ctx.tokens.sign(users, row, 'auth', -10, { refreshable: true });
    const valid = await t.ctx.tokens.sign(users, row, 'auth', 3600, { refreshable: true });
    const [h, p, s] = valid.split('.');
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...claims, id: 'someoneelse0000' })).toString('base64url'), s].join('.');
    const fileToken = await t.ctx.tokens.sign(users, row, 'file', 3600);
    for (const token of [expired, tampered, fileToken, 'garbage', `${h}.${p}.`]) {
      const pb = t.sdk();
      pb.authStore.save(token, null);
      await expectError(pb.collection('users').authRefresh(), 401, 'The request requires valid record authorization token.');
    }
    const admin = t.sdk();
    await admin.collection('_superusers').authWithPassword('root@example.com', 'root-password-123');
    await expectError(admin.collection('users').authRefresh(), 403, 'The request requires auth record from _superusers collection.');
  });
});

describe('brute-force protection', () => {
  it('answers 429 to the 11th bad password from one client, while another client still signs in', async () => {
    const attempt = (ip: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/collections/users/auth-with-password',
        remoteAddress: ip,
        payload: { identity: 'login@example.com', password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('10.9.9.1', 'wrong-password')).statusCode).toBe(400);
    const blocked = await attempt('10.9.9.1', 'wrong-password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ data: {}, message: 'Too Many Requests.', status: 429 });
    expect((await attempt('10.9.9.1', 'login-password')).statusCode).toBe(429);
    expect((await attempt('10.9.9.2', 'login-password')).statusCode).toBe(200);
  });
});
