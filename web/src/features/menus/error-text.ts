import { i18n } from '../../lib/i18n/i18n.ts';
import { translateMessage } from '../../lib/i18n/messages.ts';

/**
 * The shared schemas' English texts of option groups and nutrition (shared/schemas/options.ts,
 * shared/nutrition.ts), which are not in MESSAGES: their keys in `menus:validation`. The server
 * answers with the same texts plus a full stop (and the field in brackets for nutrition).
 */
const SHARED_TEXTS = new Map<string, string>([
  ['Group name is required', 'menus:validation.groupNameRequired'],
  ['Option name is required', 'menus:validation.optionNameRequired'],
  ['The most choices cannot be fewer than the fewest', 'menus:validation.maxBelowMin'],
  ['Whole kcal', 'menus:validation.wholeNumber'],
  ['Cannot be negative', 'menus:validation.negative'],
  ['At most 20000 kcal', 'menus:validation.tooMuchKcal'],
  ['At most 5000 g', 'menus:validation.tooManyGrams'],
  ['At most two decimals', 'menus:validation.twoDecimals'],
  ['At most 50 characters', 'menus:validation.portionTooLong'],
  ['Saturates are part of the fat: at most the fat', 'menus:validation.saturates'],
  ['Sugars are part of the carbohydrate: at most the carbohydrate', 'menus:validation.sugars'],
]);

/**
 * A form error in the app's language. The menu screens' own zod rules carry `menus:validation.*`
 * keys; the shared schemas' English texts and the server's field errors go through
 * `translateMessage` (FormField does that too, so a text translated here passes it unchanged).
 */
export function errorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = SHARED_TEXTS.get(message.replace(/(?: \(\w+\))?\.$/, '')) ?? message;
  return key.startsWith('menus:') && i18n.exists(key) ? i18n.t(key) : translateMessage(message);
}
