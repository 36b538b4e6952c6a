import { i18n } from '../../lib/i18n/i18n.ts';
import { translateMessage } from '../../lib/i18n/messages.ts';

/**
 * A form error in the app's language. The menu screens' own zod rules carry `menus:validation.*`
 * keys; the shared schemas' English texts and the server's field errors go through
 * `translateMessage` (FormField does that too, so a text translated here passes it unchanged).
 */
export function errorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('menus:') && i18n.exists(message) ? i18n.t(message) : translateMessage(message);
}
