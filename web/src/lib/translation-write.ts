import { fingerprint, readTranslations, translationState, type TranslatedText, type Translations } from '../../../shared/translations.ts';

/**
 * What the staff app writes into a record's `translations` field. The server (nextTranslations in
 * shared/translations.ts) decides what is stored; the client only says what a person did:
 * - typed a text → a plain string (a person's text; the server dates it to the current source),
 * - confirmed a machine draft unchanged → a plain string (no `machine` mark any more),
 * - confirmed an outdated text unchanged → `{text, basis: fingerprint(source)}`: "still fits".
 * Every other entry goes back as it is (its `basis` and `machine` kept), so saving one field never
 * clobbers another field or another language.
 */

export type FieldWrite = { kind: 'text'; text: string } | { kind: 'confirm'; source: string };

/** The wire form of an entry as it is: a string when it carries nothing but its text. */
function asWritten(entry: TranslatedText): string | TranslatedText {
  return entry.machine || entry.basis ? { ...entry } : entry.text;
}

export type WrittenTranslations = Record<string, Record<string, string | TranslatedText>>;

/** A record's translations as they are, in the form clients write them (marks and bases kept). */
export function translationsAsWritten(current: Translations): WrittenTranslations {
  const out: WrittenTranslations = {};
  for (const [l, fields] of Object.entries(current)) for (const [k, entry] of Object.entries(fields)) (out[l] ??= {})[k] = asWritten(entry);
  return out;
}

/** The whole `translations` value to send after `write` on `lang`/`key`; null when nothing changes. */
export function nextTranslationsValue(current: Translations, lang: string, key: string, write: FieldWrite): WrittenTranslations | null {
  const out = translationsAsWritten(current);

  const before = current[lang]?.[key];
  if (write.kind === 'text') {
    const text = write.text.trim();
    if (text === (before?.text.trim() ?? '')) return null;
    if (text) (out[lang] ??= {})[key] = text;
    else {
      delete out[lang]?.[key];
      if (out[lang] && !Object.keys(out[lang]).length) delete out[lang];
    }
    return out;
  }
  const state = translationState(before, write.source);
  if (!before || (state !== 'machine' && state !== 'outdated')) return null;
  (out[lang] ??= {})[key] = state === 'outdated' ? { text: before.text, basis: fingerprint(write.source) } : before.text;
  return out;
}

/**
 * What Enter on a field means: the typed text when it differs from the stored one, a confirmation
 * when it is unchanged on a draft or an outdated text, nothing otherwise (just move on).
 */
export function fieldWrite(typed: string, entry: TranslatedText | undefined, source: string): FieldWrite | null {
  if (typed.trim() !== (entry?.text.trim() ?? '')) return { kind: 'text', text: typed };
  const state = translationState(entry, source);
  return state === 'machine' || state === 'outdated' ? { kind: 'confirm', source } : null;
}

/** Several writes on one record at once (a form saved as a whole); null when none changes anything. */
export function applyWrites(
  current: Translations,
  writes: readonly { lang: string; key: string; write: FieldWrite }[],
): WrittenTranslations | null {
  let translations = current;
  let changed = false;
  for (const { lang, key, write } of writes) {
    const next = nextTranslationsValue(translations, lang, key, write);
    if (!next) continue;
    translations = readTranslations(next);
    changed = true;
  }
  return changed ? translationsAsWritten(translations) : null;
}
