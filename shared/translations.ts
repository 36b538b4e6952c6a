import { z } from 'zod';

/**
 * The one translation model for every guest-visible text (venue, menu, section, item, price-variant
 * and portion label, tag, option group, option). Each record keeps its own texts in its default language and a `translations` field:
 *
 *   { de: { name: { text: "Rinderbrühe", basis: "a1b2c3d4" }, "prices.0": { text: "Glas", machine: true, basis: "…" } } }
 *
 * - `text` is what guests read in that language.
 * - `machine: true` marks a machine-made draft: it is never shown to guests until a person confirms
 *   it (machine translation is a draft, never a silent truth).
 * - `basis` is the fingerprint of the default-language text the translation was made from. When
 *   that text changes (an edit, an import, an API write), the translation is *outdated*: derived,
 *   never stored, so every write path marks it without having to remember to.
 *
 * Guests see a translation only when it is done (written or confirmed by a person, and made from the
 * current text); otherwise the default-language text, marked with its `lang`.
 */

/**
 * Which texts of each collection are translatable. Items also translate their price-variant labels
 * (`prices.N`) and their nutrition's portion label (`nutrition.portion`).
 */
export const TRANSLATABLE_FIELDS = {
  venues: ['name', 'address'],
  menus: ['name', 'description'],
  sections: ['name', 'description'],
  items: ['name', 'description'],
  tags: ['name'],
  option_groups: ['name', 'description'],
  options: ['name'],
  /** A set menu's courses (shared/set-menus.ts): "Starter", or a free text such as "Coffee or tea". */
  set_courses: ['name', 'description'],
} as const;
export type TranslatableCollection = keyof typeof TRANSLATABLE_FIELDS;

/** The key of price variant `index`'s label in an item's translations. */
export const priceLabelKey = (index: number): string => `prices.${index}`;
const PRICE_KEY = /^prices\.(\d|[1-9]\d)$/;
/** The key of an item's nutrition portion label ("350 g", "per slice") in its translations. */
export const PORTION_KEY = 'nutrition.portion';

/** The portion label of an item's nutrition (a parsed JSON value), or '' without one. */
function portionLabel(nutrition: unknown): string {
  const portion = nutrition && typeof nutrition === 'object' ? (nutrition as { portion?: unknown }).portion : undefined;
  return typeof portion === 'string' ? portion : '';
}

/** The variant index a `prices.N` key names, or null for other keys. */
export function priceLabelIndex(key: string): number | null {
  const m = PRICE_KEY.exec(key);
  return m ? Number(m[1]) : null;
}

export interface TranslatedText {
  text: string;
  /** A machine-made draft that no person has confirmed yet. */
  machine?: boolean;
  /** Fingerprint of the default-language text this translation was made from (absent: unknown, e.g. older data). */
  basis?: string;
}
/** language → field key → translation. */
export type Translations = Record<string, Record<string, TranslatedText>>;

export type TranslationState = 'missing' | 'machine' | 'outdated' | 'done';

const FINGERPRINT = /^[0-9a-f]{8}$/;

/**
 * A short fingerprint of a source text (FNV-1a, 32 bits): enough to notice that a text changed,
 * cheap enough to compute for every field of a menu on each render, the same in both runtimes.
 * Whitespace at the ends does not count (a trailing space is not a new text).
 */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  const s = text.trim();
  for (let i = 0; i < s.length; i++) {
    hash ^= s.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** One translation as written by a client: a plain string (a person's text) or the full object. */
export const zTranslationInput = z.union([
  z.string().max(2000),
  z.object({
    text: z.string().max(2000),
    machine: z.boolean().optional(),
    basis: z.string().regex(FINGERPRINT, 'Must be a fingerprint of the source text').optional(),
  }),
]);
const zFieldKey = z.string().regex(/^(name|description|address|nutrition\.portion|prices\.(\d|[1-9]\d))$/, 'Unknown translatable field');
/** The `translations` field as clients write it: { de: { name: "…" | {text, machine?, basis?} } }. */
export const zTranslationsInput = z.record(
  z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Use a language code like "de" or "pt-BR"'),
  z.record(zFieldKey, zTranslationInput),
);
export type TranslationsInput = z.infer<typeof zTranslationsInput>;

/** A stored or written translation read leniently: strings (the earlier format) are a person's text of unknown basis. */
export function readEntry(value: unknown): TranslatedText | undefined {
  if (typeof value === 'string') return value.trim() ? { text: value } : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Partial<TranslatedText>;
  if (typeof v.text !== 'string' || !v.text.trim()) return undefined;
  return {
    text: v.text,
    ...(v.machine ? { machine: true } : {}),
    ...(typeof v.basis === 'string' && FINGERPRINT.test(v.basis) ? { basis: v.basis } : {}),
  };
}

/** A record's translations read leniently (unknown shapes are dropped, never thrown on). */
export function readTranslations(value: unknown): Translations {
  const out: Translations = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [lang, fields] of Object.entries(value as Record<string, unknown>)) {
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) continue;
    const entries: Record<string, TranslatedText> = {};
    for (const [key, entry] of Object.entries(fields as Record<string, unknown>)) {
      const read = readEntry(entry);
      if (read) entries[key] = read;
    }
    if (Object.keys(entries).length) out[lang] = entries;
  }
  return out;
}

/** Where a translation stands against the current default-language text. */
export function translationState(entry: TranslatedText | undefined, source: string): TranslationState {
  if (!entry || !entry.text.trim()) return 'missing';
  if (entry.basis !== undefined && entry.basis !== fingerprint(source)) return 'outdated';
  return entry.machine ? 'machine' : 'done';
}

