import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seed, type TestApp } from '../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { expectError } from '../test/sdk-errors.ts';
import { ROOT, rootEnv } from '../test/sdk-clients.ts';
import { eventually } from '../test/eventually.ts';

/**
 * Findings of the authentication audit, each reproduced against the real app: brute-force limits
 * under concurrency, OTP lockout, non-refreshable impersonation, account pre-hijacking by OTP,
 * account enumeration and complete validation errors.
 */
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // On PostgreSQL the sign-in counters live in the database, in windows aligned to the clock
  // (multiples of the window's length, so every instance agrees). Attempts that straddle the end
  // of a window count in two, as fixed windows do: with the default minute that happened to ten
  // slow attempts in a CI run on 2026-11-27. A day-long window leaves that to midnight (UTC) alone.
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, ...rootEnv, AUTH_RATE_LIMIT_WINDOW_SECONDS: '86400' } });
  await t.listen();
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Payload = Record<string, unknown>;
const post = (path: string, payload: Payload, ip = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/collections/${path}`, payload, remoteAddress: ip, headers });

async function user(email: string, password = 'user-password-1', verified = true): Promise<string> {
  const row = await seed(t.ctx, 'users', { email, password, passwordConfirm: password, verified });
  return String(row.id);
}

/** The 6-digit code of the latest sign-in code email sent to `to`. */
async function otpCode(to: string, seen = 0): Promise<string> {
  const mails = () => smtp.messages.filter((m) => m.to.includes(to) && /sign-in code/i.test(m.subject));
  await smtp.waitFor((m) => m.to.includes(to) && /sign-in code/i.test(m.subject) && mails().length > seen);
  const mail = mails()[mails().length - 1];
  return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
}

const countOtpMails = (to: string) => smtp.messages.filter((m) => m.to.includes(to) && /sign-in code/i.test(m.subject)).length;

describe('impersonation tokens', () => {
  it('cannot be refreshed into a normal session (refreshable: false)', async () => {
    const id = await user('impersonated@example.com');
    const admin = t.sdk();
    await admin.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    const impersonated = await admin.collection('users').impersonate(id, 60);
    await expectError(impersonated.collection('users').authRefresh(), 403, 'The current auth token is not refreshable.');
    // The impersonation token itself still works for normal requests.
    expect((await impersonated.collection('users').getOne(id)).id).toBe(id);
    // Tokens from the auth endpoints stay refreshable.
    const pb = t.sdk();
    await pb.collection('users').authWithPassword('impersonated@example.com', 'user-password-1');
    expect((await pb.collection('users').authRefresh()).record.id).toBe(id);
  });
});

describe('password sign-in limits', () => {
  it('counts parallel attempts before hashing: at most the limit are checked, the rest get 429', async () => {
    await user('parallel@example.com');
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('users/auth-with-password', { identity: 'parallel@example.com', password: 'wrong-password' }, '10.20.0.1'),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    const checked = statuses.filter((s) => s === 400).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - checked);
    expect(attempts.find((r) => r.statusCode === 400)?.json().message).toBe('Failed to authenticate.');
  });

  it('a successful sign-in does not use up an attempt', async () => {
    await user('regular@example.com');
    for (let i = 0; i < 15; i++) {
      expect(
        (await post('users/auth-with-password', { identity: 'regular@example.com', password: 'user-password-1' }, '10.20.0.2')).statusCode,
      ).toBe(200);
    }
    expect((await post('users/auth-with-password', { identity: 'regular@example.com', password: 'wrong' }, '10.20.0.2')).statusCode).toBe(
      400,
    );
  });

  it('counts an IPv6 client by its /64: a fresh address per attempt does not reset the limit', async () => {
    await user('ipv6@example.com');
    for (let i = 0; i < 10; i++) {
      const ip = `2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}`;
      expect((await post('users/auth-with-password', { identity: 'ipv6@example.com', password: 'wrong' }, ip)).statusCode).toBe(400);
    }
    const sameNetwork = '2001:db8:77:1:ffff:ffff:ffff:ffff';
    expect(
      (await post('users/auth-with-password', { identity: 'ipv6@example.com', password: 'user-password-1' }, sameNetwork)).statusCode,
    ).toBe(429);
    // The next /64 is someone else.
    expect(
      (await post('users/auth-with-password', { identity: 'ipv6@example.com', password: 'user-password-1' }, '2001:db8:77:2::1'))
        .statusCode,
    ).toBe(200);
  });

  it('keeps separate counters per auth collection, so users and superusers cannot lock each other out', async () => {
    await user('shared-ip@example.com');
    const ip = '10.20.0.3';
    for (let i = 0; i < 10; i++) {
      expect((await post('_superusers/auth-with-password', { identity: ROOT.email, password: 'wrong-password' }, ip)).statusCode).toBe(400);
    }
    expect((await post('_superusers/auth-with-password', { identity: ROOT.email, password: ROOT.password }, ip)).statusCode).toBe(429);
    expect(
      (await post('users/auth-with-password', { identity: 'shared-ip@example.com', password: 'user-password-1' }, ip)).statusCode,
    ).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('users/auth-with-password', { identity: 'shared-ip@example.com', password: 'wrong-password' }, '10.20.0.4')).statusCode,
      ).toBe(400);
    }
    expect(
      (await post('users/auth-with-password', { identity: 'shared-ip@example.com', password: 'user-password-1' }, '10.20.0.4')).statusCode,
    ).toBe(429);
    expect((await post('_superusers/auth-with-password', { identity: ROOT.email, password: ROOT.password }, '10.20.0.4')).statusCode).toBe(
      200,
    );
  });
});

describe('one-time codes', () => {
  it("a stranger's wrong codes never lock the address owner out", async () => {
    await user('victim@example.com');
    const attacker = '10.30.0.1';
    const owner = '10.30.0.2';
    const { otpId } = (await post('users/request-otp', { email: 'victim@example.com' }, attacker)).json();
    await otpCode('victim@example.com'); // delivered (to the owner), so the next code is told apart
    for (let i = 0; i < 5; i++) {
      expect((await post('users/auth-with-otp', { otpId, password: '00000' + String(i) }, attacker)).statusCode).toBe(400);
    }
    const burned = await post('users/auth-with-otp', { otpId, password: '000009' }, attacker);
    expect(burned.statusCode).toBe(429);
    expect(burned.json().message).toBe('Too many attempts, please try again later with a new OTP.');
    // The owner asks for a new code and signs in with it, from their own device.
    const seen = countOtpMails('victim@example.com');
    const fresh = (await post('users/request-otp', { email: 'victim@example.com' }, owner)).json();
    const code = await otpCode('victim@example.com', seen);
    const signIn = await post('users/auth-with-otp', { otpId: fresh.otpId, password: code }, owner);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().record.email).toBe('victim@example.com');
    // Nor is their password sign-in affected, even from the attacker's address.
    expect(
      (await post('users/auth-with-password', { identity: 'victim@example.com', password: 'user-password-1' }, attacker)).statusCode,
    ).toBe(200);
  });

  it('limits wrong codes per client across code requests, the same for unknown and known addresses', async () => {
    await user('known-otp@example.com');
    const ip = '10.30.0.3';
    let failures = 0;
    let blocked = null as null | { statusCode: number };
    // Fresh code requests do not reset the client's failure count.
    for (let round = 0; round < 10 && !blocked; round++) {
      const email = round % 2 ? 'known-otp@example.com' : 'nobody-otp@example.com';
      const { otpId } = (await post('users/request-otp', { email }, `10.30.1.${round}`)).json();
      for (let i = 0; i < 3; i++) {
        const res = await post('users/auth-with-otp', { otpId, password: '99999' + String(i) }, ip);
        if (res.statusCode === 429) {
          blocked = res;
          break;
        }
        expect(res.statusCode).toBe(400);
        failures++;
      }
    }
    expect(blocked?.statusCode).toBe(429);
    expect(failures).toBe(20);
    // An unknown address's (fake) otpId is burned after 5 attempts exactly like a real one.
    for (const email of ['known-otp@example.com', 'nobody-otp@example.com']) {
      const { otpId } = (await post('users/request-otp', { email }, '10.30.2.1')).json();
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await post('users/auth-with-otp', { otpId, password: '12345' + String(i) }, `10.30.3.${i}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    }
  });

  it('signing in with a code to an unverified account replaces the password the address owner never set', async () => {
    // Someone registers the victim's address with a password of their own and keeps a session.
    const attacker = t.sdk();
    await attacker
      .collection('users')
      .create({ email: 'prehijack@example.com', password: 'attacker-pass-1', passwordConfirm: 'attacker-pass-1' });
    await attacker.collection('users').authWithPassword('prehijack@example.com', 'attacker-pass-1');
    // The real owner later signs in with a code sent to their mailbox.
    const owner = t.sdk();
    const seen = countOtpMails('prehijack@example.com');
    const { otpId } = await owner.collection('users').requestOTP('prehijack@example.com');
    const auth = await owner.collection('users').authWithOTP(otpId, await otpCode('prehijack@example.com', seen));
    expect(auth.record.verified).toBe(true);
    // The attacker's password and session are gone; the owner's session works.
    await expectError(
      t.sdk().collection('users').authWithPassword('prehijack@example.com', 'attacker-pass-1'),
      400,
      'Failed to authenticate.',
    );
    await expectError(attacker.collection('users').authRefresh(), 401);
    expect((await owner.collection('users').authRefresh()).record.verified).toBe(true);
  });

  it('keeps the password of an already verified account', async () => {
    await user('verified-otp@example.com');
    const pb = t.sdk();
    const seen = countOtpMails('verified-otp@example.com');
    const { otpId } = await pb.collection('users').requestOTP('verified-otp@example.com');
    await pb.collection('users').authWithOTP(otpId, await otpCode('verified-otp@example.com', seen));
    expect((await t.sdk().collection('users').authWithPassword('verified-otp@example.com', 'user-password-1')).record.verified).toBe(true);
  });
});

