import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { buildTestApp, seed, type TestApp } from '../../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { expectError } from '../../test/sdk-errors.ts';
import { ROOT, rootEnv } from '../../test/sdk-clients.ts';

/** A superuser disables an account: every sign-in and refresh is refused and open sessions end. */
let t: TestApp;
let smtp: SmtpSink;
let admin: PocketBase;
const PASSWORD = 'user-password-1';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ env: { ...rootEnv, SMTP_URL: smtp.url } });
  await t.listen();
  admin = t.sdk();
  await admin.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const REFUSED = "The request doesn't satisfy the collection requirements to authenticate.";

async function account(email: string) {
  const user = await seed(t.ctx, 'users', { email, password: PASSWORD, passwordConfirm: PASSWORD, verified: true });
  const pb = t.sdk();
  await pb.collection('users').authWithPassword(email, PASSWORD);
  return { id: String(user.id), pb };
}

describe('disabled accounts', () => {
  it('refuse password and code sign-ins, refreshes and the open session; enabling restores them', async () => {
    const { id, pb } = await account('disabled@example.com');
    await admin.collection('users').update(id, { disabled: true });

    await expectError(t.sdk().collection('users').authWithPassword('disabled@example.com', PASSWORD), 403, REFUSED);
    // The session that was open is over (its token was signed with the old tokenKey).
    await expectError(pb.collection('users').authRefresh(), 401);
    await expectError(pb.collection('users').getOne(id), 404);
    // A one-time code does not get around it.
    const { otpId } = await t.sdk().collection('users').requestOTP('disabled@example.com');
    const mail = await smtp.waitFor((m) => m.to.includes('disabled@example.com') && /code/i.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    await expectError(t.sdk().collection('users').authWithOTP(otpId, code), 403, REFUSED);

    await admin.collection('users').update(id, { disabled: false });
    const again = t.sdk();
    await again.collection('users').authWithPassword('disabled@example.com', PASSWORD);
    expect((await again.collection('users').authRefresh()).record.id).toBe(id);
  });

  it('cannot be set or cleared by the user', async () => {
    const { id, pb } = await account('self@example.com');
    await expectError(pb.collection('users').update(id, { disabled: true }), 404);
    await expectError(
      t.sdk().collection('users').create({ email: 'new@example.com', password: PASSWORD, passwordConfirm: PASSWORD, disabled: true }),
      400,
    );
    expect(t.ctx.stmts.get('SELECT disabled FROM users WHERE id = ?', [id])?.disabled).toBe(0);
  });
});
