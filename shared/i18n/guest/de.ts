import type { GuestChrome } from '../guest-chrome.ts';

export const de: GuestChrome = {
  languageName: 'Deutsch',
  soldOut: 'Ausverkauft',
  availableFrom: 'Verfügbar ab {when}',
  hide: 'Gerichte ausblenden mit…',
  allergens: 'Allergene',
  mayContain: 'kann enthalten',
  originalMenu: 'Original-Speisekarte (PDF)',
  noMenu: 'Derzeit ist keine Speisekarte verfügbar.',
  sections: 'Abschnitte',
  language: 'Sprache',
  later: 'Später',
  unavailable: 'Diese Speisekarte ist vorübergehend nicht verfügbar',
  unavailableText: 'Bitte fragen Sie das Personal nach der Speisekarte. Wir bitten um Entschuldigung.',
  notFound: 'Speisekarte nicht gefunden',
  notFoundText: 'Diese Speisekarte gibt es nicht oder sie ist nicht veröffentlicht. Bitte fragen Sie das Personal.',
  scanForMenu: 'Zur Speisekarte scannen',
  table: 'Tisch {table}',
};
