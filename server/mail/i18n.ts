import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { DEFAULT_STAFF_LANGUAGE, STAFF_LANGUAGES, isStaffLanguage, type StaffLanguage } from '../../shared/i18n/staff-languages.ts';

/**
 * The emails' own i18next instance (separate from the web app's): `server/mail/locales/<lang>/email.json`,
 * read once at start-up, synchronously, so templates stay plain functions. Plurals follow
 * `Intl.PluralRules`; emails never HTML-escape here (the layout escapes every value).
 */
const resources = Object.fromEntries(
  STAFF_LANGUAGES.map((lang) => [
    lang,
    { email: JSON.parse(readFileSync(new URL(`./locales/${lang}/email.json`, import.meta.url), 'utf8')) as Record<string, unknown> },
  ]),
);

const instance = createInstance();
void instance.init({
  resources,
  lng: DEFAULT_STAFF_LANGUAGE,
  fallbackLng: DEFAULT_STAFF_LANGUAGE,
  supportedLngs: [...STAFF_LANGUAGES],
  ns: ['email'],
  defaultNS: 'email',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** A recipient's language: their stored choice when it is a shipped one, else English. */
export function emailLanguage(value: unknown): StaffLanguage {
  return isStaffLanguage(value) ? value : DEFAULT_STAFF_LANGUAGE;
}

/** The `t` of one language (`t('verification.subject', { appName })`). */
export function emailT(lang: StaffLanguage): (key: string, options?: Record<string, unknown>) => string {
  const fixed = instance.getFixedT(lang, 'email');
  return (key, options) => String(fixed(key, options));
}

/** A date as the emails show it: "March 12, 2025" / "12. März 2025" (UTC: the instance has no time zone of its own). */
export function emailDate(d: Date, lang: StaffLanguage): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}
