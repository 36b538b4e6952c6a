import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { parseMail, startSmtpSink } from './smtp-sink.ts';
import type { SmtpSink } from './smtp-sink.ts';

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
beforeEach(() => sink.clear());

/** Sends through nodemailer's real SMTP client so the sink sees nodemailer's own wire encoding. */
async function send(mail: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport(sink.url);
  try {
    await transport.sendMail({ from: 'Sender <sender@example.com>', ...mail });
  } finally {
    transport.close();
  }
}

describe('smtp sink over SMTP', () => {
  it('listens on 127.0.0.1 with a usable smtp url', () => {
    expect(sink.port).toBeGreaterThan(0);
    expect(sink.url).toMatch(new RegExp(`^smtp://127\\.0\\.0\\.1:${sink.port}\\b`));
  });

  it('records envelope, headers and both alternatives', async () => {
    await send({ to: ['a@example.com', 'b@example.com'], subject: 'Hello', text: 'plain body', html: '<p>html body</p>' });
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(mail.from).toBe('sender@example.com');
    expect(mail.to).toEqual(['a@example.com', 'b@example.com']);
    expect(mail.subject).toBe('Hello');
    expect(mail.text).toBe('plain body');
    expect(mail.html).toBe('<p>html body</p>');
    expect(mail.headers.from).toBe('Sender <sender@example.com>');
    expect(mail.raw).toContain('multipart/alternative');
  });

  it('decodes quoted-printable soft breaks and =XX bytes', async () => {
    const long = `https://example.com/verify?token=${'x'.repeat(300)}&a=1`;
    const text = `Grüße ${long}\nÄÖÜ € done`;
    await send({ to: 'q@example.com', subject: 'qp', text, textEncoding: 'quoted-printable' });
    const mail = await sink.waitFor((m) => m.subject === 'qp');
    expect(mail.raw).toMatch(/=\r\n/); // really wrapped on the wire
    expect(mail.text).toBe(text);
  });

  it('decodes base64 bodies', async () => {
    const text = 'Ünïcödé body ✓ 🍕\nsecond line';
    await send({ to: 'b@example.com', subject: 'b64', text, html: `<b>${text}</b>`, textEncoding: 'base64' });
    const mail = await sink.waitFor((m) => m.subject === 'b64');
    expect(mail.raw).toMatch(/Content-Transfer-Encoding: base64/i);
    expect(mail.text).toBe(text);
    expect(mail.html).toBe(`<b>${text}</b>`);
  });

  it('decodes long unicode subjects split over folded encoded words', async () => {
    const subject = `Überprüfung ${'παράδειγμα 🍕 '.repeat(8)}fin`;
    await send({ to: 'u@example.com', subject, text: 'x' });
    const mail = await sink.waitFor((m) => m.to.includes('u@example.com'));
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?[QB]\?/i);
    expect(mail.subject).toBe(subject);
  });

  it('skips attachments and finds bodies inside multipart/mixed', async () => {
    await send({
      to: 'att@example.com',
      subject: 'att',
      text: 'the text',
      html: '<i>the html</i>',
      attachments: [{ filename: 'note.txt', content: 'attached text', contentType: 'text/plain' }],
    });
    const mail = await sink.waitFor((m) => m.subject === 'att');
    expect(mail.raw).toContain('multipart/mixed');
    expect(mail.text).toBe('the text');
    expect(mail.html).toBe('<i>the html</i>');
  });

  it('accepts authenticated clients', async () => {
    const transport = nodemailer.createTransport(sink.url.replace('smtp://', 'smtp://user:pass@'));
    await transport.sendMail({ from: 's@example.com', to: 'auth@example.com', subject: 'auth', text: 'ok' });
    transport.close();
    expect((await sink.waitFor((m) => m.subject === 'auth')).text).toBe('ok');
  });

  it('waitFor resolves for a later message and rejects on timeout', async () => {
    const pending = sink.waitFor((m) => m.subject === 'later');
    await send({ to: 'l@example.com', subject: 'later', text: 'x' });
    expect((await pending).to).toEqual(['l@example.com']);
    await expect(sink.waitFor((m) => m.subject === 'never', 50)).rejects.toThrow(/No matching email.*later/);
  });
});

describe('parseMail', () => {
  const crlf = (lines: string[]): Buffer => Buffer.from(lines.join('\r\n'), 'latin1');

  it('unfolds headers and joins a UTF-8 character split across Q and B words', () => {
    // "é" is C3 A9: first byte in one word, second in the next.
    const mail = parseMail(
      crlf(['Subject: Caf=?UTF-8?Q?=C3?=', '  =?UTF-8?B?qQ==?= ok_=?utf-8?q?a_b?=', 'X-Long: one', '\ttwo', '', 'body']),
    );
    expect(mail.subject).toBe('Café ok_a b');
    expect(mail.headers['x-long']).toBe('one\ttwo');
    expect(mail.text).toBe('body');
  });

  it('honours the charset of a part and quoted boundaries with preamble', () => {
    const mail = parseMail(
      crlf([
        'Content-Type: multipart/alternative; boundary="b=1"',
        '',
        'preamble',
        '--b=1',
        'Content-Type: text/plain; charset=iso-8859-1',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'caf=E9 soft=',
        'break',
        '--b=1',
        'Content-Type: text/html',
        '',
        '<p>x</p>',
        '--b=1--',
        'epilogue',
      ]),
    );
    expect(mail.text).toBe('café softbreak');
    expect(mail.html).toBe('<p>x</p>');
  });
});
