import type { GuestChrome } from '../guest-chrome.ts';

export const sv: GuestChrome = {
  languageName: 'Svenska',
  soldOut: 'Slutsåld',
  availableFrom: 'Tillgänglig från {when}',
  hide: 'Dölj rätter som innehåller…',
  allergens: 'Allergener',
  mayContain: 'kan innehålla',
  originalMenu: 'Originalmeny (PDF)',
  noMenu: 'Ingen meny är tillgänglig just nu.',
  sections: 'Avsnitt',
  language: 'Språk',
  later: 'Senare',
  unavailable: 'Den här menyn är tillfälligt otillgänglig',
  unavailableText: 'Be personalen om menyn. Vi ber om ursäkt för besväret.',
  notFound: 'Menyn hittades inte',
  notFoundText: 'Den här menyn finns inte eller är inte publicerad. Fråga personalen.',
  scanForMenu: 'Skanna för menyn',
  table: 'Bord {table}',
};
