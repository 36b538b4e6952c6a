import { describe, expect, it } from 'vitest';
import type { PageText } from '../extract/types.ts';
import { detectLanguage } from './language.ts';

const page = (...lines: string[]): PageText => ({
  page: 1,
  width: 595,
  height: 842,
  runs: lines.map((text, i) => ({ text, x: 50, y: 50 + 14 * i, width: 300, size: 10, font: 'ocr', bold: false, italic: false })),
});

describe('detectLanguage', () => {
  it.each([
    ['deu', page('Rinderbrühe mit Flädle', 'Schnitzel vom Kalb mit Pommes und Salat', 'Käsespätzle mit Röstzwiebeln')],
    ['fra', page('Soupe à l’oignon et croûtons', 'Magret de canard aux cerises', 'Tarte du jour avec crème')],
    ['ita', page('Spaghetti alla carbonara', 'Risotto con funghi porcini e tartufo', 'Tagliata di manzo con rucola')],
    ['spa', page('Pulpo a la gallega con patatas', 'Tortilla de la casa y pan', 'Calamares con alioli')],
    ['nld', page('Pannenkoek met spek en kaas', 'Uitsmijter van het huis', 'Soep van de dag met brood')],
    ['eng', page('Fish and chips with peas', 'Soup of the day, served with bread', 'Burger with cheese and fries')],
  ])('tells %s by its function words', (lang, text) => {
    expect(detectLanguage([text])).toBe(lang);
  });

  it('does not take allergen codes in capitals for the Italian "e"', () => {
    // A Dutch menu whose raised codes and legend are letters: E (egg), G, M, N.
    const dutch = page('Appeltaart GEM', 'Worteltaart G,E,M,N', 'Brownie E,So,M', 'Cheesecake E,G,M', 'Tompouce E,G,M', 'Koffie met melk', 'Thee van het huis', 'E ei  G gluten  M melk  N noten');
    expect(detectLanguage([dutch])).toBe('nld');
  });

  it('says nothing without enough words', () => {
    expect(detectLanguage([page('Espresso 2.20', 'Cappuccino 3.00')])).toBeNull();
  });
});
