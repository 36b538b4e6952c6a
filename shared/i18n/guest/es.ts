import type { GuestChrome } from '../guest-chrome.ts';

export const es: GuestChrome = {
  languageName: 'Español',
  soldOut: 'Agotado',
  availableFrom: 'Disponible desde {when}',
  hide: 'Ocultar platos que contienen…',
  allergens: 'Alérgenos',
  mayContain: 'puede contener',
  originalMenu: 'Carta original (PDF)',
  noMenu: 'No hay ninguna carta disponible en este momento.',
  sections: 'Secciones',
  language: 'Idioma',
  later: 'Más tarde',
  unavailable: 'Esta carta no está disponible temporalmente',
  unavailableText: 'Pida la carta al personal. Disculpe las molestias.',
  notFound: 'Carta no encontrada',
  notFoundText: 'Esta carta no existe o no está publicada. Pregunte al personal.',
  scanForMenu: 'Escanea para ver la carta',
  table: 'Mesa {table}',
};
