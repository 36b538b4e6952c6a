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
  log: (obj: Record<string, unknown>, msg: string) => void;
}

export { MailDeliveryError } from './redact.ts';

/**
 * Auth flows await `send` inside a request, so a dead SMTP host must fail in seconds rather than
 * nodemailer's default minutes. Query options in the URL (e.g. `?connectionTimeout=30000`) win.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createLogMailer(options.log);
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

/** No SMTP configured (dev, first boot): the whole email, link included, goes to the log so flows stay usable. */
function createLogMailer(log: MailerOptions['log']): Mailer {
  return {
    async send({ to, subject, text }) {
      log({ to, subject, text }, 'email (no SMTP configured)');
    },
    async close() {},
  };
}
