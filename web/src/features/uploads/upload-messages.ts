import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PAGES } from '../../../../shared/constants.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { translateMessage } from '../../lib/i18n/messages.ts';

const MB = UPLOAD_MAX_BYTES / 1024 / 1024;

/**
 * Why a PDF could not be used, as the server words it (its `UPLOAD_MESSAGES`, stored in an
 * upload's `error` and sent as field errors): English is the server's contract, so the text is
 * matched here and shown in the user's language. An unknown text is shown as it came.
 */
const SERVER_TEXTS: readonly [RegExp | string, string][] = [
  [`The PDF is larger than ${MB} MB. Please upload a smaller file.`, 'uploads:serverErrors.tooLarge'],
  ['This PDF is password-protected. Please upload an unprotected file.', 'uploads:serverErrors.encrypted'],
  ['This PDF is damaged and cannot be read. Please export it again and upload the new file.', 'uploads:serverErrors.damaged'],
  ['This PDF has no pages.', 'uploads:serverErrors.empty'],
  [/^This PDF has (\d+) pages; menus can have at most \d+ pages\.$/, 'uploads:serverErrors.tooManyPages'],
  ['This PDF has no text layer (it is a scanned image).', 'uploads:serverErrors.noText'],
  ['No menu items were found in this PDF. Please check that it is a menu with prices.', 'uploads:serverErrors.noItems'],
  ['Reading this PDF took too long. Please upload a simpler file.', 'uploads:serverErrors.timeout'],
  ['This PDF needs too much memory to read. Please upload a simpler file.', 'uploads:serverErrors.tooComplex'],
  ['The uploaded file is missing. Please upload it again.', 'uploads:serverErrors.missingFile'],
  ['Something went wrong while reading this PDF. Please try again or upload another file.', 'uploads:serverErrors.failed'],
];

/** An upload message in the user's language: our own keys (`uploads:…`), the server's upload texts, shared validation texts. */
export function uploadMessage(message: string | undefined): string {
  if (!message) return '';
  if (/^uploads:[\w.]+$/.test(message)) return t(message, { size: MB, max: UPLOAD_MAX_PAGES });
  for (const [pattern, key] of SERVER_TEXTS) {
    if (typeof pattern === 'string' ? pattern === message : pattern.test(message)) {
      const pages = typeof pattern === 'string' ? undefined : Number(pattern.exec(message)?.[1]);
      return t(key, { size: MB, max: UPLOAD_MAX_PAGES, count: pages });
    }
  }
  return translateMessage(message);
}
