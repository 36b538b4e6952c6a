import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/smtp-sink.ts';
import type { ReceivedMail, SmtpSink } from '../test/smtp-sink.ts';
import { createMailer, MailDeliveryError } from './mailer.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { safeUrl, urlSecrets } from './redact.ts';
import { emailChangeEmail, loginAlertEmail, otpEmail, passwordResetEmail, verificationEmail } from './templates.ts';

const brand = { appName: 'QR Menu', appUrl: 'https://menu.example.com' };
const noLog = (): void => {};

let sink: SmtpSink;
let mailer: Mailer;

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = createMailer({ smtpUrl: sink.url, from: 'QR Menu <no-reply@menu.example.com>', writeMail: noLog });
});
afterAll(async () => {
  await mailer.close();
  await sink.close();
});
beforeEach(() => sink.clear());

async function deliver(to: string, content: Omit<MailMessage, 'to'>): Promise<ReceivedMail> {
  await mailer.send({ to, ...content });
  return sink.waitFor((m) => m.to.includes(to));
}

/** The link must sit alone on a line of the text and appear (HTML-escaped) as href and as visible fallback. */
function expectLink(mail: ReceivedMail, link: string): void {
  expect(mail.text.split('\n')).toContain(link);
  const escaped = link.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  expect(mail.html).toContain(`href="${escaped}"`);
  expect(mail.html).toContain(`>${escaped}</a>`);
}

