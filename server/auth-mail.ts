import type { AuthMail } from './core/auth/mail-port.ts';
import type { Mailer } from './mail/mailer.ts';
import { emailChangeEmail, otpEmail, passwordResetEmail, verificationEmail, type Brand } from './mail/templates.ts';

/** The auth flows' emails, rendered with the product's templates; links point at the web app. */
export function createAuthMail(mailer: Mailer, brand: Brand): AuthMail {
  const link = (path: string, token: string) => `${brand.appUrl}/${path}?token=${encodeURIComponent(token)}`;
  return {
    verification: (to, token) => mailer.send({ to, ...verificationEmail(brand, link('verify', token)) }),
    passwordReset: (to, token) => mailer.send({ to, ...passwordResetEmail(brand, link('reset-password', token)) }),
    emailChange: (to, token, newEmail) => mailer.send({ to, ...emailChangeEmail(brand, link('confirm-email-change', token), newEmail) }),
    otp: (to, code, minutes) => mailer.send({ to, ...otpEmail(brand, code, minutes) }),
  };
}
