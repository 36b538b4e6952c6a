import { describe, expect, it } from 'vitest';
import { cleanUnicode, collapseSpacedRun, joinTouchingRuns, normalizeRuns, splitGluedPrices } from './runs.ts';
import type { TextRun } from './types.ts';

const run = (text: string, x: number, width: number, spec: Partial<TextRun> = {}): TextRun => ({ text, x, y: 100, width, size: 10, font: 'f1', bold: false, italic: false, ...spec });

describe('run clean-up', () => {
  it('expands ligatures and drops invisible characters', () => {
    expect(cleanUnicode('Ca\ufb00è Latte')).toBe('Caffè Latte');
    expect(cleanUnicode('So\ufb02é\u00ad')).toBe('Soflé');
    expect(cleanUnicode('Wa\ufb04e\u200b')).toBe('Waffle');
    expect(cleanUnicode('Cafe\u0301')).toBe('Café');
  });

  it('collapses letter-spaced runs, not ordinary words or prices', () => {
    expect(collapseSpacedRun('S P A R K L I N G')).toBe('SPARKLING');
    expect(collapseSpacedRun('S PAR K L IN G')).toBe('SPARKLING');
    expect(collapseSpacedRun('N O  &  L O W')).toBe('NO & LOW');
    expect(collapseSpacedRun('Tea of the day')).toBe('Tea of the day');
    expect(collapseSpacedRun('€ 5 € 8')).toBe('€ 5 € 8');
    expect(collapseSpacedRun('A B')).toBe('A B');
  });

  it('joins small capitals printed as a smaller size into one word in lower case', () => {
    const joined = joinTouchingRuns([run('B', 50, 6), run('URRATA', 56, 30, { size: 7 }), run('12.00', 200, 20)]);
    expect(joined.map((r) => [r.text, r.x, r.width, r.size])).toEqual([['Burrata', 50, 36, 10], ['12.00', 200, 20, 10]]);
  });

  it('reads smaller capitals after full-size lower-case letters of the same word as small caps', () => {
    expect(joinTouchingRuns([run('Wei', 50, 18), run('ẞBURGUNDER', 68, 57, { size: 8 })]).map((r) => r.text)).toEqual(['Weißburgunder']);
  });

  it('joins a word set in two fonts (LaTeX small caps), half a point off the baseline, taking the longer piece’s font', () => {
    const joined = joinTouchingRuns([run('leiner', 57, 30, { font: 'sc', y: 100.4 }), run('K', 50, 7, { font: 'rm' }), run('B', 90, 6, { font: 'rm', spaceBefore: true }), run('rauner', 96, 30, { font: 'sc' })]);
    expect(joined.map((r) => [r.text, r.font])).toEqual([['Kleiner', 'sc'], ['Brauner', 'sc']]);
  });

  it('keeps separate words, raised codes and runs apart', () => {
    const joined = joinTouchingRuns([run('Soup', 50, 20, { spaceAfter: true }), run('Day', 72, 15), run('1,3', 87, 8, { y: 96, size: 6 }), run('4.50', 150, 20)]);
    expect(joined.map((r) => r.text)).toEqual(['Soup', 'Day', '1,3', '4.50']);
  });

  it('does not collapse small raised letter codes', () => {
    const runs = normalizeRuns([run('Soup of the day', 50, 70), run('A C G', 121, 10, { y: 96, size: 5 }), run('Salad bowl', 50, 50, { y: 120 }), run('4.50', 150, 20)]);
    expect(runs.map((r) => r.text)).toContain('A C G');
  });

  it('collapses short letter-spaced words when their whole line is letter-spaced', () => {
    const heading = normalizeRuns([run('T E A', 50, 37, { size: 12 }), run('Sencha', 50, 30, { y: 120 }), run('3.50', 150, 20, { y: 120 })]);
    expect(heading.map((r) => r.text)).toContain('TEA');
    const pieces = normalizeRuns([run('N O', 50, 27, { size: 12 }), run('&', 88, 11, { size: 12 }), run('L O W', 114, 43, { size: 12 }), run('Spritz', 50, 30, { y: 120 })]);
    expect(pieces.slice(0, 3).map((r) => r.text)).toEqual(['NO', '&', 'LOW']);
    const mixed = normalizeRuns([run('B I E R', 50, 40, { size: 12 }), run('V O M', 95, 40, { size: 12 }), run('F A S S', 140, 40, { size: 12 })]);
    expect(mixed.map((r) => r.text)).toEqual(['BIER', 'VOM', 'FASS']);
  });

  it('keeps a short spaced code list next to a name', () => {
    const runs = normalizeRuns([run('Soup of the day', 50, 70), run('A C G', 125, 25), run('4.50', 180, 20)]);
    expect(runs.map((r) => r.text)).toContain('A C G');
  });

  it('splits a price drawn against the last letters of a name (a frame too narrow for its tab stop)', () => {
    const split = splitGluedPrices([run('POMMES CARAMÉLISÉES, GLACE VANILLE8,50', 317, 230, { spaceAfter: true })]);
    expect(split.map((r) => [r.text, Math.round(r.x), Math.round(r.width), r.spaceBefore ?? false, r.spaceAfter ?? false])).toEqual([
      ['POMMES CARAMÉLISÉES, GLACE VANILLE', 317, 206, false, false],
      ['8,50', 523, 24, true, true],
    ]);
    expect(splitGluedPrices([run('Kir3,50 €', 50, 45)]).map((r) => r.text)).toEqual(['Kir', '3,50 €']);
    // Codes, units and numbers that are part of a name stay whole.
    for (const text of ['Menu 2,50', 'A4,50', 'Pils 0,33', 'Tapas 12', 'Route 66', '4,50']) expect(splitGluedPrices([run(text, 50, 50)]).map((r) => r.text)).toEqual([text]);
  });
});
