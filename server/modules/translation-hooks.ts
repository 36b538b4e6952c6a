import { fieldError } from '../core/errors.ts';
import type { HookContext } from '../core/records/hooks.ts';
import {
  isTranslatableKey,
  nextTranslations,
  readTranslations,
  sourceTexts,
  zTranslationsInput,
  type TranslatableCollection,
  type TranslationsInput,
} from '../../shared/translations.ts';
import { submitted, valuesOf, writeFailed } from './hook-helpers.ts';

/**
 * The one "normalise the translations of this write" step of every translatable collection's
 * before-hooks (venues, menus, sections, items, tags): the submitted `translations` are checked
 * (shape, and only keys this record may translate), and what is stored is decided by
 * `nextTranslations` from the record's texts after the write and before it. A write that does not
 * send `translations` runs it too: that is how an edit, an import or an API write of a
 * default-language text turns existing translations outdated, and how entries of the earlier
 * format get their basis.
 */
export function normalizeTranslations(ctx: HookContext, collection: TranslatableCollection): void {
  const values = valuesOf(ctx.collection, ctx.row);
  const previousValues = ctx.before ? valuesOf(ctx.collection, ctx.before) : values;
  const previous = readTranslations(ctx.before ? previousValues.translations : undefined);
  const sources = sourceTexts(collection, values);
  const previousSources = ctx.before ? sourceTexts(collection, previousValues) : sources;

  let incoming: TranslationsInput | undefined;
  if (submitted(ctx, 'translations')) {
    incoming = checkedInput(ctx, collection, values);
  } else if (!ctx.before) {
    // A create without translations: nothing to keep.
    incoming = {};
  }
  const next = nextTranslations(incoming, previous, sources, previousSources);
  // Entries whose field is gone (a removed price variant) are dropped, never refused: the client did not send them.
  for (const [lang, fields] of Object.entries(next)) {
    for (const key of Object.keys(fields)) if (!isTranslatableKey(collection, key, values)) delete fields[key];
    if (!Object.keys(fields).length) delete next[lang];
  }
  ctx.row.translations = Object.keys(next).length || ctx.row.translations != null ? JSON.stringify(next) : null;
}

/** The submitted translations, or a 400 with `data.translations` saying what is wrong. */
function checkedInput(ctx: HookContext, collection: TranslatableCollection, values: Record<string, unknown>): TranslationsInput {
  const raw = values.translations ?? {};
  const parsed = zTranslationsInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    throw writeFailed(ctx, {
      translations: fieldError('validation_invalid_value', `${where}${issue?.message ?? 'Invalid value.'}`),
    });
  }
  for (const [lang, fields] of Object.entries(parsed.data)) {
    for (const key of Object.keys(fields)) {
      if (!isTranslatableKey(collection, key, values))
        throw writeFailed(ctx, {
          translations: fieldError('validation_invalid_value', `${lang}.${key}: this record has no such text to translate`),
        });
    }
  }
  return parsed.data;
}
