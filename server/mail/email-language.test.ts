import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { trialEndingEmail } from '../modules/billing/emails.ts';

/**
 * Emails in the recipient's language (issue 19, item 5): the account's `language` decides, over
 * real SMTP. English words that only the English version has prove no English slipped through.
 */
let smtp: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(async () => {
  await t.close();
  smtp.clear();
});

const world = async () => {
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'https://menu.example.com', APP_NAME: 'Menukarte' } });
  await t.listen();
  return t;
};
const mailTo = (to: string) => smtp.waitFor((m) => m.to.includes(to));

describe('auth emails in the account language', () => {
  it('a German sign-up gets the German verification email, and the German reset email', async () => {
    await world();
    await t
      .sdk()
      .collection('users')
      .create({ email: 'anna@example.de', password: 'passwort-123', passwordConfirm: 'passwort-123', name: 'Anna', language: 'de' });
    const verify = await mailTo('anna@example.de');
    expect(verify.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Menukarte');
    expect(verify.text).toContain('Vielen Dank für Ihre Registrierung bei Menukarte!');
    expect(verify.html).toContain('<html lang="de">');
    expect(verify.html).toContain('E-Mail-Adresse bestätigen');
    expect(verify.html).toContain('Falls die Schaltfläche nicht funktioniert');
    expect(verify.html).toMatch(
      /Gesendet von <a href="https:\/\/menu\.example\.com"[^>]*>Menukarte<\/a>\. Dies ist eine automatische Nachricht/,
    );
    expect(`${verify.subject}\n${verify.html}`).not.toMatch(/Verify|Thanks|ignore|button|Sent by/);
    smtp.clear();

    await t.sdk().collection('users').requestPasswordReset('anna@example.de');
    const reset = await mailTo('anna@example.de');
    expect(reset.subject).toBe('Ihr Passwort für Menukarte zurücksetzen');
    expect(reset.text).toContain('Hier können Sie ein neues wählen:');
    expect(reset.text).toMatch(/https:\/\/menu\.example\.com\/reset-password\?token=/);
    expect(`${reset.subject}\n${reset.html}`).not.toMatch(/Reset your|password stays|Sent by/);
  });

  it('an account without a language gets English; the one-time code follows the language with its plural', async () => {
    await world();
    await seed(t.ctx, 'users', { email: 'eve@example.com', password: 'password-123', passwordConfirm: 'password-123', verified: true });
    await seed(t.ctx, 'users', {
      email: 'fleur@example.fr',
      password: 'password-123',
      passwordConfirm: 'password-123',
      verified: true,
      language: 'fr',
    });
    await t.sdk().collection('users').requestPasswordReset('eve@example.com');
    expect((await mailTo('eve@example.com')).subject).toBe('Reset your Menukarte password');
    await t.sdk().collection('users').requestOTP('fleur@example.fr');
    const otp = await mailTo('fleur@example.fr');
    expect(otp.subject).toBe('Votre code de connexion Menukarte');
    expect(otp.text).toContain('Le code est valable 10 minutes et ne fonctionne qu’une fois.');
  });

  it('refuses a language the app does not ship', async () => {
    await world();
    const row = await seed(t.ctx, 'users', { email: 'x@example.com', password: 'password-123', passwordConfirm: 'password-123' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/users/records/${String(row.id)}`,
      headers: { authorization: await tokenFor(t.ctx, 'users', String(row.id)) },
      payload: { language: 'xx' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.language.code).toBe('validation_invalid_value');
  });
});

describe('invitations', () => {
  it('write in the invitee’s language when they have an account, else in the inviter’s', async () => {
    await world();
    const owner = await seed(t.ctx, 'users', {
      email: 'owner@example.it',
      password: 'password-123',
      passwordConfirm: 'password-123',
      verified: true,
      name: 'Giulia',
      language: 'it',
    });
    await seed(t.ctx, 'users', {
      email: 'cook@example.es',
      password: 'password-123',
      passwordConfirm: 'password-123',
      verified: true,
      language: 'es',
    });
    const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(owner.id)])?.o);
    const invite = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/organizations/${org}/invitations`,
        headers: { authorization: '' },
        payload: { email, role: 'editor' },
      });
    const auth = await tokenFor(t.ctx, 'users', String(owner.id));
    const send = async (email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/organizations/${org}/invitations`,
        headers: { authorization: auth },
        payload: { email, role: 'editor' },
      });
      expect(res.statusCode).toBe(200);
      return mailTo(email);
    };
    expect((await invite('nobody@example.com')).statusCode).toBe(401);
    const newcomer = await send('new@example.com');
    expect(newcomer.text).toContain('Giulia ti ha invitato a unirti');
    expect(newcomer.text).toContain('come editor.');
    expect(newcomer.text).toContain('L’invito è valido per 7 giorni.');
    const account = await send('cook@example.es');
    expect(account.text).toContain('Giulia le ha invitado a unirse');
    expect(account.text).toContain('Inicie sesión con esta dirección de correo para aceptar:');
  });
});

describe('billing emails', () => {
  it('word dates and plurals in the owner’s language', () => {
    const brand = { appName: 'Menukarte', appUrl: 'https://menu.example.com' };
    const info = {
      organizationName: 'Café Uno',
      trialEndsAt: new Date('2025-03-12T10:00:00Z'),
      daysLeft: 3,
      graceDays: 1,
      billingUrl: 'x',
    };
    const de = trialEndingEmail(brand, info, 'de');
    expect(de.subject).toBe('Ihre Testphase bei Menukarte endet in 3 Tagen');
    expect(de.text).toContain('endet am 12. März 2025.');
    expect(de.text).toContain('Gäste sehen Ihre Speisekarte noch 1 Tag;');
    expect(trialEndingEmail(brand, info, 'en').text).toContain('ends on March 12, 2025.');
  });
});
