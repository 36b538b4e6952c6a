import type { GuestChrome } from '../guest-chrome.ts';

export const hr: GuestChrome = {
  languageName: 'Hrvatski',
  soldOut: 'Rasprodano',
  availableFrom: 'Dostupno od {when}',
  hide: 'Sakrij jela koja sadrže…',
  allergens: 'Alergeni',
  mayContain: 'može sadržavati',
  originalMenu: 'Izvorni jelovnik (PDF)',
  noMenu: 'Trenutačno nije dostupan nijedan jelovnik.',
  sections: 'Odjeljci',
  language: 'Jezik',
  later: 'Kasnije',
  unavailable: 'Ovaj je jelovnik privremeno nedostupan',
  unavailableText: 'Molimo zatražite jelovnik od osoblja. Ispričavamo se zbog neugodnosti.',
  notFound: 'Jelovnik nije pronađen',
  notFoundText: 'Ovaj jelovnik ne postoji ili nije objavljen. Molimo pitajte osoblje.',
  scanForMenu: 'Skenirajte za jelovnik',
  table: 'Stol {table}',
};
