import type { GuestChrome } from '../guest-chrome.ts';

export const nl: GuestChrome = {
  languageName: 'Nederlands',
  soldOut: 'Uitverkocht',
  availableFrom: 'Beschikbaar vanaf {when}',
  hide: 'Gerechten verbergen met…',
  allergens: 'Allergenen',
  mayContain: 'kan bevatten',
  originalMenu: 'Originele menukaart (PDF)',
  noMenu: 'Er is op dit moment geen menukaart beschikbaar.',
  sections: 'Rubrieken',
  language: 'Taal',
  later: 'Later',
  unavailable: 'Deze menukaart is tijdelijk niet beschikbaar',
  unavailableText: 'Vraag het personeel om de menukaart. Onze excuses voor het ongemak.',
  notFound: 'Menukaart niet gevonden',
  notFoundText: 'Deze menukaart bestaat niet of is niet gepubliceerd. Vraag het personeel.',
  scanForMenu: 'Scan voor de menukaart',
  table: 'Tafel {table}',
};
