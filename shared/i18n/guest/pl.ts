import type { GuestChrome } from '../guest-chrome.ts';

export const pl: GuestChrome = {
  languageName: 'Polski',
  soldOut: 'Wyprzedane',
  availableFrom: 'Dostępne od {when}',
  hide: 'Ukryj dania zawierające…',
  allergens: 'Alergeny',
  mayContain: 'może zawierać',
  originalMenu: 'Oryginalne menu (PDF)',
  noMenu: 'Obecnie żadne menu nie jest dostępne.',
  sections: 'Sekcje',
  language: 'Język',
  later: 'Później',
  unavailable: 'To menu jest tymczasowo niedostępne',
  unavailableText: 'Prosimy poprosić obsługę o menu. Przepraszamy za niedogodności.',
  notFound: 'Nie znaleziono menu',
  notFoundText: 'To menu nie istnieje lub nie zostało opublikowane. Prosimy zapytać obsługę.',
  scanForMenu: 'Zeskanuj, aby zobaczyć menu',
  table: 'Stolik {table}',
};
