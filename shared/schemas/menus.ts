import { z } from 'zod';
import { zMenuForm } from './forms.ts';
import { zLanguages, zPriceVariant, zSchedule } from './domain.ts';
import { zTranslationsInput as zTranslations } from '../translations.ts';
import { MESSAGES } from './messages.ts';

/**
 * The writable fields of menus, sections and items: the server's record hooks validate with these
 * schemas and the staff app's forms (and the upload review) build on the same name rules, so a
 * rule or a message changes in one place.
 */

/** A section's name as a person types it. */
export const zSectionName = z.string().trim().min(1, MESSAGES.sectionNameRequired);
/** An item's name as a person types it. */
export const zItemName = z.string().trim().min(1, MESSAGES.itemNameRequired);
/** Names longer than this are refused (the collections' `max`). */
export const NAME_MAX = 200;

/** Glossary limits (the contract): terms machine translation keeps as written. */
export const GLOSSARY_MAX_TERMS = 200;
export const GLOSSARY_TERM_MAX = 100;
export const zGlossary = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A glossary term cannot be empty')
      .max(GLOSSARY_TERM_MAX, `A glossary term has at most ${GLOSSARY_TERM_MAX} characters`),
    'Must be a list of terms',
  )
  .max(GLOSSARY_MAX_TERMS, `A glossary has at most ${GLOSSARY_MAX_TERMS} terms`);
/** Languages published although incomplete: codes only (the menu hook checks them against `languages`). */
export const zPublishIncomplete = z.array(z.string(), 'Must be a list of language codes').max(20);

export const zMenuRecord = zMenuForm.extend({
  schedule: zSchedule.nullable(),
  languages: zLanguages,
  glossary: zGlossary.nullish(),
  publishIncomplete: zPublishIncomplete.nullish(),
  translations: zTranslations.nullish(),
});
export const zSectionRecord = z.object({ name: zSectionName, translations: zTranslations.nullable() });
export const zItemRecord = z
  .object({
    name: zItemName,
    prices: z.array(zPriceVariant).max(10),
    /** Sold at a price given on request: the only case where `prices` may be empty. */
    priceOnRequest: z.boolean().optional(),
    translations: zTranslations.nullable(),
  })
  .superRefine((item, ctx) => {
    if (!item.prices.length && !item.priceOnRequest) ctx.addIssue({ code: 'custom', path: ['prices'], message: MESSAGES.priceRequired });
  });
