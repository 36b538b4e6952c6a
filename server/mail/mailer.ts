import nodemailer from 'nodemailer';
import { toDeliveryError, urlSecrets } from './redact.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message; rejects with a password-free error. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** e.g. `smtp://user:pass@host:587`, `smtps://…`, `smtp://127.0.0.1:2525?ignoreTLS=true`; unset = log mailer. */
  smtpUrl?: string;
  /** Sender, e.g. `QR Menu <no-reply@example.com>`. */
  from: string;
  /** Without SMTP, where the emails are written: whole lines of text (see `formatMailForLog`). */
  writeMail: MailLogWriter;
}

/** Receives an email formatted for the log, several lines ending in a newline. */
export type MailLogWriter = (text: string) => void;

export { MailDeliveryError } from './redact.ts';

/**
 * Auth flows await `send` inside a request, so a dead SMTP host must fail in seconds rather than
 * nodemailer's default minutes. Query options in the URL (e.g. `?connectionTimeout=30000`) win.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createLogMailer(options.writeMail);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  if (!/^smtps?:\/\//i.test(smtpUrl)) {
    // Anything else would make nodemailer silently pick another transport or host.
    throw new Error('SMTP URL must start with smtp:// or smtps://');
  }
  const secrets = urlSecrets(smtpUrl);
  const transport = nodemailer.createTransport({ ...TIMEOUTS, url: smtpUrl }, { from });
  return {
    async send(message) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
      } catch (err) {
        throw toDeliveryError(err, secrets);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** Every line of a logged email starts with this mark, so `docker logs … | grep ✉` shows them all. */
export const MAIL_LOG_MARK = '✉';

/**
 * An email as plain log lines, each starting with ✉: who, what, then the text with its links.
 * Plain text rather than a JSON log record, so the link can be copied straight from a terminal.
 */
export function formatMailForLog({ to, subject, text }: Pick<MailMessage, 'to' | 'subject' | 'text'>): string {
  const lines = [`Email to ${to}: ${subject}`, ...text.trimEnd().split(/\r?\n/)];
  return `${lines.map((line) => `${MAIL_LOG_MARK} ${line}`.trimEnd()).join('\n')}\n`;
}

/** No SMTP configured (dev, first boot): the whole email, link included, goes to the log so flows stay usable. */
function createLogMailer(writeMail: MailLogWriter): Mailer {
  return {
    async send(message) {
      writeMail(formatMailForLog(message));
    },
    async close() {},
  };
}
