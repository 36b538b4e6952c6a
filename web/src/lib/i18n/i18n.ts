import { createInstance, type BackendModule, type Module, type ReadCallback } from 'i18next';
import { DEFAULT_STAFF_LANGUAGE, STAFF_LANGUAGES, isStaffLanguage, type StaffLanguage } from '../../../../shared/i18n/staff-languages.ts';
import { pb } from '../pb.ts';
import { followLanguage, initialLanguage } from './language.ts';

/**
 * The staff app's one i18next instance. Messages live in `web/src/locales/<language>/<namespace>.json`
 * and are loaded per language and namespace on first use (each file is its own chunk), so `/login`
 * loads only English or German `common` and `auth`, never every language. Plurals follow
 * `Intl.PluralRules` (i18next's `_one`/`_many`/`_other` keys); numbers and dates go through `Intl`
 * with the active language (`lib/format.ts`, i18next's `number`/`datetime` formatters).
 */
export const NAMESPACES = [
  'common',
  'auth',
  'profile',
  'dashboard',
  'onboarding',
  'venues',
  'tags',
  'settings',
  'subscribe',
  'help',
  'uploads',
  'console',
  'menus',
  'qr',
  'service',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no messages for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err as Error, true),
    );
  },
};

/**
 * Fetches `namespaces`' messages in the language the app starts in, ahead of the page that needs
 * them (the route preload in app/routes.tsx): i18next's loader then finds the chunks already there.
 */
export function prefetchMessages(namespaces: readonly Namespace[]): void {
  const language = initialLanguage();
  for (const namespace of namespaces) void files[`../../locales/${language}/${namespace}.json`]?.().catch(() => undefined);
}

export const i18n = createInstance();

/**
 * Loads the active language's `common` messages; the app renders once they are there. This module
 * has no React: the React app passes react-i18next's binding as `binding` (main.tsx); service
 * mode's own entry (service-main.ts), which has no React, passes none.
 */
export async function initI18n(language: StaffLanguage = initialLanguage(), binding?: Module): Promise<void> {
  i18n.on('languageChanged', followLanguage);
  i18n.use(backend);
  if (binding) i18n.use(binding);
  await i18n.init({
    lng: language,
    fallbackLng: DEFAULT_STAFF_LANGUAGE,
    supportedLngs: [...STAFF_LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    // React escapes; i18next must not escape a second time.
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
  followLanguage(i18n.language);
  // On sign-in (and every refresh of the account) the account's stored language wins.
  pb.authStore.onChange((_token, record) => {
    const chosen = record?.language;
    if (isStaffLanguage(chosen) && chosen !== i18n.language) void i18n.changeLanguage(chosen);
  });
}

/** The active language, for `Intl` formatters and API writes (sign-up stores it on the account). */
export const activeLanguage = (): StaffLanguage => (isStaffLanguage(i18n.language) ? i18n.language : DEFAULT_STAFF_LANGUAGE);

/** Translates outside React (toasts in callbacks, error helpers). Keys are `namespace:key` or `common` keys. */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);
