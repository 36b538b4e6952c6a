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

  it('takes prices per unit ("kg 48,00 €") for prices, not for a column of words', () => {
    const names = ['Percebes', 'Nécoras cocidas', 'Almejas a la marinera', 'Zamburiñas', 'Rodaballo salvaje', 'Merluza', 'Caldeirada de rape'];
    // Raised allergen numbers after the names read as (bare) prices on the left.
    const runs = names.flatMap((n, i) => [
      run(n, 42, 130 + 16 * i), run(String(i + 1), 44 + n.length * 5, 124 + 16 * i, 6),
      i % 3 === 0 ? run('kg 48,00 €', 232, 130 + 16 * i) : run('22,00 €', 248, 130 + 16 * i),
    ]);
    runs.push(run('Alérgenos: 1 gluten · 2 crustáceos · 3 huevos', 42, 780, 7.5), run('4 pescado · 5 cacahuetes · 6 soja', 234, 780, 7.5));
    expect(findGutters(runs)).toEqual([]);
  });

  it('finds a short last column that holds only the end of the flow (two priced lines)', () => {
    const names = ['Tomato soup', 'Green salad', 'Burger', 'Fish and chips', 'Cheesecake'];
    const two = [40, 230].flatMap((x) => names.flatMap((n, i) => priced(x, 100 + 20 * i, n, '4.50', 170)));
    const third = [...priced(420, 100, 'Lemonade', '2.50', 150), ...priced(420, 120, 'House vermouth', '3.50', 150)];
    const g = findGutters([...two, ...third]);
    expect(g).toHaveLength(2);
    expect(g[0]).toBeGreaterThan(210);
    expect(g[0]).toBeLessThan(230);
    expect(g[1]).toBeGreaterThan(400);
    expect(g[1]).toBeLessThan(420);
    // Not when the two lines have no prices, when more text stands below them, or on a page of one column.
    const unpriced = [run('Lemonade', 420, 100), run('House vermouth', 420, 120)];
    expect(findGutters([...two, ...unpriced])).toHaveLength(1);
    expect(findGutters([...two, ...third, run('Ask for our wines', 440, 300)])).toHaveLength(1);
    const one = names.flatMap((n, i) => priced(40, 100 + 20 * i, n, '4.50', 300));
    expect(findGutters([...one, ...third])).toEqual([]);
  });

  it('does not take the right price columns of a variant table for a column', () => {
    const runs = [run('ROSÉS', 47, 56, 12), run('Verre', 314, 74, 8), run('Pichet', 418, 74, 8), run('Bouteille', 480, 74, 8)];
    // Long names: the widest clear gap is between the glass prices and the other columns.
    [['BANDOL ROSÉ, Domaine Tempier, Bandol AOP 2022', '7,00', '21,00', '36,00'], ['Tavel, Château d’Aqueria, AOP Tavel 2022', '6,00', '18,00', '31,00']].forEach(([n, a, b, c], i) => {
      const y = 86 + 14 * i;
      runs.push(run(n as string, 45, y), run(a as string, 300, y), run(b as string, 414, y), run(c as string, 480, y));
    });
    runs.push(run('BULLES', 47, 150, 12), run('Coupe', 410, 168, 8), run('Bouteille', 480, 168, 8));
    [['CRÉMANT D’ALSACE, Domaine Zinck, Brut Nature', '7,00', '34,00'], ['CHAMPAGNE BRUT, Maison Ruinart, Blanc de Blancs', '12,00', '65,00']].forEach(([n, a, b], i) => {
      const y = 180 + 14 * i;
      runs.push(run(n as string, 45, y), run(a as string, 411, y), run(b as string, 480, y));
    });
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

  it('does not take a column of notes standing in for prices ("Included") for a menu column', () => {
    const courses = ['Leek soup', 'Bean stew', 'Pasta with tomato', 'Cold soup', 'Hake in batter', 'Roast chicken', 'Rice pudding'];
    const runs = courses.flatMap((n, i) => [run(n, 40, 100 + 18 * i), run(i === 5 ? 'Extra charge 3.00' : 'Included in the set menu', 400, 100 + 18 * i)]);
    runs.push(run('Set menu: starter, main, dessert 13.50', 150, 60));
    expect(findGutters(runs)).toEqual([]);
    // Two real columns with different text on every line are still two columns.
    const other = ['Grilled squid', 'Steak tartare', 'Lamb chops', 'Sea bream', 'Duck breast', 'Veal cutlet', 'Cheese plate'];
    const two = [...courses.flatMap((n, i) => [run(n, 40, 100 + 18 * i), run('9.50', 300, 100 + 18 * i)]), ...other.flatMap((n, i) => [run(n, 400, 100 + 18 * i), run('12.50', 520, 100 + 18 * i)])];
    expect(findGutters(two)).toHaveLength(1);
  });

  it('finds two columns under an address line and above a legend whose pieces cross the gutter', () => {
    const left = ['Shrimp cocktail', 'Herring tartare', 'Eel soup', 'Fish pan', 'Plaice'];
    const rightNames = ['Lobster', 'Labskaus', 'Red berry pudding', 'Bread pudding', 'Apple cake'];
    const runs = [
      ...left.flatMap((n, i) => [run(n, 45, 110 + 24 * i), run('14,50', 260, 110 + 24 * i)]),
      ...rightNames.flatMap((n, i) => [run(n, 309, 104 + 24 * i), run('7,50', 525, 104 + 24 * i)]),
      // "Große Elbstraße 140 · 22767 Hamburg": its middle dot drawn on its own across the gutter.
      run('Grosse Elbstrasse 140', 200, 81, 9), run(' · ', 303, 81, 9), run('22767 Hamburg', 318, 81, 9),
      // A legend set in pieces across the page.
      run('Allergens: A Gluten', 45, 787, 8), run('B Crustaceans', 294, 787, 8), run('C Eggs', 400, 787, 8),
      run('L Celery M Mustard', 45, 796, 8), run('O Sulphites', 286, 796, 8), run('R Molluscs', 400, 796, 8),
      run('D Fish E Peanuts', 45, 805, 8), run('F Soy G Milk', 290, 805, 8), run('P Lupin', 400, 805, 8),
      run('H Nuts N Sesame', 45, 814, 8), run('K Mustard seed', 288, 814, 8),
    ];
    const g = findGutters(runs);
    expect(g).toHaveLength(1);
    expect(g[0]).toBeGreaterThan(290);
    expect(g[0]).toBeLessThan(309);
  });

  it('finds the columns of a set menu whose courses carry a note instead of a price', () => {
    // Three courses side by side, "Included" beside each dish, no price anywhere in them.
    const courses = [['Starter', 'Leek soup', 'Bean stew', 'Tuna salad'], ['Main', 'Salt cod', 'Braised cheeks', 'Squid in ink'], ['Dessert', 'Cream flan', 'Almond tart', 'Curd']];
    const runs = courses.flatMap((list, c) => list.flatMap((t, i) => [run(t, 45 + 176 * c, 113 + 14 * i, i ? 9 : 10), ...(i ? [run('Included', 168 + 176 * c, 113 + 14 * i, 9)] : [])]));
    runs.push(run('Set menu 16,50 € (VAT incl.)', 257, 76, 8), run('Bread, house wine or water included', 45, 796, 7));
    const g = findGutters(runs);
    expect(g).toHaveLength(2);
    expect(g[0]).toBeGreaterThan(205);
    expect(g[0]).toBeLessThan(221);
    expect(g[1]).toBeGreaterThan(381);
    expect(g[1]).toBeLessThan(397);
  });

  it('does not take the last column of a repeated variant header for a menu column', () => {
    // "Glass 0,1  Glass 0,2 | Bottle" over each table: only the repeated "Bottle" (and a centred
    // subtitle) start at the last price column's edge.
    const runs = [run('Open wines', 252, 83, 13), run('White', 45, 111, 13), run('Red', 45, 262, 13)];
    for (const top of [128, 279]) {
      runs.push(run('Glass 0,1', 157, top, 8.5), run('Glass 0,2', 202, top, 8.5), run('Bottle', 250, top, 8.5));
      ['Riesling estate', 'Pinot gris', 'Scheurebe dry'].forEach((n, i) => {
        const y = top + 20 + 30 * i;
        runs.push(run(n, 45, y), run('Domaine Müller', 45, y + 10, 8.5), run('3,50', 173, y), run('6,50', 219, y), run('26,00', 258, y));
      });
    }
    expect(findGutters(runs)).toEqual([]);
  });

  it('does not split a variant-price table (its price columns have no words)', () => {
    const runs = [run('Small', 300, 90), run('Large', 400, 90), ...['Tea', 'Coffee', 'Cocoa', 'Chai', 'Mocha'].flatMap((n, i) => [run(n, 50, 110 + 15 * i), run('3.50', 300, 110 + 15 * i), run('4.50', 400, 110 + 15 * i)])];
    expect(findGutters(runs)).toEqual([]);
  });

  it('does not split a table of names and regions without prices on both sides', () => {
    const rows = ['Barolo', 'Barbaresco', 'Gavi', 'Arneis', 'Dolcetto'].map((n, i) => [run(n, 50, 100 + 15 * i), run('Piemonte region', 250, 100 + 15 * i), run('42.00', 480, 100 + 15 * i)]);
    expect(findGutters(rows.flat())).toEqual([]);
  });

  it('finds two columns under a centred title and above a full-width footer', () => {
    const names = ['Tomato soup', 'Green salad', 'Burger', 'Fish and chips', 'Cheesecake'];
    const body = [50, 310].flatMap((x) => names.flatMap((n, i) => priced(x, 140 + 20 * i, n, '4.50', 230)));
    const title = [run('The Harbour Kitchen', 220, 60, 16), run('Seafood and grill', 240, 80), run('12 Quay Street, open daily', 230, 95)];
    const footer = [run('All prices include VAT. Service is not included. Ask us about allergens.', 50, 260)];
    const g = findGutters([...title, ...body, ...footer]);
    expect(g).toHaveLength(1);
    expect(g[0]).toBeGreaterThan(280);
  });

  it('does not take a column of prices with a few labels for a column', () => {
    // Two small tables, each with its own header row of labels over the prices.
    const rows = ['Koffie', 'Cappuccino', 'Thee', 'Chocolade'].flatMap((n, i) => {
      const y = 110 + 15 * i + 20 * Math.floor(i / 2);
      return [run(n, 50, y), run('2,80', 260, y), run('3,40', 320, y)];
    });
    const labels = [95, 150].flatMap((y) => [run('kop', 262, y), run('mok', 322, y)]);
    const note = [run('Havermelk', 50, 250), run('0,50', 120, 250), run('Extra shot', 50, 265), run('0,60', 120, 265)];
    expect(findGutters([...rows, ...labels, ...note]).filter((g) => g > 240)).toEqual([]);
  });

  it('does not take a few centred lines that happen to share a left edge for a column', () => {
    // Two columns of centred text: the longest lines of the right one happen to be as long as each other.
    const texts = ['Carved at the table, for two', 'Oak smoked', 'Brined and chargrilled lemon', 'Grass-fed, most tender', 'your choice', 'Twelve hours over oak', 'Served with two sauces, salt', 'onion', 'Brined, chargrilled', 'and thyme', 'Slow roast', 'with gravy'];
    const centred = (centre: number, dy: number) =>
      texts.flatMap((t, i) => [run(t, centre - t.length * 2.5, dy + 28 * i), run('14.50', centre - 12.5, dy + 28 * i + 14)]);
    const right = centred(430, 100);
    const left = centred(170, 107);
    expect(findGutters([...left, ...right]).filter((g) => g > 330)).toEqual([]);
  });
});
