import type { GuestChrome } from '../guest-chrome.ts';

export const da: GuestChrome = {
  languageName: 'Dansk',
  soldOut: 'Udsolgt',
  availableFrom: 'Tilgængelig fra {when}',
  hide: 'Skjul retter med…',
  allergens: 'Allergener',
  mayContain: 'kan indeholde',
  originalMenu: 'Originalt menukort (PDF)',
  noMenu: 'Intet menukort er tilgængeligt lige nu.',
  sections: 'Afsnit',
  language: 'Sprog',
  later: 'Senere',
  unavailable: 'Dette menukort er midlertidigt utilgængeligt',
  unavailableText: 'Spørg venligst personalet om menukortet. Vi beklager ulejligheden.',
  notFound: 'Menukortet blev ikke fundet',
  notFoundText: 'Dette menukort findes ikke eller er ikke offentliggjort. Spørg venligst personalet.',
  scanForMenu: 'Scan for at se menuen',
  table: 'Bord {table}',
};
