import { MESSAGES } from '../../../../shared/schemas/message-texts.ts';
import { LAPSED_WRITE_MESSAGE } from '../organization-status.ts';
import { i18n } from './i18n.ts';

/**
 * Validation and API messages arrive as English text: the shared zod schemas carry MESSAGES
 * (the server answers with the same English texts, which stay its API contract), zod's defaults
 * say "Required", and the server's field errors are PocketBase's English. They are translated at
 * display time: a known English text maps to its key in `common:validation` / `common:api`;
 * the web app's own schemas write their keys directly (`validation.enterPassword`). Anything
 * unknown (a message from a newer server) is shown as it came.
 */
const BY_TEXT = new Map<string, string>([
  ...Object.entries(MESSAGES).map(([name, text]): [string, string] => [text, `validation.${name}`]),
  ['Required', 'validation.required'],
  ['Invalid input', 'validation.invalid'],
  ['Cannot be blank.', 'api.blank'],
  ["Values don't match.", 'api.valuesMismatch'],
  ['Must be a valid email address.', 'api.emailInvalid'],
  ['Failed to authenticate.', 'api.failedToAuthenticate'],
  ['Invalid or expired token.', 'api.invalidToken'],
  ['Missing or invalid auth record password.', 'api.wrongPassword'],
  ['The new email address is already registered.', 'api.emailTaken'],
  ['The request requires valid record authorization token.', 'api.signInAgain'],
  ['Something went wrong while processing your request.', 'api.generic'],
  [LAPSED_WRITE_MESSAGE, 'api.lapsed'],
]);

export function translateMessage(message: string | undefined): string {
  if (!message) return '';
  // Before the messages load (and in unit tests) the English text is the best there is.
  if (!i18n.isInitialized) return message;
  // The server's field errors end the shared texts with a full stop (core/errors.ts sentenize).
  const key = BY_TEXT.get(message) ?? BY_TEXT.get(message.replace(/\.$/, '')) ?? (/^validation\.\w+$/.test(message) ? message : undefined);
  return key ? i18n.t(key) : message;
}
