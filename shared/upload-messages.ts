import { UPLOAD_IMAGE_MAX_MEGAPIXELS, UPLOAD_MAX_BYTES, UPLOAD_MAX_OCR_PAGES, UPLOAD_MAX_PAGES } from './constants.ts';

/**
 * Why an uploaded PDF could not be used, as the server words it (stored in an upload's `error`
 * and sent as field errors: English is the API's contract). The staff app matches these texts to
 * show them in the user's language (web/src/features/uploads/upload-messages.ts), so they live
 * here once, for both sides.
 */
export const UPLOAD_MESSAGES = {
  tooLarge: `The PDF is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Please upload a smaller file.`,
  encrypted: 'This PDF is password-protected. Please upload an unprotected file.',
  damaged: 'This PDF is damaged and cannot be read. Please export it again and upload the new file.',
  empty: 'This PDF has no pages.',
  tooManyPages: (pages: number) => `This PDF has ${pages} pages; menus can have at most ${UPLOAD_MAX_PAGES} pages.`,
  noText: 'This PDF has no text layer (it is a scanned image).',
  noItems: 'No menu items were found in this PDF. Please check that it is a menu with prices.',
  timeout: 'Reading this PDF took too long. Please upload a simpler file.',
  tooComplex: 'This PDF needs too much memory to read. Please upload a simpler file.',
  missingFile: 'The uploaded file is missing. Please upload it again.',
  failed: 'Something went wrong while reading this PDF. Please try again or upload another file.',
  unsupported: 'Only PDF files and JPEG, PNG or WebP photos are supported.',
  emptyFile: 'This file is empty (0 bytes). Please choose the menu file again.',
  pdfWithPhotos: 'Upload either one PDF or photos of the menu, not both.',
  imageTooLarge: `This image is too large (more than ${UPLOAD_IMAGE_MAX_MEGAPIXELS} megapixels). Please upload a smaller photo.`,
  imageDamaged: 'This image is damaged and cannot be read. Please take or export the photo again.',
  tooManyOcrPages: (pages: number) =>
    `This upload has ${pages} scanned pages or photos; at most ${UPLOAD_MAX_OCR_PAGES} can be read at once.`,
  tooManyPhotos: `At most ${UPLOAD_MAX_OCR_PAGES} photos per upload.`,
  ocrUnavailable: 'Reading scans and photos is not available on this server.',
  ocrTimeout: 'Reading a page of this scan or photo took too long. Please upload a sharper or smaller image.',
  /** Re-import as a diff (`GET /api/uploads/:id/diff`): the comparison workers are all busy (503). */
  diffBusy: 'Too many menu comparisons are running. Try again in a moment.',
  /** The comparison ran over its time limit (503). */
  diffTooSlow: 'Comparing with this menu took too long.',
} as const;

/**
 * Why an import of a reviewed draft was refused (`POST /api/uploads/:id/import`), as the server
 * words it (English is the API's contract); the staff app matches them to show them in the user's
 * language (web/src/features/uploads/upload-messages.ts `importMessage`).
 */
export const IMPORT_MESSAGES = {
  alreadyImported: 'This upload was already imported.',
  notReady: (status: string) => `This upload is not ready to import yet (status: ${status}).`,
  /** `names`: the first items, quoted with their section, and "and N more". */
  noPrices: (count: number, names: string) =>
    `${count} item${count === 1 ? ' has' : 's have'} no price: ${names}. Add a price to each, mark it "price on request" or remove it, then import again.`,
  otherOrganizationMenu: 'Choose a menu of this organization.',
  noItems: 'The draft has no items to import.',
  notAllowed: 'You are not allowed to import menus for this organization.',
  /** `read`: the currency the prices were read in; `own`: the organization's. */
  currencyUnanswered: (read: string, own: string) =>
    `The prices were read as ${read}, the organization's currency is ${own}. Confirm that the amounts are imported as ${own} (the draft's importCurrency), then import again.`,
} as const;
