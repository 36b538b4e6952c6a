import { UPLOAD_IMAGE_MAX_MEGAPIXELS, UPLOAD_MAX_BYTES, UPLOAD_MAX_OCR_PAGES, UPLOAD_MAX_PAGES } from '../../../../shared/constants.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { translateMessage } from '../../lib/i18n/messages.ts';
import { IMPORT_MESSAGES, UPLOAD_MESSAGES } from '../../../../shared/upload-messages.ts';

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

/** The server's texts that say "PDF", as the review words them for an upload of photos. */
const PHOTO_TEXTS: ReadonlyMap<string, string> = new Map([[UPLOAD_MESSAGES.noItems, 'uploads:review.noItemsPhotos']]);

/**
 * An upload message in the user's language: our own keys (`uploads:…`), the server's upload
 * texts, shared validation texts. With `photos` (the upload is photos, not a PDF), texts that
 * would say "PDF" speak of the photos.
 */
export function uploadMessage(message: string | undefined, options: { photos?: boolean } = {}): string {
  if (!message) return '';
  const photoKey = options.photos ? PHOTO_TEXTS.get(message) : undefined;
  if (photoKey) return t(photoKey, LIMITS);
  if (/^uploads:[\w.]+$/.test(message)) return t(message, LIMITS);
  for (const [pattern, key] of SERVER_TEXTS) {
    if (typeof pattern === 'string' ? pattern === message : pattern.test(message)) {
      const pages = typeof pattern === 'string' ? undefined : Number(pattern.exec(message)?.[1]);
      return t(key, { ...LIMITS, count: pages });
    }
  }
  return translateMessage(message);
}

/** The server's import refusals (IMPORT_MESSAGES), each as a pattern built from the shared text and its key. */
const NUMBER = 999_999;
const TEXT = '\u0001';
const pattern = (text: string) =>
  new RegExp(`^${escapeRegExp(text).replace(String(NUMBER), '(\\d+)').replace(/^1 /, '(\\d+) ').replaceAll(TEXT, '(.*)')}$`, 's');
const IMPORT_TEXTS: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [pattern(IMPORT_MESSAGES.alreadyImported), () => t('uploads:importErrors.alreadyImported')],
  [pattern(IMPORT_MESSAGES.notReady(TEXT)), (m) => t('uploads:importErrors.notReady', { status: t(`uploads:status.${m[1]}`, { defaultValue: m[1] }) })],
  // The plural is part of the text: one pattern for one item, one for more.
  ...[1, NUMBER].map((n): [RegExp, (m: RegExpExecArray) => string] => [
    pattern(IMPORT_MESSAGES.noPrices(n, TEXT)),
    (m) => t('uploads:importErrors.noPrices', { count: Number(m[1]), names: m[2] }),
  ]),
  [pattern(IMPORT_MESSAGES.otherOrganizationMenu), () => t('uploads:importErrors.otherOrganizationMenu')],
  [pattern(IMPORT_MESSAGES.noItems), () => t('uploads:importErrors.noItems')],
  [pattern(IMPORT_MESSAGES.notAllowed), () => t('uploads:importErrors.notAllowed')],
  [pattern(IMPORT_MESSAGES.currencyUnanswered(TEXT, TEXT)), (m) => t('uploads:importErrors.currencyUnanswered', { read: m[1], own: m[2] })],
];

/** Why the server refused an import, in the user's language; null for any other message. */
export function importMessage(message: string | undefined): string | null {
  if (!message) return null;
  for (const [re, text] of IMPORT_TEXTS) {
    const m = re.exec(message);
    if (m) return text(m);
  }
  return null;
}

/** The import refusal carried by an API error (`response.message`), in the user's language, or null. */
export function importErrorText(err: unknown): string | null {
  return importMessage((err as { response?: { message?: string } } | null)?.response?.message);
}
