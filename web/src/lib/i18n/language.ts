import { isStaffLanguage, pickStaffLanguage, type StaffLanguage } from '../../../../shared/i18n/staff-languages.ts';
import { pb } from '../pb.ts';

/**
 * Which staff language a page starts in, and keeping the choice: shared by the React app
 * (lib/i18n/i18n.ts) and service mode's own entry (service-main.ts), which has no React.
 */

/** Where a visitor's choice waits until they sign in (and where a signed-in user's stays across reloads). */
const STORAGE_KEY = 'language';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** First visit: the browser's languages; later: the last language used here (the account's, once signed in). */
export function initialLanguage(): StaffLanguage {
  const accountLanguage = pb.authStore.record?.language;
  if (isStaffLanguage(accountLanguage)) return accountLanguage;
  const stored = storedLanguage();
  if (isStaffLanguage(stored)) return stored;
  return pickStaffLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** Marks the document with the active language and remembers it for the next visit. */
export function followLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the account's language still applies on every sign-in.
  }
}
