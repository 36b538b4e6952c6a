import type { GuestChrome } from '../guest-chrome.ts';

export const en: GuestChrome = {
  languageName: 'English',
  soldOut: 'Sold out',
  availableFrom: 'Available from {when}',
  hide: 'Hide dishes containing…',
  allergens: 'Allergens',
  mayContain: 'may contain',
  originalMenu: 'Original menu (PDF)',
  noMenu: 'No menu is available right now.',
  sections: 'Sections',
  language: 'Language',
  later: 'Later',
  unavailable: 'This menu is temporarily unavailable',
  unavailableText: 'Please ask the staff for the menu. We are sorry for the inconvenience.',
  notFound: 'Menu not found',
  notFoundText: 'This menu does not exist or is not published. Please ask the staff.',
  scanForMenu: 'Scan for the menu',
  table: 'Table {table}',
};
