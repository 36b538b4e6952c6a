import type { GuestChrome } from '../guest-chrome.ts';

/** European Portuguese (the regulation's PT version is too). */
export const pt: GuestChrome = {
  languageName: 'Português',
  soldOut: 'Esgotado',
  availableFrom: 'Disponível a partir de {when}',
  hide: 'Ocultar pratos que contêm…',
  allergens: 'Alergénios',
  mayContain: 'pode conter',
  originalMenu: 'Menu original (PDF)',
  noMenu: 'De momento, não há nenhum menu disponível.',
  sections: 'Secções',
  language: 'Idioma',
  later: 'Mais tarde',
  unavailable: 'Este menu está temporariamente indisponível',
  unavailableText: 'Peça o menu ao pessoal. Lamentamos o incómodo.',
  notFound: 'Menu não encontrado',
  notFoundText: 'Este menu não existe ou não está publicado. Pergunte ao pessoal.',
  scanForMenu: 'Digitalize para ver o menu',
  table: 'Mesa {table}',
};
