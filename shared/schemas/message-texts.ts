import { HELP_DESCRIPTION_MAX, HELP_DESCRIPTION_MIN, HELP_TITLE_MAX } from '../constants.ts';

/**
 * Every user-facing validation message, written once: the specification's exact texts (section 5
 * of the spec) and the product's own. Server hooks and web forms both take them from here, so a
 * reworded message changes in the API error and on the form at the same time. Free of zod, so the
 * web app can map them to translation keys without loading zod (lib/i18n/messages.ts).
 */
export const MESSAGES = {
  // The specification's texts.
  venueNameRequired: 'Venue name is required',
  tagNameRequired: 'Tag name is required',
  menuNameRequired: 'Menu name is required',
  pdfFileRequired: 'A valid PDF file is required',
  pdfOnly: 'Only PDF files are supported',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be less than ${HELP_TITLE_MAX} characters`,
  descriptionTooShort: `Description must be at least ${HELP_DESCRIPTION_MIN} characters`,
  descriptionTooLong: `Description must be less than ${HELP_DESCRIPTION_MAX} characters`,
  // The product's own.
  tagNameTaken: 'A tag with this name already exists',
  // Venue guest info (shared/schemas/venue-info.ts).
  hoursTime: 'Use HH:MM',
  hoursDate: 'Use a date (YYYY-MM-DD)',
  hoursWindowsMax: 'At most 6 time windows a day',
  hoursNeedWindows: 'Add hours or mark the day closed',
  hoursRangeBackwards: 'The last day is before the first',
  hoursRangeTooLong: 'A range is at most 366 days',
  hoursTooManyExceptions: 'At most 100 exceptions',
  noteTooLong: 'At most 100 characters',
  webUrl: 'Use a web address starting with https:// or http://',
  httpsUrl: 'Use a link starting with https://',
  phoneInvalid: 'Use digits, spaces and + ( ) - / . only',
  socialLinksMax: 'At most 8 links',
  wifiNameTooLong: 'At most 32 characters',
  wifiPasswordTooLong: 'At most 63 characters',
  // Embeds (shared/schemas/embeds.ts).
  embedOrigin: 'Use https://host or https://host:port (http:// only for localhost), no path',
  embedOriginsMax: 'At most 10 websites',
  embedOriginTwice: 'Each website is listed once',
  sectionNameRequired: 'Section name is required',
  itemNameRequired: 'Item name is required',
  organizationNameRequired: 'Organization name is required',
  organizationNameTooLong: 'Organization name must be less than 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  priceRequired: 'Add at least one price',
  priceInvalid: 'Enter a price like 12.50',
  priceWholeMinorUnits: 'Prices are whole minor units (cents)',
  nameUnder200: 'Keep the name under 200 characters',
  hexColor: 'Must be a colour like #1a2b3c',
  unknownTimeZone: 'Unknown time zone',
  unknownCurrency: 'Unknown currency',
  languageCode: 'Use a language code like en or de-AT',
} as const;
