import { describe, expect, it } from 'vitest';
import { ALLERGEN_KEYS } from '../constants.ts';
import { ALLERGEN_NAMES, allergenNames } from './allergen-names.ts';
import { DIET_KEYS } from '../diets.ts';
import { fill, GUEST_CHROME, GUEST_CHROME_LANGUAGES, guestChrome, weekdayName, type GuestChrome } from './guest-chrome.ts';

/** The 14 chrome languages issue 19 asks for at least. */
const REQUIRED = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pt', 'pl', 'cs', 'hr', 'el', 'sv', 'da', 'hu'];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('guest chrome data files', () => {
  it('ships at least the 14 languages', () => {
    expect(GUEST_CHROME_LANGUAGES).toEqual(expect.arrayContaining(REQUIRED));
  });

  it.each(GUEST_CHROME_LANGUAGES)('%s has every key of English, no other key, no empty text and the same placeholders', (lang) => {
    // Nested tables (the dietary labels' names) are flattened to `diets.vegan` keys and checked alike.
    const flat = (texts: object): Record<string, string> =>
      Object.fromEntries<string>(
        Object.entries(texts).flatMap(([key, value]: [string, unknown]) =>
          typeof value === 'object' && value ? Object.entries(flat(value)).map(([k, v]) => [`${key}.${k}`, v]) : [[key, String(value)]],
        ),
      );
    const en = flat(GUEST_CHROME.en as GuestChrome);
    const texts = flat(GUEST_CHROME[lang] as GuestChrome);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(texts)) {
      expect(value.trim(), `${lang}.${key}`).not.toBe('');
      expect(placeholders(value), `${lang}.${key}`).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it('names every dietary label of the taxonomy', () => {
    expect(Object.keys(GUEST_CHROME.en?.diets ?? {})).toEqual(DIET_KEYS);
  });

  it('falls back to English for a language it lacks, and serves regional variants from the base language', () => {
    expect(guestChrome('ja').lang).toBe('en');
    expect(guestChrome('ja').text.soldOut).toBe('Sold out');
    expect(guestChrome('de-AT')).toEqual({ lang: 'de', text: GUEST_CHROME.de });
    expect(fill('Verfügbar ab {when}', { when: 'Samstag 18:00' })).toBe('Verfügbar ab Samstag 18:00');
  });

  it('takes weekday names from Intl (0 = Sunday)', () => {
    expect(weekdayName('en', 0)).toBe('Sunday');
    expect(weekdayName('de', 6)).toBe('Samstag');
    expect(weekdayName('fr', 1)).toBe('lundi');
  });
});

describe('official allergen names (Regulation (EU) No 1169/2011, Annex II)', () => {
  it('has an entry for every chrome language', () => {
    expect(Object.keys(ALLERGEN_NAMES)).toEqual(expect.arrayContaining(REQUIRED));
  });

  it.each(Object.entries(ALLERGEN_NAMES))('%s names all 14 allergens and says which language version it follows', (lang, entry) => {
    expect(Object.keys(entry.names).sort()).toEqual([...ALLERGEN_KEYS].sort());
    for (const name of Object.values(entry.names)) expect(name.trim()).not.toBe('');
    expect(entry.source).toBe(`Regulation (EU) No 1169/2011, Annex II, ${lang.toUpperCase()} version`);
  });

  it('serves checked language versions and English for the rest, saying which', () => {
    expect(allergenNames('de-AT')).toEqual({ lang: 'de', names: ALLERGEN_NAMES.de?.names });
    expect(allergenNames('de').names.sulphites).toBe('Schwefeldioxid und Sulphite');
    expect(allergenNames('fr').names.gluten).toBe('Céréales contenant du gluten');
    // Unchecked wording is never shown: a wrong legal wording is worse than the English one.
    for (const [lang, entry] of Object.entries(ALLERGEN_NAMES)) {
      if (!entry.checked) expect(allergenNames(lang).lang).toBe('en');
    }
    expect(allergenNames('ja')).toEqual({ lang: 'en', names: ALLERGEN_NAMES.en?.names });
  });
});