/** The default-language texts of a record that need a translation: non-empty translatable fields (and price and portion labels). */
export function sourceTexts(collection: TranslatableCollection, record: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of TRANSLATABLE_FIELDS[collection]) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) out[field] = value;
  }
  if (collection === 'items' && Array.isArray(record.prices)) {
    record.prices.forEach((p: unknown, index) => {
      const label = p && typeof p === 'object' ? (p as { label?: unknown }).label : undefined;
      if (typeof label === 'string' && label.trim()) out[priceLabelKey(index)] = label;
    });
  }
  if (collection === 'items' && portionLabel(record.nutrition).trim()) out[PORTION_KEY] = portionLabel(record.nutrition);
  return out;
}

/** Keys a record of `collection` may translate (price labels only for existing variants). */
export function isTranslatableKey(collection: TranslatableCollection, key: string, record: Record<string, unknown>): boolean {
  const index = priceLabelIndex(key);
  if (index !== null) return collection === 'items' && Array.isArray(record.prices) && index < record.prices.length;
  if (key === PORTION_KEY) return collection === 'items' && portionLabel(record.nutrition).trim() !== '';
  return (TRANSLATABLE_FIELDS[collection] as readonly string[]).includes(key);
}

/**
 * The translations to store after a write. `incoming` is what the client sent (already shape-checked),
 * or undefined when the write did not touch translations. `sources` are the record's texts after
 * the write, `previousSources` before it (update) or the same (create).
 *
 * - A new or changed text (or a change of the machine mark) is made from the current source.
 * - An unchanged entry keeps its basis, so it turns outdated when its source changed.
 * - An explicit `basis` is kept: that is how a person confirms that a translation still fits a
 *   changed source without retyping it.
 * - Entries of the earlier format (no basis) are taken as made from the previous source.
 * - Empty texts remove the entry.
 */
export function nextTranslations(
  incoming: TranslationsInput | undefined,
  previous: Translations,
  sources: Record<string, string>,
  previousSources: Record<string, string>,
): Translations {
  const base = incoming === undefined ? previous : {};
  const out: Translations = {};
  const put = (lang: string, key: string, entry: TranslatedText) => {
    (out[lang] ??= {})[key] = entry;
  };
  if (incoming === undefined) {
    for (const [lang, fields] of Object.entries(base))
      for (const [key, entry] of Object.entries(fields))
        put(lang, key, entry.basis ? entry : { ...entry, basis: fingerprint(previousSources[key] ?? sources[key] ?? '') });
    return out;
  }
  for (const [lang, fields] of Object.entries(incoming)) {
    for (const [key, value] of Object.entries(fields)) {
      const entry = readEntry(value);
      if (!entry) continue;
      const before = previous[lang]?.[key];
      const explicitBasis = typeof value === 'object' && value.basis ? value.basis : undefined;
      const unchanged = before && before.text === entry.text && Boolean(before.machine) === Boolean(entry.machine);
      const basis =
        explicitBasis ??
        (unchanged ? (before.basis ?? fingerprint(previousSources[key] ?? sources[key] ?? '')) : fingerprint(sources[key] ?? ''));
      put(lang, key, { text: entry.text, ...(entry.machine ? { machine: true } : {}), basis });
    }
  }
  return out;
}

/** A text as guests see it in `lang`: the translation when it is done, else the source and its language. */
export function guestText(
  translations: Translations,
  lang: string,
  key: string,
  source: string,
  sourceLang: string,
): { text: string; lang: string } {
  if (lang === sourceLang) return { text: source, lang: sourceLang };
  const entry = translations[lang]?.[key];
  return translationState(entry, source) === 'done' && entry ? { text: entry.text, lang } : { text: source, lang: sourceLang };
}

export interface TranslationProgress {
  total: number;
  done: number;
  machine: number;
  outdated: number;
  missing: number;
  /** Whole percent done, rounded down so 99.6 % never reads as 100 %. */
  percent: number;
}

/** One translatable text of a menu: its record, key, source and current translations. */
export interface TranslatableText {
  collection: TranslatableCollection;
  id: string;
  key: string;
  source: string;
  translations: Translations;
}

/** Every translatable text of a set of records, in the records' order. */
export function translatableTexts(
  collection: TranslatableCollection,
  records: readonly (Record<string, unknown> & { id: string })[],
): TranslatableText[] {
  return records.flatMap((record) => {
    const translations = readTranslations(record.translations);
    return Object.entries(sourceTexts(collection, record)).map(([key, source]) => ({
      collection,
      id: record.id,
      key,
      source,
      translations,
    }));
  });
}

/** How far a language is: counts per state over the given texts. */
export function translationProgress(texts: readonly TranslatableText[], lang: string): TranslationProgress {
  const counts = { done: 0, machine: 0, outdated: 0, missing: 0 };
  for (const t of texts) counts[translationState(t.translations[lang]?.[t.key], t.source)]++;
  const total = texts.length;
  return { total, ...counts, percent: total === 0 ? 100 : Math.floor((counts.done / total) * 100) };
}

/**
 * The languages of a menu guests can choose: the default one, every complete one, and those the
 * owner published anyway (their missing texts show in the default language).
 */
export function guestLanguages(
  languages: readonly string[],
  publishIncomplete: readonly string[],
  texts: readonly TranslatableText[],
): string[] {
  const [first, ...rest] = languages;
  if (!first) return [];
  return [first, ...rest.filter((lang) => publishIncomplete.includes(lang) || translationProgress(texts, lang).percent === 100)];
}
