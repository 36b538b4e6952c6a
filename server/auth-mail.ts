import type { AuthMail } from './core/auth/mail-port.ts';
import type { Mailer } from './mail/mailer.ts';
import { renderEmail, type EmailContent } from './mail/layout.ts';
import { emailLanguage, emailT } from './mail/i18n.ts';
import { emailChangeEmail, otpEmail, passwordResetEmail, verificationEmail, type Brand } from './mail/templates.ts';
import type { StaffLanguage } from '../shared/i18n/staff-languages.ts';

/**
 * The auth flows' emails, rendered with the product's templates in the account's language (the
 * users collection's `language`; English when it has none); links point at the web app.
 */
export function createAuthMail(mailer: Mailer, brand: Brand): AuthMail {
  const link = (path: string, token: string) => `${brand.appUrl}/${path}?token=${encodeURIComponent(token)}`;
  const lang = (account: Record<string, unknown>) => emailLanguage(account.language);
  return {
    verification: (to, token, account) => mailer.send({ to, ...verificationEmail(brand, link('verify', token), lang(account)) }),
    passwordReset: (to, token, account) => mailer.send({ to, ...passwordResetEmail(brand, link('reset-password', token), lang(account)) }),
    emailChange: (to, token, newEmail, account) =>
      mailer.send({ to, ...emailChangeEmail(brand, link('confirm-email-change', token), newEmail, lang(account)) }),
    otp: (to, code, minutes, account) => mailer.send({ to, ...otpEmail(brand, code, minutes, lang(account)) }),
    accountExists: (to, account) => mailer.send({ to, ...accountExistsEmail(brand, `${brand.appUrl}/login`, lang(account)) }),
  };
}

/** Sent instead of a second account: the sign-up answer itself does not say the address is taken. */
function accountExistsEmail(brand: Brand, loginLink: string, lang: StaffLanguage): EmailContent {
  const t = emailT(lang);
  const appName = brand.appName;
  return renderEmail(
    brand,
    t('accountExists.subject', { appName }),
    {
      heading: t('accountExists.heading'),
      intro: [t('accountExists.intro', { appName })],
      action: { kind: 'link', label: t('accountExists.action'), url: loginLink },
      outro: [t('accountExists.outro')],
    },
    lang,
  );
}
