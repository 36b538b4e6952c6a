import type { GuestChrome } from '../guest-chrome.ts';

export const it: GuestChrome = {
  languageName: 'Italiano',
  soldOut: 'Esaurito',
  availableFrom: 'Disponibile da {when}',
  hide: 'Nascondi i piatti che contengono…',
  allergens: 'Allergeni',
  mayContain: 'può contenere',
  originalMenu: 'Menu originale (PDF)',
  noMenu: 'Al momento non è disponibile alcun menu.',
  sections: 'Sezioni',
  language: 'Lingua',
  later: 'Più tardi',
  unavailable: 'Questo menu è temporaneamente non disponibile',
  unavailableText: 'Chiedete il menu al personale. Ci scusiamo per l’inconveniente.',
  notFound: 'Menu non trovato',
  notFoundText: 'Questo menu non esiste o non è pubblicato. Chiedete al personale.',
  scanForMenu: 'Scansiona per il menu',
  table: 'Tavolo {table}',
};
