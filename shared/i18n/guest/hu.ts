import type { GuestChrome } from '../guest-chrome.ts';

export const hu: GuestChrome = {
  languageName: 'Magyar',
  soldOut: 'Elfogyott',
  availableFrom: 'Elérhető: {when}',
  hide: 'Ételek elrejtése, ha tartalmaznak…',
  allergens: 'Allergének',
  mayContain: 'tartalmazhat',
  originalMenu: 'Eredeti étlap (PDF)',
  noMenu: 'Jelenleg nem érhető el étlap.',
  sections: 'Kategóriák',
  language: 'Nyelv',
  later: 'Később',
  unavailable: 'Ez az étlap átmenetileg nem érhető el',
  unavailableText: 'Kérjük, kérje az étlapot a személyzettől. Elnézést kérünk a kellemetlenségért.',
  notFound: 'Az étlap nem található',
  notFoundText: 'Ez az étlap nem létezik, vagy nincs közzétéve. Kérjük, kérdezze a személyzetet.',
  scanForMenu: 'Szkennelje be az étlapért',
  table: 'Asztal {table}',
};
