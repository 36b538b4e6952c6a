import type { AuthMail } from './core/auth/mail-port.ts';
import type { Mailer } from './mail/mailer.ts';
import { renderEmail, type EmailContent } from './mail/layout.ts';
import { emailChangeEmail, otpEmail, passwordResetEmail, verificationEmail, type Brand } from './mail/templates.ts';

/** The auth flows' emails, rendered with the product's templates; links point at the web app. */
export function createAuthMail(mailer: Mailer, brand: Brand): AuthMail {
  const link = (path: string, token: string) => `${brand.appUrl}/${path}?token=${encodeURIComponent(token)}`;
  return {
    verification: (to, token) => mailer.send({ to, ...verificationEmail(brand, link('verify', token)) }),
    passwordReset: (to, token) => mailer.send({ to, ...passwordResetEmail(brand, link('reset-password', token)) }),
    emailChange: (to, token, newEmail) => mailer.send({ to, ...emailChangeEmail(brand, link('confirm-email-change', token), newEmail) }),
    otp: (to, code, minutes) => mailer.send({ to, ...otpEmail(brand, code, minutes) }),
    accountExists: (to) => mailer.send({ to, ...accountExistsEmail(brand, `${brand.appUrl}/login`) }),
  };
}

/** Sent instead of a second account: the sign-up answer itself does not say the address is taken. */
function accountExistsEmail(brand: Brand, loginLink: string): EmailContent {
  return renderEmail(brand, `You already have a ${brand.appName} account`, {
    heading: 'You already have an account',
    intro: [
      `Someone (hopefully you) just tried to sign up to ${brand.appName} with this email address, which already has an account. No new account was created.`,
    ],
    action: { kind: 'link', label: 'Sign in', url: loginLink },
    outro: [
      'Forgot your password? Choose “Forgot password” on the sign-in page to set a new one. If this wasn’t you, you can ignore this email.',
    ],
  });
}
