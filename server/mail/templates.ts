import { oneLine, renderEmail } from './layout.ts';
import type { Brand, EmailContent } from './layout.ts';
import { emailT } from './i18n.ts';
import type { StaffLanguage } from '../../shared/i18n/staff-languages.ts';

/**
 * The product's auth emails, in the recipient's language (`server/mail/locales/<lang>/email.json`).
 * Callers build the links (`${appUrl}/verify?token=…` etc.); the templates only word and render
 * them, escaping every value for HTML.
 */
export type { Brand, EmailContent } from './layout.ts';

export function verificationEmail(brand: Brand, link: string, lang: StaffLanguage = 'en'): EmailContent {
  const t = emailT(lang);
  const appName = brand.appName;
  return renderEmail(
    brand,
    t('verification.subject', { appName }),
    {
      heading: t('verification.heading'),
      intro: [t('verification.intro', { appName })],
      action: { kind: 'link', label: t('verification.action'), url: link },
      outro: [t('verification.outro', { appName })],
    },
    lang,
  );
}

export function passwordResetEmail(brand: Brand, link: string, lang: StaffLanguage = 'en'): EmailContent {
  const t = emailT(lang);
  const appName = brand.appName;
  return renderEmail(
    brand,
    t('reset.subject', { appName }),
    {
      heading: t('reset.heading'),
      intro: [t('reset.intro', { appName })],
      action: { kind: 'link', label: t('reset.action'), url: link },
      outro: [t('reset.outro')],
    },
    lang,
  );
}

/** Sent to the NEW address: clicking proves the user owns it. */
export function emailChangeEmail(brand: Brand, link: string, newEmail: string, lang: StaffLanguage = 'en'): EmailContent {
  const t = emailT(lang);
  const appName = brand.appName;
  return renderEmail(
    brand,
    t('emailChange.subject', { appName }),
    {
      heading: t('emailChange.heading'),
      intro: [t('emailChange.intro', { appName, email: oneLine(newEmail) })],
      action: { kind: 'link', label: t('emailChange.action'), url: link },
      outro: [t('emailChange.outro')],
    },
    lang,
  );
}

export function otpEmail(brand: Brand, code: string, minutes: number, lang: StaffLanguage = 'en'): EmailContent {
  const t = emailT(lang);
  const appName = brand.appName;
  return renderEmail(
    brand,
    t('otp.subject', { appName }),
    {
      heading: t('otp.heading'),
      intro: [t('otp.intro', { appName })],
      action: { kind: 'code', code },
      outro: [t('otp.validity', { count: minutes }), t('otp.outro')],
    },
    lang,
  );
}

/** User agents are attacker-chosen and can be huge; keep the email readable. */
const MAX_AGENT = 300;

export function loginAlertEmail(
  brand: Brand,
  info: { when: string; userAgent: string; ip: string },
  lang: StaffLanguage = 'en',
): EmailContent {
  const t = emailT(lang);
  const appName = brand.appName;
  const agent = oneLine(info.userAgent) || t('loginAlert.unknown');
  return renderEmail(
    brand,
    t('loginAlert.subject', { appName }),
    {
      heading: t('loginAlert.heading'),
      intro: [t('loginAlert.intro', { appName })],
      details: [
        [t('loginAlert.when'), info.when],
        [t('loginAlert.device'), agent.length > MAX_AGENT ? `${agent.slice(0, MAX_AGENT)}…` : agent],
        [t('loginAlert.ip'), info.ip || t('loginAlert.unknown')],
      ],
      outro: [t('loginAlert.wasYou'), t('loginAlert.wasNotYou', { appUrl: brand.appUrl })],
    },
    lang,
  );
}
