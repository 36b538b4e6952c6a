/**
 * The price note a venue shows under its menu (issue 22 item 8): one of a few standard sentences,
 * each translated in every guest language (shared/i18n/guest/*.ts `priceNotes`), rather than a
 * free text: the wording is the same legal statement everywhere, and a free text would reach most
 * guests untranslated. '' (unset) shows nothing.
 */
export const PRICE_NOTES = ['vat', 'vatService', 'vatNoService', 'taxExtra'] as const;
export type PriceNote = (typeof PRICE_NOTES)[number];

export const isPriceNote = (v: unknown): v is PriceNote => typeof v === 'string' && (PRICE_NOTES as readonly string[]).includes(v);
