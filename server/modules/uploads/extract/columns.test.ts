import { describe, expect, it } from 'vitest';
import { findGutters } from './columns.ts';
import type { TextRun } from './types.ts';

const W = 0.5;
const run = (text: string, x: number, y: number, size = 10): TextRun => ({ text, x, y, width: text.length * size * W, size, font: 'f', bold: false, italic: false });
const priced = (x: number, y: number, name: string, price: string, width: number) => [run(name, x, y), run(price, x + width - price.length * 5, y)];

describe('column detection', () => {
  it('finds nothing in one column with a right price column', () => {
    const runs = ['Tomato soup', 'Green salad', 'Burger', 'Fish and chips', 'Cheesecake', 'Espresso'].flatMap((n, i) => priced(50, 100 + 20 * i, n, '4.50', 500));
    expect(findGutters(runs)).toEqual([]);
  });

  it('finds two and three columns from the left edges lines start at', () => {
    const names = ['Tomato soup', 'Green salad', 'Burger', 'Fish and chips', 'Cheesecake'];
    const two = [50, 310].flatMap((x) => names.flatMap((n, i) => priced(x, 100 + 20 * i, n, '4.50', 230)));
    const g2 = findGutters(two);
    expect(g2).toHaveLength(1);
    expect(g2[0]).toBeGreaterThan(280);
    expect(g2[0]).toBeLessThan(310);
    const three = [40, 230, 420].flatMap((x) => names.flatMap((n, i) => priced(x, 100 + 20 * i, n, '4.50', 170)));
    const g3 = findGutters(three);
    expect(g3).toHaveLength(2);
    expect(g3[0]).toBeLessThan(230);
    expect(g3[0]).toBeGreaterThan(210);
    expect(g3[1]).toBeLessThan(420);
    expect(g3[1]).toBeGreaterThan(400);
  });

  it('does not split a variant-price table (its price columns have no words)', () => {
    const runs = [run('Small', 300, 90), run('Large', 400, 90), ...['Tea', 'Coffee', 'Cocoa', 'Chai', 'Mocha'].flatMap((n, i) => [run(n, 50, 110 + 15 * i), run('3.50', 300, 110 + 15 * i), run('4.50', 400, 110 + 15 * i)])];
    expect(findGutters(runs)).toEqual([]);
  });

  it('does not split a table of names and regions without prices on both sides', () => {
    const rows = ['Barolo', 'Barbaresco', 'Gavi', 'Arneis', 'Dolcetto'].map((n, i) => [run(n, 50, 100 + 15 * i), run('Piemonte region', 250, 100 + 15 * i), run('42.00', 480, 100 + 15 * i)]);
    expect(findGutters(rows.flat())).toEqual([]);
  });
});
