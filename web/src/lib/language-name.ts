import { activeLanguage } from './i18n/i18n.ts';

const cache = new Map<string, Intl.DisplayNames | null>();

/** "de-AT" → "Austrian German" (English UI) or "Österreichisches Deutsch" (German UI); the code itself when the browser does not know it. */
export function languageName(code: string): string {
  const ui = activeLanguage();
  if (!cache.has(ui)) {
    try {
      cache.set(ui, new Intl.DisplayNames([ui], { type: 'language' }));
    } catch {
      cache.set(ui, null);
    }
  }
  try {
    return cache.get(ui)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The name standing alone (a chip, a heading): capitalised, as French, Italian and Spanish write "allemand" mid-sentence. */
export function languageLabel(code: string): string {
  const name = languageName(code);
  return name.charAt(0).toLocaleUpperCase(activeLanguage()) + name.slice(1);
}
