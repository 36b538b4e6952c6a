import { describe, expect, it } from 'vitest';
import { headerInOrder, headerOf, headerOverColumns, isLabelCell, labelsFor, priceColumns, priceSpans } from './variants.ts';
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

  it('splits a run holding several prices into one span per price', () => {
    const spans = priceSpans([run('Roggenbrot', 42), run('3,20     5,60', 200, 65)]);
    expect(spans).toHaveLength(2);
    expect(spans[0]?.x1).toBeLessThan(spans[1]?.x0 ?? 0);
    expect(spans[1]?.x1).toBeCloseTo(265);
  });

  it('leaves a whole number beside decimal prices to the name', () => {
    // "Porto Tawny 10 anos   5,00   35,00": the 10 is a run of its own in the name.
    const spans = priceSpans([run('Porto Tawny', 42), run('10', 110, 10), run('anos', 122), run('5,00', 485, 20), run('35,00', 525, 25)]);
    expect(spans.map((s) => s.x0)).toEqual([485, 525]);
    // Whole-number prices alone are still price columns.
    expect(priceSpans([run('Margherita', 42), run('9', 485, 5), run('12', 525, 10)])).toHaveLength(2);
  });

  it('reads labels set a space apart against the price columns below', () => {
    // "Regular Jumbo" over two right-aligned price columns: too close for cells of their own.
    const header = [run('Regular', 142, 26), run('Jumbo', 176, 23)];
    expect(headerOf(header, 42, 560)).toBeNull();
    const rows = [
      [run('6.00', 151, 17), run('8.00', 182, 17)],
      [run('6.50', 151, 17), run('8.50', 182, 17)],
    ].map((r) => priceSpans(r));
    const columns = priceColumns(rows, 8.5);
    expect(columns).toHaveLength(2);
    const over = headerOverColumns(header, columns ?? [], 42, 300, 8.5);
    expect(over?.lead).toBeNull();
    expect(over?.cells.map((c) => c.label)).toEqual(['Regular', 'Jumbo']);
    // One run "500 g 1000 g" over two columns; a heading at the left keeps its text as a lead.
    const one = headerOverColumns([run('Brote', 42, 30), run('500 g 1000 g', 140, 60)], [{ x0: 140, x1: 160 }, { x0: 180, x1: 200 }], 42, 300, 8.5);
    expect(one?.lead).toBe('Brote');
    expect(one?.cells.map((c) => c.label)).toEqual(['500 g', '1000 g']);
    // Rules between labels read as dashes by OCR are no labels of their own.
    const dashed = headerOverColumns([run('Individual — Mediana — Familiar', 120, 100)], [{ x0: 128, x1: 143 }, { x0: 159, x1: 178 }, { x0: 194, x1: 212 }], 42, 300, 9);
    expect(dashed?.cells.map((c) => c.label)).toEqual(['Individual', 'Mediana', 'Familiar']);
  });

  it('keeps a label drawn as one run whole when it stands over one column', () => {
    // "1 scoop  2 scoops  3 scoops": wide labels a little left of right-aligned prices, so the
    // half-way split between the columns would cut "2" off its "scoops".
    const header = [run('1 scoop', 263, 31), run('2 scoops', 300, 36), run('3 scoops', 342, 36)];
    const columns = priceColumns([[run('2.50', 277, 18), run('4.50', 318, 18), run('6.00', 360, 18)]].map((r) => priceSpans(r)), 8.5);
    expect(columns).toHaveLength(3);
    expect(headerOverColumns(header, columns ?? [], 222, 380, 8.5)?.cells.map((c) => c.label)).toEqual(['1 scoop', '2 scoops', '3 scoops']);
  });

  it('refuses a row whose words do not stand over every price column', () => {
    const columns = [{ x0: 300, x1: 320 }, { x0: 400, x1: 420 }];
    // Only one column labelled.
    expect(headerOverColumns([run('Glass', 300, 25)], columns, 42, 560, 10)).toBeNull();
    // A sentence running over the columns.
    expect(headerOverColumns([run('All prices include service and VAT.', 150, 280)], columns, 42, 560, 10)).toBeNull();
    // Words starting mid-column that are not over the prices.
    expect(headerOverColumns([run('served', 200, 30), run('Small', 300, 25), run('Large', 400, 25)], columns, 42, 560, 10)).toBeNull();
  });

  it('refuses price columns that rows do not keep apart', () => {
    expect(priceColumns([[{ x0: 100, x1: 120 }, { x0: 110, x1: 130 }]], 10)).toBeNull();
  });

  it('reads labels out of place in a frame too narrow for its tab stops in order, the wrapped last one included', () => {
    const columns = [{ x0: 170, x1: 190 }, { x0: 213, x1: 232 }, { x0: 250, x1: 275 }];
    const header = [run('BoléePichet 50 cl', 164, 77)];
    const tail = [{ ...run('Bouteille', 47, 38), y: 111 }];
    expect(headerInOrder(header, tail, columns, 10)?.cells.map((c) => [c.label, c.x0])).toEqual([['Bolée', 170], ['Pichet 50 cl', 213], ['Bouteille', 250]]);
    // Without the wrapped label there are fewer labels than columns: no header.
    expect(headerInOrder(header, [], columns, 10)).toBeNull();
    // A sentence is no header, whatever its words.
    expect(headerInOrder([run('Served with bread and butter.', 164, 120)], [], columns.slice(0, 1).concat(columns.slice(2)), 10)).toBeNull();
    // Labels far left of the price area are a name, not a header.
    expect(headerInOrder([run('Bolée', 42, 25), run('Pichet', 213, 30)], tail, columns, 10)).toBeNull();
  });
});
