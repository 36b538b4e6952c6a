import { describe, expect, it } from 'vitest';
import { headerOf, isLabelCell, labelsFor, priceSpans } from './variants.ts';
import type { TextRun } from './types.ts';

const run = (text: string, x: number, width = text.length * 5): TextRun => ({ text, x, y: 100, width, size: 10, font: 'f', bold: false, italic: false });

describe('variant-price headers', () => {
  it('reads label cells over the price columns, with or without a heading on the same line', () => {
    expect(headerOf([run('Calice', 216), run('Bottiglia', 280)], 42, 560)?.cells.map((c) => c.label)).toEqual(['Calice', 'Bottiglia']);
    const withLead = headerOf([run('Bollicine', 42), run('Banco', 400), run('Tavolo', 480)], 42, 560);
    expect(withLead?.lead).toBe('Bollicine');
    expect(withLead?.cells.map((c) => c.label)).toEqual(['Banco', 'Tavolo']);
    expect(headerOf([run('0,2 l', 400), run('0,5 l', 480)], 42, 560)?.cells.map((c) => c.label)).toEqual(['0,2 l', '0,5 l']);
  });

  it('refuses rows that are not headers', () => {
    expect(headerOf([run('Tomato soup with basil', 42), run('fresh', 300)], 42, 560)).toBeNull();
    expect(headerOf([run('Only one', 400)], 42, 560)).toBeNull();
    expect(isLabelCell('Served until noon.')).toBe(false);
    expect(isLabelCell('4,50')).toBe(false);
    expect(isLabelCell('Stk.')).toBe(true);
  });

  it('labels each price with the cell it stands under', () => {
    const header = headerOf([run('Small', 300, 25), run('Medium', 360, 30), run('Large', 430, 25)], 42, 560);
    if (!header) throw new Error('no header');
    const row = [run('Latte', 42), run('3.20', 302, 20), run('4.80', 432, 20)];
    const spans = priceSpans(row);
    expect(spans).toHaveLength(2);
    expect(labelsFor(header.cells, spans, 10)).toEqual(['Small', 'Large']);
    // A price far from every cell: no labels.
    expect(labelsFor(header.cells, [{ x0: 520, x1: 540 }], 10)).toBeNull();
  });
});
