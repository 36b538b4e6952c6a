import { describe, expect, it } from 'vitest';
import type { PageText } from '../extract/types.ts';
import { detectLanguage, guessLanguage } from './language.ts';

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

describe('guessLanguage', () => {
  // Rough readings as Ocrad gives them: letters it cannot place become "_", umlauts survive.
  it.each([
    ['deu', 'Rinderbrühe mi_ Pfannkuchenstreifen\nFeldsalat mi_ Speck und Croûtons 8,50\nSchwäbische Käsespä_zle 14,50\nRöstzwiebeln, Salat\nZwiebelrostbraten 26,50\nSpätzle, Bratkartoffeln'],
    ['fra', 'Soupe à l_oignon gratinée 8,50\nMagret de canard aux cerises 24,00\nTarte du jour avec crème fraîche\nPlateau de fromages affinés 12,00'],
    ['spa', 'Pulpo a la gallega con patatas 14,50\nTortilla de la casa y pan 8,00\nCalamares a la romana con alioli\nPimientos de Padrón 6,50'],
  ])('guesses %s from a rough reading', (lang, text) => {
    expect(guessLanguage(text)).toBe(lang);
  });

  it('makes no guess from too little text or from noise', () => {
    expect(guessLanguage('Espresso 2,20')).toBeNull();
    expect(guessLanguage('_ .. 12,50 __ |l 1 ,\n 9,80 _ .')).toBeNull();
  });
});