describe('validation errors list every failing field at once', () => {
  it.each([
    {
      name: 'empty sign-up',
      path: 'users/records',
      body: {},
      fields: ['email', 'password', 'passwordConfirm'],
      message: 'Failed to create record.',
    },
    {
      name: 'sign-up with every value wrong',
      path: 'users/records',
      body: { email: 'not-an-email', password: 'short', passwordConfirm: 'other', name: 'n'.repeat(101) },
      fields: ['email', 'name', 'password', 'passwordConfirm'],
      message: 'Failed to create record.',
    },
    {
      name: 'empty confirm-password-reset',
      path: 'users/confirm-password-reset',
      body: {},
      fields: ['password', 'passwordConfirm', 'token'],
    },
    {
      name: 'confirm-password-reset with a bad token and no password',
      path: 'users/confirm-password-reset',
      body: { token: 'x.y.z', passwordConfirm: 'a' },
      fields: ['password', 'passwordConfirm', 'token'],
    },
    { name: 'empty confirm-email-change', path: 'users/confirm-email-change', body: {}, fields: ['password', 'token'] },
    { name: 'empty auth-with-otp', path: 'users/auth-with-otp', body: {}, fields: ['otpId', 'password'] },
    { name: 'empty auth-with-password', path: 'users/auth-with-password', body: {}, fields: ['identity', 'password'] },
  ])('$name', async ({ path, body, fields, message }) => {
    const res = await post(path, body, '10.40.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message ?? 'An error occurred while validating the submitted data.');
    expect(Object.keys(res.json().data).sort()).toEqual(fields);
  });

  it('on update too: field errors and password errors together', async () => {
    const id = await user('update-errors@example.com');
    const pb = t.sdk();
    await pb.collection('users').authWithPassword('update-errors@example.com', 'user-password-1');
    const err = await expectError(
      pb.collection('users').update(id, { name: 'n'.repeat(101), password: 'new-password-1', passwordConfirm: 'different-1' }),
      400,
      'Failed to update record.',
    );
    expect(Object.keys(err.response.data).sort()).toEqual(['name', 'oldPassword', 'passwordConfirm']);
  });
});

describe('account enumeration', () => {
  it('sign-up with a taken address answers like a new one, creates nothing and tells the owner', async () => {
    await user('taken@example.com', 'owner-password-1');
    const organizations = () => Number(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM organizations')?.c);
    const fresh = await post('users/records', {
      email: 'fresh@example.com',
      password: 'some-password-1',
      passwordConfirm: 'some-password-1',
      name: 'Sam',
    });
    const before = organizations();
    const taken = await post('users/records', {
      email: 'Taken@example.com',
      password: 'some-password-1',
      passwordConfirm: 'some-password-1',
      name: 'Sam',
    });
    expect(taken.statusCode).toBe(200);
    expect(fresh.statusCode).toBe(200);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(taken.json()).toMatchObject({ verified: false, onboardingComplete: false, name: 'Sam', collectionName: 'users' });
    expect(taken.json().id).toMatch(/^[a-z0-9]{15}$/);
    expect(taken.body).not.toContain(t.ctx.stmts.get("SELECT id FROM users WHERE email = 'taken@example.com'")?.id);
    if ('email' in fresh.json()) expect(taken.json().email).toBe('Taken@example.com');
    // Nothing was written: one account, its password unchanged, no new organization.
    expect(t.ctx.stmts.all("SELECT id FROM users WHERE lower(email) = 'taken@example.com'")).toHaveLength(1);
    expect(organizations()).toBe(before);
    await expectError(t.sdk().collection('users').authWithPassword('taken@example.com', 'some-password-1'), 400);
    await t.sdk().collection('users').authWithPassword('taken@example.com', 'owner-password-1');
    // The owner learns about it by email, with a way to sign in.
    const notice = await smtp.waitFor((m) => m.to.includes('taken@example.com') && /already have/i.test(m.subject));
    expect(notice.text).toContain('No new account was created');
    // Invalid input is answered the same way too (no not-unique error on email).
    const shortFresh = await post('users/records', { email: 'fresh2@example.com', password: 'short', passwordConfirm: 'short' });
    const shortTaken = await post('users/records', { email: 'taken@example.com', password: 'short', passwordConfirm: 'short' });
    expect(shortTaken.statusCode).toBe(400);
    expect(shortTaken.json()).toEqual(shortFresh.json());
    // Superusers, who can list accounts anyway, keep PocketBase's error.
    const admin = t.sdk();
    await admin.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    const err = await expectError(
      admin.collection('users').create({ email: 'taken@example.com', password: 'some-password-1', passwordConfirm: 'some-password-1' }),
      400,
    );
    expect(err.response.data.email.code).toBe('validation_not_unique');
  });

  it('request-email-change answers the same for a taken address and mails nobody', async () => {
    await user('someone-else@example.com');
    await user('mover@example.com');
    const pb = t.sdk();
    await pb.collection('users').authWithPassword('mover@example.com', 'user-password-1');
    const taken = await pb
      .send('/api/collections/users/request-email-change', { method: 'POST', body: { newEmail: 'someone-else@example.com' } })
      .then(
        () => 204,
        (e: { status: number }) => e.status,
      );
    expect(taken).toBe(204);
    // Sentinel: a request to a free address afterwards; once its email is in, the first one would be too.
    await pb.collection('users').requestEmailChange('moved@example.com');
    await smtp.waitFor((m) => m.to.includes('moved@example.com'));
    expect(smtp.messages.some((m) => m.to.includes('someone-else@example.com'))).toBe(false);
  });

  it('email-sending requests take the same time for known and unknown addresses', async () => {
    // A transport that does synchronous work per message (as DKIM signing does): whatever of the
    // email work runs before the reply shows up in the response time of known addresses only.
    let clock = Date.now();
    const app = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, now: () => new Date(clock) });
    try {
      const sent: string[] = [];
      const MAIL_WORK_MS = 60;
      const slowTransport = {
        send(message: { to: string }) {
          const end = performance.now() + MAIL_WORK_MS;
          while (performance.now() < end) {
            /* busy, like signing */
          }
          sent.push(message.to);
          return Promise.resolve();
        },
        close: () => Promise.resolve(),
      };
      (app.ctx.mailer as unknown as { swap(m: typeof slowTransport): void }).swap(slowTransport);
      const N = 9;
      for (let i = 0; i < N; i++)
        await seed(app.ctx, 'users', { email: `known${i}@example.com`, password: 'password-123', passwordConfirm: 'password-123' });
      // Their sign-up verification emails are out, and the 2-minute resend cooldown is over.
      await eventuallySent(() => sent.length >= N);
      clock += 5 * 60 * 1000;
      // The fastest of N runs: load from other processes only ever adds time, so minimums compare
      // the work each path does, not how busy the machine was (medians flaked under CI load).
      const fastest = (xs: number[]) => Math.min(...xs);
      // The server's own response time (request in → response handed to the socket): the test
      // client shares this process, so what it observes would include work done after the reply.
      let elapsed = 0;
      app.app.addHook('onResponse', async (_request, reply) => {
        elapsed = reply.elapsedTime;
      });
      const url = await app.listen();
      const timed = async (path: string, payload: Payload): Promise<number> => {
        const res = await fetch(`${url}/api/collections/users/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        expect(res.status).toBeLessThan(500); // the same status is checked elsewhere; here only time
        await res.arrayBuffer();
        return elapsed;
      };
      for (const [path, body] of [
        ['request-otp', (email: string) => ({ email })],
        ['request-password-reset', (email: string) => ({ email })],
        ['request-verification', (email: string) => ({ email })],
        ['records', (email: string) => ({ email, password: 'password-123', passwordConfirm: 'password-123' })],
      ] as const) {
        const known: number[] = [];
        const unknown: number[] = [];
        for (let i = 0; i < N; i++) {
          const before = sent.length;
          known.push(await timed(path, body(`known${i}@example.com`)));
          // Let the known address's email go out before the next measurement (sentinel: it was sent).
          await eventuallySent(() => sent.length > before);
          const between = sent.length;
          unknown.push(await timed(path, body(`unknown-${path}-${i}@example.com`)));
          // A new account gets its verification email: let it go out too, outside the next measurement.
          await eventuallySent(() => path !== 'records' || sent.length > between);
        }
        // Known addresses may not be slower (the stand-in adds MAIL_WORK_MS to any email work in the path).
        expect(fastest(known) - fastest(unknown), `${path}: known - unknown fastest ms`).toBeLessThan(MAIL_WORK_MS / 2);
      }
    } finally {
      await app.close();
    }
  });
});

/** Waits until `done` (the background email was handed to the transport), then one more turn. */
async function eventuallySent(done: () => boolean): Promise<void> {
  expect(await eventually(done, (ok) => ok)).toBe(true);
  await new Promise((r) => setImmediate(r));
}
