import { z } from 'zod';
import { HEX_COLOR_PATTERN, SLUG_PATTERN } from '../constants.ts';
import { MESSAGES } from './messages.ts';

/** Field-level rules of the product's records, shared by server validation and web forms. */

let zones: Set<string> | null = null;
/** IANA time zone names known to the runtime (plus UTC). */
export function isTimeZone(value: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return zones.has(value);
}

let currencies: Set<string> | null = null;
export function isCurrency(value: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(value);
}

export const zHexColor = z.string().regex(HEX_COLOR_PATTERN, MESSAGES.hexColor);
export const zTimezone = z.string().min(1).refine(isTimeZone, MESSAGES.unknownTimeZone);
export const zCurrency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Must be a 3-letter currency code')
  .refine(isCurrency, MESSAGES.unknownCurrency);
export const zSlug = z.string().min(2).max(60).regex(SLUG_PATTERN, 'Use lower-case letters, digits and dashes');
export const zLanguage = z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, MESSAGES.languageCode);

/** Price variants: a label (e.g. "0.3 l") and a VAT-inclusive amount in minor units. */
export const zPriceVariant = z.object({
  label: z.string().trim().max(50),
  amount: z.number().int(MESSAGES.priceWholeMinorUnits).min(0).max(100_000_000),
});
export const zPriceVariants = z.array(zPriceVariant).min(1, MESSAGES.priceRequired).max(10);

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');
/** Weekly windows in the venue's local time; end before start means it runs past midnight. */
export const zScheduleWindow = z.object({ day: z.number().int().min(0).max(6), start: hhmm, end: hhmm });
export const zSchedule = z.array(zScheduleWindow).max(100);

export const zLanguages = z
  .array(zLanguage)
  .max(20)
  .refine((l) => new Set(l).size === l.length, 'Languages must be unique');
