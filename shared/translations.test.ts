import { describe, expect, it } from 'vitest';
import {
  fingerprint,
  guestLanguages,
  guestText,
  isTranslatableKey,
  nextTranslations,
  readTranslations,
  sourceTexts,
  translatableTexts,
  translationProgress,
  translationState,
  zTranslationsInput,
} from './translations.ts';

describe('fingerprint', () => {
  it('is 8 hex digits, stable, and ignores surrounding whitespace only', () => {
    expect(fingerprint('Soup')).toMatch(/^[0-9a-f]{8}$/);
    expect(fingerprint('Soup')).toBe(fingerprint('  Soup \n'));
    expect(fingerprint('Soup')).not.toBe(fingerprint('soup'));
    expect(fingerprint('')).toBe('811c9dc5');
  });
});

describe('translationState', () => {
  const basis = fingerprint('Beef soup');
  it('tells missing, machine draft, outdated and done apart', () => {
    expect(translationState(undefined, 'Beef soup')).toBe('missing');
    expect(translationState({ text: '  ' }, 'Beef soup')).toBe('missing');
    expect(translationState({ text: 'Rindssuppe', machine: true, basis }, 'Beef soup')).toBe('machine');
    expect(translationState({ text: 'Rindssuppe', basis }, 'Beef soup')).toBe('done');
    expect(translationState({ text: 'Rindssuppe', basis }, 'Chicken soup')).toBe('outdated');
    expect(translationState({ text: 'Rindssuppe', machine: true, basis }, 'Chicken soup')).toBe('outdated');
  });
  it('takes a translation of unknown basis (the earlier format) as done', () => {
    expect(translationState({ text: 'Rindssuppe' }, 'anything')).toBe('done');
  });
});

describe('readTranslations', () => {
  it('reads the earlier string format and drops what is not a translation', () => {
    expect(readTranslations({ de: { name: 'Suppe', description: '', x: 5 }, fr: 'nope', it: {} })).toEqual({
      de: { name: { text: 'Suppe' } },
    });
    expect(readTranslations(null)).toEqual({});
    expect(readTranslations([1])).toEqual({});
    expect(readTranslations({ de: { name: { text: 'Suppe', machine: true, basis: 'zz' } } })).toEqual({
      de: { name: { text: 'Suppe', machine: true } },
    });
  });
});

describe('sourceTexts and keys', () => {
  it('lists non-empty translatable texts, price labels by index', () => {
    const item = { name: 'Wine', description: '', prices: [{ label: 'glass' }, { label: '' }, { label: 'bottle' }] };
    expect(sourceTexts('items', item)).toEqual({ name: 'Wine', 'prices.0': 'glass', 'prices.2': 'bottle' });
    expect(sourceTexts('venues', { name: 'Mill', address: 'Main St 1', slug: 'mill' })).toEqual({ name: 'Mill', address: 'Main St 1' });
  });
  it('accepts only the collection’s fields and existing price variants', () => {
    const item = { prices: [{ label: 'glass' }] };
    expect(isTranslatableKey('items', 'prices.0', item)).toBe(true);
    expect(isTranslatableKey('items', 'prices.1', item)).toBe(false);
    expect(isTranslatableKey('sections', 'prices.0', item)).toBe(false);
    expect(isTranslatableKey('tags', 'description', {})).toBe(false);
    expect(isTranslatableKey('venues', 'address', {})).toBe(true);
  });
  it('translates option groups (name, description), options (name) and an item’s portion label', () => {
    expect(sourceTexts('option_groups', { name: 'Extras', description: 'On any pizza' })).toEqual({
      name: 'Extras',
      description: 'On any pizza',
    });
    expect(sourceTexts('options', { name: 'Cheese', priceDelta: 150 })).toEqual({ name: 'Cheese' });
    const item = { name: 'Pizza', nutrition: { kcal: 800, portion: '350 g' } };
    expect(sourceTexts('items', item)).toEqual({ name: 'Pizza', 'nutrition.portion': '350 g' });
    expect(isTranslatableKey('items', 'nutrition.portion', item)).toBe(true);
    expect(isTranslatableKey('items', 'nutrition.portion', { nutrition: { kcal: 800 } })).toBe(false);
    expect(isTranslatableKey('options', 'nutrition.portion', item)).toBe(false);
    expect(isTranslatableKey('options', 'description', {})).toBe(false);
    expect(isTranslatableKey('option_groups', 'description', {})).toBe(true);
    expect(translatableTexts('options', [{ id: 'o1', name: 'Bacon', translations: { de: { name: 'Speck' } } }])).toEqual([
      { collection: 'options', id: 'o1', key: 'name', source: 'Bacon', translations: { de: { name: { text: 'Speck' } } } },
    ]);
  });
  it('refuses unknown keys and malformed codes in the input schema', () => {
    expect(zTranslationsInput.safeParse({ de: { name: 'x', 'prices.3': { text: 'y', machine: true } } }).success).toBe(true);
    expect(zTranslationsInput.safeParse({ de: { slug: 'x' } }).success).toBe(false);
    expect(zTranslationsInput.safeParse({ German: { name: 'x' } }).success).toBe(false);
    expect(zTranslationsInput.safeParse({ de: { name: { text: 'x', basis: 'not-hex' } } }).success).toBe(false);
  });
});