/** A closed port: bind an ephemeral one, then release it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('auth emails over SMTP', () => {
  it('verification: recipient, sender, subject, link in text and HTML', async () => {
    const link = `${brand.appUrl}/verify?token=abc.def-ghi_123`;
    const mail = await deliver('new.user@example.com', verificationEmail(brand, link));
    expect(mail.to).toEqual(['new.user@example.com']);
    expect(mail.from).toBe('no-reply@menu.example.com');
    expect(mail.headers.from).toBe('QR Menu <no-reply@menu.example.com>');
    expect(mail.subject).toBe('Verify your QR Menu email');
    expectLink(mail, link);
    expect(mail.text).toMatch(/didn’t create a QR Menu account/);
  });

  it('password reset', async () => {
    const link = `${brand.appUrl}/reset-password?token=r3s3t`;
    const mail = await deliver('reset@example.com', passwordResetEmail(brand, link));
    expect(mail.subject).toBe('Reset your QR Menu password');
    expectLink(mail, link);
    expect(mail.text).toMatch(/If you didn’t ask for this/);
  });

  it('email change names the new address, escaped in HTML', async () => {
    const link = `${brand.appUrl}/confirm-email-change?token=chg`;
    const newEmail = 'a&b<script>@example.com';
    const mail = await deliver('new@example.com', emailChangeEmail(brand, link, newEmail));
    expect(mail.subject).toBe('Confirm your new QR Menu email');
    expectLink(mail, link);
    expect(mail.text).toContain(newEmail);
    expect(mail.html).toContain('a&amp;b&lt;script&gt;@example.com');
    expect(mail.html).not.toContain('<script>');
  });

  it('OTP code on its own line with its validity', async () => {
    const mail = await deliver('otp@example.com', otpEmail(brand, '482913', 10));
    expect(mail.subject).toBe('Your QR Menu sign-in code');
    expect(mail.text.split('\n')).toContain('482913');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('>482913</p>');
    expect(mail.html).toContain('10 minutes');
    expect(otpEmail(brand, '1', 1).text).toContain('valid for 1 minute ');
  });

  it('login alert escapes request-supplied values and keeps them on one text line', async () => {
    const info = { when: '2025-01-02 03:04 UTC', userAgent: 'Evil <img src=x onerror="alert(1)">\nInjected: line', ip: '203.0.113.7' };
    const mail = await deliver('alert@example.com', loginAlertEmail(brand, info));
    expect(mail.subject).toBe('New sign-in to your QR Menu account');
    expect(mail.text).toContain('When: 2025-01-02 03:04 UTC');
    expect(mail.text).toContain('IP address: 203.0.113.7');
    expect(mail.text).toContain('Device: Evil <img src=x onerror="alert(1)"> Injected: line');
    expect(mail.html).toContain('Evil &lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('203.0.113.7');
  });

  it('escapes the brand and decodes a unicode subject', async () => {
    const fancy = { appName: 'Caffè "Ü" & <Co> 🍕', appUrl: 'https://café.example.com/?a=1&b=2' };
    const link = `${fancy.appUrl}&token=<x>"y"`;
    const mail = await deliver('brand@example.com', verificationEmail(fancy, link));
    expect(mail.subject).toBe('Verify your Caffè "Ü" & <Co> 🍕 email');
    expectLink(mail, link);
    expect(mail.html).toContain('Caffè &quot;Ü&quot; &amp; &lt;Co&gt; 🍕');
    expect(mail.html).not.toMatch(/<Co>|<x>/);
  });

  it('a 600-character link survives wire wrapping intact', async () => {
    const prefix = `${brand.appUrl}/verify?token=`;
    const link = prefix + 'aZ0-_.'.repeat(100).slice(0, 600 - prefix.length);
    expect(link).toHaveLength(600);
    const mail = await deliver('long@example.com', verificationEmail(brand, link));
    expect(mail.raw).not.toContain(link); // proves it was wrapped/encoded on the wire
    expectLink(mail, link);
  });

  it('authenticates when the URL carries credentials', async () => {
    const authed = createMailer({ smtpUrl: sink.url.replace('smtp://', 'smtp://user:pa%24%24@'), from: 'x@example.com', writeMail: noLog });
    await authed.send({ to: 'authed@example.com', subject: 's', text: 't', html: '<p>h</p>' });
    await authed.close();
    expect((await sink.waitFor((m) => m.to.includes('authed@example.com'))).text).toBe('t');
  });
});

describe('failures', () => {
  it('rejects for an unreachable server without leaking the password', async () => {
    const password = 'S3cr#t-Pa55';
    const smtpUrl = `smtp://mailer:${encodeURIComponent(password)}@127.0.0.1:${await closedPort()}`;
    const logged: unknown[] = [];
    const broken = createMailer({ smtpUrl, from: 'x@example.com', writeMail: (text) => logged.push(text) });
    const err = await broken.send({ to: 'u@example.com', subject: 's', text: 't', html: 'h' }).then(
      () => null,
      (e: unknown) => e,
    );
    await broken.close();
    expect(err).toBeInstanceOf(MailDeliveryError);
    const e = err as MailDeliveryError;
    expect(e.message).toMatch(/^SMTP send failed: .*ECONNREFUSED/);
    const everything = [e.message, e.stack, String(e), JSON.stringify(e), JSON.stringify(logged)].join('\n');
    for (const secret of [password, encodeURIComponent(password)]) expect(everything).not.toContain(secret);
  });

  it('refuses non-SMTP URLs', () => {
    expect(() => createMailer({ smtpUrl: 'http://u:p@host', from: 'x@example.com', writeMail: noLog })).toThrow(/smtp:\/\//);
  });

  it('redaction helpers cover raw and percent-decoded passwords', () => {
    expect(urlSecrets('smtp://u:p%40ss@h:25').sort()).toEqual(['p%40ss', 'p@ss']);
    expect(urlSecrets('smtp://h:25')).toEqual([]);
    expect(safeUrl('smtps://u:p%40ss@h:465')).toBe('smtps://u:***@h:465');
  });
});

describe('log mailer (no SMTP configured)', () => {
  it('writes the whole email, link included, as lines marked ✉', async () => {
    const written: string[] = [];
    const logMailer = createMailer({ from: 'x@example.com', writeMail: (text) => written.push(text) });
    const link = `${brand.appUrl}/reset-password?token=${'t'.repeat(200)}`;
    const email = passwordResetEmail(brand, link);
    await logMailer.send({ to: 'dev@example.com', ...email });
    await logMailer.close();
    expect(written).toHaveLength(1);
    const lines = written[0]!.trimEnd().split('\n');
    expect(lines[0]).toBe(`✉ Email to dev@example.com: ${email.subject}`);
    for (const line of lines) expect(line.startsWith('✉')).toBe(true);
    expect(lines).toContain(`✉ ${link}`);
    expect(written[0]!.endsWith('\n')).toBe(true);
  });
});
