import type { GuestChrome } from '../guest-chrome.ts';

export const fr: GuestChrome = {
  languageName: 'Français',
  soldOut: 'Épuisé',
  availableFrom: 'Disponible à partir de {when}',
  hide: 'Masquer les plats contenant…',
  allergens: 'Allergènes',
  mayContain: 'peut contenir',
  originalMenu: 'Carte originale (PDF)',
  noMenu: 'Aucune carte n’est disponible pour le moment.',
  sections: 'Rubriques',
  language: 'Langue',
  later: 'Plus tard',
  unavailable: 'Cette carte est temporairement indisponible',
  unavailableText: 'Veuillez demander la carte au personnel. Nous vous prions de nous excuser pour la gêne occasionnée.',
  notFound: 'Carte introuvable',
  notFoundText: 'Cette carte n’existe pas ou n’est pas publiée. Veuillez vous adresser au personnel.',
  scanForMenu: 'Scannez pour voir le menu',
  table: 'Table {table}',
};