describe('nextTranslations', () => {
  const src = { name: 'Beef soup', description: 'Slow cooked' };
  it('stamps new and changed texts with the current source', () => {
    const out = nextTranslations({ de: { name: 'Rindssuppe' } }, {}, src, src);
    expect(out).toEqual({ de: { name: { text: 'Rindssuppe', basis: fingerprint('Beef soup') } } });
  });

  it('keeps an unchanged entry’s basis, so a changed source makes it outdated', () => {
    const stored = nextTranslations({ de: { name: 'Rindssuppe' } }, {}, src, src);
    const changed = { ...src, name: 'Chicken soup' };
    // The client sends the translations back untouched along with the new name.
    const out = nextTranslations({ de: { name: { text: 'Rindssuppe' } } }, stored, changed, src);
    expect(translationState(out.de?.name, changed.name)).toBe('outdated');
    // A write that does not touch translations keeps them as they were: outdated too.
    expect(translationState(nextTranslations(undefined, stored, changed, src).de?.name, changed.name)).toBe('outdated');
  });

  it('takes earlier-format entries as made from the previous source', () => {
    const legacy = readTranslations({ de: { name: 'Rindssuppe' } });
    const changed = { ...src, name: 'Chicken soup' };
    const out = nextTranslations(undefined, legacy, changed, src);
    expect(out.de?.name).toEqual({ text: 'Rindssuppe', basis: fingerprint('Beef soup') });
    expect(translationState(out.de?.name, changed.name)).toBe('outdated');
  });

  it('confirms: a machine draft becomes a person’s text when the mark is dropped', () => {
    const draft = nextTranslations({ de: { name: { text: 'Rindssuppe', machine: true } } }, {}, src, src);
    expect(translationState(draft.de?.name, src.name)).toBe('machine');
    const confirmed = nextTranslations({ de: { name: { text: 'Rindssuppe' } } }, draft, src, src);
    expect(translationState(confirmed.de?.name, src.name)).toBe('done');
  });

  it('keeps an explicit basis: a person confirms an outdated text still fits', () => {
    const changed = { ...src, name: 'Beef soup (large)' };
    const stored = { de: { name: { text: 'Rindssuppe', basis: fingerprint('Beef soup') } } };
    const out = nextTranslations({ de: { name: { text: 'Rindssuppe', basis: fingerprint(changed.name) } } }, stored, changed, changed);
    expect(translationState(out.de?.name, changed.name)).toBe('done');
  });

  it('drops empty texts', () => {
    expect(nextTranslations({ de: { name: '', description: { text: ' ' } } }, {}, src, src)).toEqual({});
  });
});

describe('guest texts and languages', () => {
  const records = [
    { id: 's1', name: 'Soups', description: '', translations: { de: { name: { text: 'Suppen', basis: fingerprint('Soups') } } } },
    {
      id: 's2',
      name: 'Mains',
      description: 'Hearty',
      translations: {
        de: { name: { text: 'Hauptgerichte', basis: fingerprint('Mains') }, description: { text: 'Deftig', machine: true } },
        fr: { name: 'Plats' },
      },
    },
  ];
  const texts = translatableTexts('sections', records);

  it('shows only done translations; otherwise the source in its language', () => {
    const t = texts[2]!;
    expect(t.key).toBe('description');
    expect(guestText(t.translations, 'de', t.key, t.source, 'en')).toEqual({ text: 'Hearty', lang: 'en' });
    expect(guestText(texts[1]!.translations, 'de', 'name', 'Mains', 'en')).toEqual({ text: 'Hauptgerichte', lang: 'de' });
    expect(guestText(texts[1]!.translations, 'en', 'name', 'Mains', 'en')).toEqual({ text: 'Mains', lang: 'en' });
  });

  it('counts progress per language, rounding down', () => {
    expect(translationProgress(texts, 'de')).toEqual({ total: 3, done: 2, machine: 1, outdated: 0, missing: 0, percent: 66 });
    expect(translationProgress(texts, 'fr')).toMatchObject({ done: 1, missing: 2, percent: 33 });
    expect(translationProgress([], 'fr').percent).toBe(100);
  });

  it('offers the default language, complete ones and those published anyway', () => {
    const complete = translatableTexts('sections', [records[0]!]);
    expect(guestLanguages(['en', 'de', 'fr'], [], complete)).toEqual(['en', 'de']);
    expect(guestLanguages(['en', 'de', 'fr'], ['fr'], texts)).toEqual(['en', 'fr']);
    expect(guestLanguages([], ['fr'], texts)).toEqual([]);
  });
});
