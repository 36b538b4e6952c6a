import { describe, expect, it } from 'vitest';
import { foldText, FOLD_JS, matchesWords, queryWords } from './search.ts';

/** The browser's copy of the rule, run as the page's script runs it. */
const foldInBrowser = new Function(`return ${FOLD_JS}`)() as (t: string) => string;

// Inputs and what a guest expects them to read as; expectations written by hand, not by foldText.
const TABLE: [string, string][] = [
  ['Crème Brûlée', 'creme brulee'],
  ['CRÈME BRÛLÉE', 'creme brulee'],
  ['Käsespätzle', 'kasespatzle'],
  ['Straße', 'strasse'],
  ['STRASSE', 'strasse'],
  ['Smørrebrød', 'smorrebrod'],
  ['Żurek łódzki', 'zurek lodzki'],
  ['Ćevapčići', 'cevapcici'],
  ['Sopa de Pescadería', 'sopa de pescaderia'],
  ['Bacalhau à Brás', 'bacalhau a bras'],
  ['Gulyásleves', 'gulyasleves'],
  ['ΜΟΥΣΑΚΑΣ', 'μουσακασ'],
  ['μουσακάς', 'μουσακασ'],
  ['Œufs mimosa', 'oeufs mimosa'],
  ['Ærtesuppe', 'aertesuppe'],
  // Precomposed and decomposed forms read alike.
  ['Cafe\u0301', 'cafe'],
  ['Caf\u00e9', 'cafe'],
  ['Pad Thai 🌶️', 'pad thai 🌶️'.normalize('NFD').replace(/\p{M}/gu, '')],
  ['', ''],
];

describe('guest search folding', () => {
  it.each(TABLE)('folds %j to %j on the server', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });
  it.each(TABLE)('folds %j the same in the page script', (input, expected) => {
    expect(foldInBrowser(input)).toBe(expected);
  });

  it('matches when every word of the query occurs in some text of the dish', () => {
    const texts = ['Crème brûlée', 'Vanilla custard, caramelised sugar', 'Extra ice cream'];
    expect(matchesWords(texts, queryWords('BRULEE'))).toBe(true);
    expect(matchesWords(texts, queryWords('  creme   vanilla '))).toBe(true);
    expect(matchesWords(texts, queryWords('ice'))).toBe(true);
    expect(matchesWords(texts, queryWords('creme chocolate'))).toBe(false);
    // Words never join across two texts.
    expect(matchesWords(['ab', 'cd'], queryWords('bc'))).toBe(false);
    expect(matchesWords(texts, queryWords(''))).toBe(true);
    expect(queryWords('   ')).toEqual([]);
    expect(queryWords('x'.repeat(500))[0]).toHaveLength(100);
  });
});
