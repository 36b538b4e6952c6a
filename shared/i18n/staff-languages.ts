/**
 * The languages of the staff app and of the emails (issue 19, item 5). The users collection's
 * `language` select, the web app's message files and the server's email message files all ship
 * exactly these; a completeness test (web/src/lib/i18n/messages-complete.test.ts) fails when one
 * of them lacks a key of English.
 */
export const STAFF_LANGUAGES = ['en', 'de', 'fr', 'it', 'es'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
export const DEFAULT_STAFF_LANGUAGE: StaffLanguage = 'en';

export function isStaffLanguage(value: unknown): value is StaffLanguage {
  return typeof value === 'string' && (STAFF_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first shipped language among the preferred ones (browser `navigator.languages`, or a
 * stored choice first): exact tag first, then its base language ("de-AT" → "de"); English when
 * none matches.
 */
export function pickStaffLanguage(preferred: readonly (string | null | undefined)[]): StaffLanguage {
  for (const tag of preferred) {
    if (!tag) continue;
    const lower = tag.toLowerCase();
    if (isStaffLanguage(lower)) return lower;
    const base = lower.split(/[-_]/)[0];
    if (isStaffLanguage(base)) return base;
  }
  return DEFAULT_STAFF_LANGUAGE;
}
