import { z } from 'zod';
import { zTranslationsInput as zTranslations } from '../translations.ts';
import { zChoiceRule } from '../option-groups.ts';

/**
 * The writable fields of option groups and options (issue 20, item 1): the server's record hooks
 * validate with these, and the staff app's editor (to come) builds its forms on them. Their
 * messages are not in MESSAGES yet: the staff app maps those to its translations, which the
 * editor brings along.
 */

export const zOptionGroupName = z.string().trim().min(1, 'Group name is required');
export const zOptionName = z.string().trim().min(1, 'Option name is required');

export const zOptionGroupRecord = z.object({ name: zOptionGroupName, translations: zTranslations.nullable() }).and(zChoiceRule);

export const zOptionRecord = z.object({
  name: zOptionName,
  /** What choosing the option adds to the item's price, in minor units ("+1.50"); never a discount. */
  priceDelta: z.number().int('Prices are whole minor units (cents)').min(0, 'An option adds to the price (0 or more)').max(100_000_000),
  translations: zTranslations.nullable(),
});
