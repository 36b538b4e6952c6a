import { UPLOAD_IMAGE_MAX_MEGAPIXELS, UPLOAD_MAX_BYTES, UPLOAD_MAX_OCR_PAGES, UPLOAD_MAX_PAGES } from '../../../../shared/constants.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { translateMessage } from '../../lib/i18n/messages.ts';
import { UPLOAD_MESSAGES } from '../../../../shared/upload-messages.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MB = UPLOAD_MAX_BYTES / 1024 / 1024;
const LIMITS = { size: MB, max: UPLOAD_MAX_PAGES, ocrMax: UPLOAD_MAX_OCR_PAGES, megapixels: UPLOAD_IMAGE_MAX_MEGAPIXELS };

/**
 * Why a PDF could not be used, as the server words it (its `UPLOAD_MESSAGES`, stored in an
 * upload's `error` and sent as field errors): English is the server's contract, so the text is
 * matched here and shown in the user's language. An unknown text is shown as it came.
 */
const SERVER_TEXTS: readonly [RegExp | string, string][] = Object.entries(UPLOAD_MESSAGES).map(([name, text]) => [
  typeof text === 'string' ? text : new RegExp(`^${escapeRegExp(text(999_999)).replace('999999', '(\\d+)')}$`),
  `uploads:serverErrors.${name}`,
]);

/** An upload message in the user's language: our own keys (`uploads:…`), the server's upload texts, shared validation texts. */
export function uploadMessage(message: string | undefined): string {
  if (!message) return '';
  if (/^uploads:[\w.]+$/.test(message)) return t(message, LIMITS);
  for (const [pattern, key] of SERVER_TEXTS) {
    if (typeof pattern === 'string' ? pattern === message : pattern.test(message)) {
      const pages = typeof pattern === 'string' ? undefined : Number(pattern.exec(message)?.[1]);
      return t(key, { ...LIMITS, count: pages });
    }
  }
  return translateMessage(message);
}
