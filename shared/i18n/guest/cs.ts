import type { GuestChrome } from '../guest-chrome.ts';

export const cs: GuestChrome = {
  languageName: 'Čeština',
  soldOut: 'Vyprodáno',
  availableFrom: 'K dispozici od {when}',
  hide: 'Skrýt jídla obsahující…',
  allergens: 'Alergeny',
  mayContain: 'může obsahovat',
  originalMenu: 'Původní jídelní lístek (PDF)',
  noMenu: 'Momentálně není k dispozici žádný jídelní lístek.',
  sections: 'Oddíly',
  language: 'Jazyk',
  later: 'Později',
  unavailable: 'Tento jídelní lístek je dočasně nedostupný',
  unavailableText: 'Požádejte prosím obsluhu o jídelní lístek. Omlouváme se za nepříjemnosti.',
  notFound: 'Jídelní lístek nenalezen',
  notFoundText: 'Tento jídelní lístek neexistuje nebo není zveřejněn. Zeptejte se prosím obsluhy.',
  scanForMenu: 'Naskenujte a zobrazte menu',
  table: 'Stůl {table}',
};
