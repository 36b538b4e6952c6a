let names: Intl.DisplayNames | null = null;

/** "de-AT" → "Austrian German"; the code itself when the browser does not know it. */
export function languageName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
