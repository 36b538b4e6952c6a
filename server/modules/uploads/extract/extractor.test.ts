import { describe, expect, it } from 'vitest';
import { extractMenu } from './extractor.ts';
import { collapseLetterSpacing, findGutter, layoutPage } from './layout.ts';
import { parseLegendLine, takeAllergenCodes } from './allergens.ts';
import type { PageText, TextRun } from './types.ts';

/** Positioned text built by hand: the extractor is pure and needs no PDF. */
interface RunSpec { size?: number; bold?: boolean; italic?: boolean; font?: string }
const W = 0.5; // average glyph width in em
const run = (text: string, x: number, y: number, spec: RunSpec = {}): TextRun => {
  const size = spec.size ?? 11;
  const bold = spec.bold ?? false;
  const italic = spec.italic ?? false;
  return { text, x, y, width: text.length * size * W, size, font: spec.font ?? `${bold ? 'B' : italic ? 'I' : 'R'}`, bold, italic };
};
const right = (text: string, x1: number, y: number, spec: RunSpec = {}) => run(text, x1 - text.length * (spec.size ?? 11) * W, y, spec);
const page = (runs: TextRun[], n = 1): PageText => ({ page: n, width: 595, height: 842, runs });
const H = { size: 16, bold: true };
const NAME = { bold: true };
const DESC = { size: 9, italic: true };

const summary = (pages: PageText[]) => extractMenu(pages).sections.map((s) => ({
  section: s.name,
  items: s.items.map((i) => [i.name, i.prices.map((p) => (p.label ? `${p.label} ${p.amount}` : p.amount)).join(' / ')]),
}));

describe('layout', () => {
  it('collapses letter-spaced headings', () => {
    expect(collapseLetterSpacing('S T A R T E R S')).toBe('STARTERS');
    expect(collapseLetterSpacing('S O F T   D R I N K S')).toBe('SOFT DRINKS');
    expect(collapseLetterSpacing('A B')).toBe('A B');
    expect(collapseLetterSpacing('Tomato soup')).toBe('Tomato soup');
  });

  it('does not mistake a price column for a second column', () => {
    const runs = ['Soup', 'Salad', 'Bread', 'Olives', 'Fries', 'Wings'].flatMap((name, i) => [run(name, 50, 100 + i * 20, NAME), right(`${i + 3}.50`, 545, 100 + i * 20)]);
    expect(findGutter(runs)).toBeNull();
  });

  it('finds the gutter of two menu columns and reads left before right, under a spanning title', () => {
    const runs = [run('THE PLACE', 230, 50, { size: 24, bold: true })];
    ['Soup', 'Salad', 'Bread', 'Olives'].forEach((name, i) => runs.push(run(name, 50, 100 + i * 20, NAME), right(`${i + 3}.50`, 280, 100 + i * 20)));
    ['Steak', 'Fish', 'Pasta', 'Curry'].forEach((name, i) => runs.push(run(name, 315, 100 + i * 20, NAME), right(`${i + 13}.00`, 545, 100 + i * 20)));
    expect(findGutter(runs)).toBeGreaterThan(280);
    expect(findGutter(runs)).toBeLessThan(315);
    expect(layoutPage(page(runs)).map((l) => l.text)).toEqual([
      'THE PLACE', 'Soup\t3.50', 'Salad\t4.50', 'Bread\t5.50', 'Olives\t6.50', 'Steak\t13.00', 'Fish\t14.00', 'Pasta\t15.00', 'Curry\t16.00',
    ]);
  });
});

describe('menu extraction', () => {
  it('reads headings, names, descriptions and right-column prices', () => {
    const draft = extractMenu([page([
      run('Trattoria', 240, 60, { size: 26, bold: true }),
      run('Family kitchen since 1982', 220, 80, DESC),
      run('Starters', 50, 130, H),
      run('Bruschetta', 50, 160, NAME), right('6.50', 545, 160), run('Tomatoes, basil, garlic', 50, 172, DESC),
      run('Vitello tonnato', 50, 195, NAME), right('12.90', 545, 195), run('Veal, tuna sauce,', 50, 207, DESC), run('capers', 50, 218, DESC),
      run('Desserts', 50, 260, H),
      run('Tiramisù', 50, 290, NAME), right('7.50', 545, 290),
    ])]);
    expect(draft.title).toBe('Trattoria');
    expect(draft.sections.map((s) => s.name)).toEqual(['Starters', 'Desserts']);
    expect(draft.sections[0]?.items[1]).toMatchObject({ name: 'Vitello tonnato', description: 'Veal, tuna sauce, capers', prices: [{ label: '', amount: 1290 }], flagged: false, page: 1 });
    expect(draft.sections[0]?.items[1]?.confidence).toBeGreaterThan(0.8);
    expect(draft.sections[0]?.items[1]?.bbox).toMatchObject({ x: 50, y: expect.closeTo(195 - 8.8, 1) });
  });

  it('never invents a price: an unpriced item is flagged with no prices', () => {
    const draft = extractMenu([page([
      run('Fish', 50, 100, H),
      run('Catch of the day', 50, 130, NAME), run('Ask your server', 50, 142, DESC),
      run('Salmon', 50, 165, NAME), right('21.00', 545, 165),
      run('Lobster', 50, 190, NAME), right('market price', 545, 190),
    ])]);
    const items = draft.sections[0]?.items ?? [];
    expect(items.map((i) => [i.name, i.prices.length])).toEqual([['Catch of the day', 0], ['Salmon', 1], ['Lobster', 0]]);
    // Unpriced items are always flagged; their confidence is the calibrated one (items without a
    // price are often right: set-menu courses), and Salmon's flag is the model's (a menu where most
    // items have no price is doubtful as a whole), but the priced item is the more confident.
    expect(items.map((i) => i.flagged)).toEqual([true, expect.any(Boolean), true]);
    expect(items[1]?.confidence).toBeGreaterThan(items[0]?.confidence ?? 1);
    expect(items[1]?.confidence).toBeGreaterThan(items[2]?.confidence ?? 1);
  });

  it('counts a printed "market price" as unpriced on purpose, not as a troubled read', () => {
    const menu = (note: string) =>
      extractMenu([page([
        run('Fish', 50, 100, H),
        run('Salmon', 50, 130, NAME), right('21.00', 545, 130),
        run('Lobster', 50, 150, NAME), run(note, 545 - note.length * 4, 150),
        run('Trout', 50, 170, NAME), right('18.50', 545, 170),
        run('Sole', 50, 190, NAME), right('24.00', 545, 190),
      ])], { features: true }).sections[0]?.items ?? [];
    const marketPrice = menu('market price');
    const unreadable = menu('see board');
    expect(marketPrice.map((i) => i.prices.length)).toEqual([1, 0, 1, 1]);
    expect(unreadable.map((i) => i.prices.length)).toEqual([1, 0, 1, 1]);
    // A price the extractor failed to read tells of a troubled read (the confidence model weighs
    // that as the calibration finds); a printed "market price" does not count as one.
    for (const i of [0, 2, 3]) {
      expect(marketPrice[i]?.features?.docNoPrice, marketPrice[i]?.name).toBe(0);
      expect(marketPrice[i]?.features?.sectionNoPrice, marketPrice[i]?.name).toBe(0);
      expect(unreadable[i]?.features?.docNoPrice, unreadable[i]?.name).toBeGreaterThan(0);
      expect(unreadable[i]?.features?.sectionNoPrice, unreadable[i]?.name).toBeGreaterThan(0);
    }
    expect(marketPrice[1]?.flagged).toBe(true);
  });

  it('reads prices left of the names, dot leaders and variants', () => {
    expect(summary([page([
      run('Coffee', 50, 100, H),
      run('3.80', 50, 130), run('Flat white', 110, 130, NAME),
      run('4.20', 50, 150), run('Latte', 110, 150, NAME),
      run('Beer', 50, 190, H),
      run('Pils ............ 0,3 l 3,50 / 0,5 l 5,00', 50, 220),
      run('Lemonade ........ small 4 / large 6', 50, 240),
    ])])).toEqual([
      { section: 'Coffee', items: [['Flat white', '380'], ['Latte', '420']] },
      { section: 'Beer', items: [['Pils', '0,3 l 350 / 0,5 l 500'], ['Lemonade', 'small 400 / large 600']] },
    ]);
  });

  it('takes variant labels from a table header', () => {
    expect(summary([page([
      run('White wine', 50, 100, H),
      right('1/8 l', 425, 125, { size: 9, bold: true }), right('1/4 l', 545, 125, { size: 9, bold: true }),
      run('Riesling', 50, 145, NAME), right('6,20', 425, 145), right('11,90', 545, 145),
      run('Grüner Veltliner', 50, 165, NAME), right('4,80', 425, 165), right('9,20', 545, 165),
    ])])).toEqual([{ section: 'White wine', items: [['Riesling', '1/8 l 620 / 1/4 l 1190'], ['Grüner Veltliner', '1/8 l 480 / 1/4 l 920']] }]);
  });

  it('reads the words over each price column when two labels sit closer than a cell gap', () => {
    // "Verre   Pichet Bouteille": gaps say two cells, the three price columns below say three labels.
    const L = { size: 8.5, bold: true };
    expect(summary([page([
      run('Red wine', 50, 100, H),
      right('Verre', 457, 120, L), right('Pichet', 505, 120, L), right('Bouteille', 553, 120, L),
      run('Chinon', 50, 140, NAME), right('6,00', 457, 140), right('18,00', 505, 140), right('30,00', 553, 140),
      run('Saint-Émilion', 50, 160, NAME), right('10,00', 457, 160), right('52,00', 553, 160),
      run('Côtes du Rhône', 50, 180, NAME), right('4,50', 457, 180), right('14,00', 505, 180), right('23,00', 553, 180),
    ])])).toEqual([{ section: 'Red wine', items: [
      ['Chinon', 'Verre 600 / Pichet 1800 / Bouteille 3000'],
      ['Saint-Émilion', 'Verre 1000 / Bouteille 5200'],
      ['Côtes du Rhône', 'Verre 450 / Pichet 1400 / Bouteille 2300'],
    ] }]);
  });

  it('keeps a number or a short capitalised word set in the text font inside a small-caps name', () => {
    const SC = { font: 'SC' };
    const items = extractMenu([page([
      run('Port', 50, 100, H),
      run('Porto Tawny', 50, 130, SC), run('10', 114, 130, { font: 'R' }), run('anos', 129, 130, SC), right('5,00', 545, 130, { font: 'R' }),
      run('Porto', 50, 150, SC), run('LBV', 81, 150, { font: 'R' }), right('4,00', 545, 150, { font: 'R' }),
      run('Porto Branco', 50, 170, SC), run('dry, chilled', 124, 170, { font: 'R' }), right('3,50', 545, 170, { font: 'R' }),
    ])]).sections[0]?.items;
    expect(items?.map((i) => [i.name, i.description])).toEqual([['Porto Tawny 10 anos', ''], ['Porto LBV', ''], ['Porto Branco', 'dry, chilled']]);
  });

  it('attaches codes raised over the end of a name that ends in small capitals', () => {
    const items = extractMenu([page([
      run('Coffee', 50, 100, H),
      run('Koffie', 50, 130, NAME), run('VERKEERD', 86, 130, { ...NAME, size: 8.5 }), run('M', 126, 122.5, { size: 6 }), right('3,50', 545, 130),
      run('Flat', 50, 150, NAME), run('WHITE', 75, 150, { ...NAME, size: 8.5 }), run('M', 100, 142.5, { size: 6 }), right('3,80', 545, 150),
      run('Allergens: G gluten · E egg · M milk', 50, 800, { size: 7 }),
    ])]).sections[0]?.items;
    expect(items?.map((i) => [i.name, i.allergens])).toEqual([['Koffie VERKEERD', ['milk']], ['Flat WHITE', ['milk']]]);
  });

  it('reads a row right under a heading as its first item, however much space is above it', () => {
    expect(summary([page([
      run('Seafood', 50, 100, H),
      run('Goose barnacles', 50, 122, NAME), run('market price', 400, 122),
      run('Velvet crab', 50, 137, NAME), right('kg 48,00 €', 545, 137),
      run('Clams', 50, 152, NAME), right('22,00 €', 545, 152),
      run('Scallops', 50, 167, NAME), right('16,00 €', 545, 167),
    ])])).toEqual([{ section: 'Seafood', items: [['Goose barnacles', ''], ['Velvet crab', 'kg 4800'], ['Clams', '2200'], ['Scallops', '1600']] }]);
  });

  it('gives a raised mark set between a heading and the first name below it to that name', () => {
    const items = extractMenu([page([
      run('Mariscos', 50, 100, H),
      // The mark of "PERCEBES²", 7 pt above the name's baseline and below the heading's.
      run('PERCEBES', 50, 113, NAME), run('2', 95, 106, { size: 6 }), right('Según mercado', 545, 113),
      run('NÉCORAS COCIDAS', 50, 128, NAME), run('2', 133, 121, { size: 6 }), right('kg 48,00 €', 545, 128),
      run('ALMEJAS A LA MARINERA', 50, 143, NAME), right('22,00 €', 545, 143),
      run('Alérgenos: 1 gluten · 2 crustáceos · 14 moluscos', 50, 800, { size: 7 }),
    ])]).sections;
    expect(items.map((s) => s.name)).toEqual(['Mariscos']);
    expect(items[0]!.items.map((i) => [i.name, i.allergens])).toEqual([
      ['PERCEBES', ['crustaceans']], ['NÉCORAS COCIDAS', ['crustaceans']], ['ALMEJAS A LA MARINERA', []],
    ]);
  });

  it('joins the end of a wrapped name set in the name style below its priced first line', () => {
    const R = { size: 9 };
    const items = extractMenu([page([
      run('Secondi', 50, 100, H),
      run('Cotoletta alla', 50, 130, R), right('15,00', 545, 130, R), run('bolognese', 50, 142, R),
      run('Polpette al sugo', 50, 160, R), right('11,00', 545, 160, R),
      run('Menabrea', 50, 178, R), right('4,50', 545, 178, R), run('ambrata', 50, 189, R),
      run('Friggione', 50, 207, R), right('9,00', 545, 207, R), run('Onions, tomato, slow cooked', 50, 218, R),
      run('Tagliata', 50, 236, R), right('19,00', 545, 236, R),
      run('Queso manchego', 50, 254, R), right('8,50', 545, 254, R), run('with quince jelly', 50, 265, R),
      run('Pan con tomate', 50, 283, R), right('4,00', 545, 283, R),
      run('Stoofvleessau', 50, 301, R), right('3,50', 545, 301, R), run('s', 50, 312, R),
      run('Pasta e fagioli', 50, 330, R), right('9,00', 545, 330, R),
    ])]).sections[0]?.items;
    expect(items?.map((i) => [i.name, i.description])).toEqual([
      ['Cotoletta alla bolognese', ''], ['Polpette al sugo', ''], ['Menabrea ambrata', ''], ['Friggione', 'Onions, tomato, slow cooked'], ['Tagliata', ''],
      ['Queso manchego', 'with quince jelly'], ['Pan con tomate', ''], ['Stoofvleessaus', ''], ['Pasta e fagioli', ''],
    ]);
  });

  it('joins the lines of a name that ends in a joining word, whatever their style (OCR tells bold and size less surely)', () => {
    const B = { size: 9.8, bold: true };
    const R = { size: 9.8 };
    const items = extractMenu([page([
      run('Sandwiches', 50, 100, H),
      run('Fish Finger Butty', 50, 130, B), right('£8.50', 545, 130, R),
      run('Cheese and Pickle', 50, 147, B), right('£7.00', 545, 147, R),
      // Read as bold, regular, then small (raised marks swelled into the line's measure).
      run('Hot Beef Baguette with', 50, 164, B), right('£10.00', 545, 164, R),
      run('Horseradish and', 50, 174, R),
      run('Gravy', 50, 184, { size: 4.5, bold: true }),
      run('Club Sandwich', 50, 202, B), right('£9.00', 545, 202, R),
      run('Toasted, with fries', 50, 212, { size: 8.5 }),
    ])]).sections[0]?.items;
    expect(items?.map((i) => [i.name, i.description])).toEqual([
      ['Fish Finger Butty', ''], ['Cheese and Pickle', ''], ['Hot Beef Baguette with Horseradish and Gravy', ''], ['Club Sandwich', 'Toasted, with fries'],
    ]);
  });

  it('keeps a small note at a column foot out of the headings, and a description at the next column top with its item', () => {
    const NOTE = { size: 7.5 };
    const D = { size: 8.5 };
    const left = [
      run('Plats', 50, 130, H),
      run('Filet de bœuf', 50, 160, NAME), right('26,00 €', 280, 160), run('Frites maison', 50, 172, D),
      run('Blanquette de veau', 50, 190, NAME), right('22,00 €', 280, 190),
      run('Steak tartare', 50, 208, NAME), right('19,00 €', 280, 208),
      run('Prix nets, service compris', 50, 400, NOTE),
    ];
    const rightCol = [
      run('Riz pilaf', 310, 150, D),
      run('Confit de canard', 310, 165, NAME), right('23,00 €', 545, 165), run('Pommes sarladaises', 310, 177, D),
      run('Poisson du marché', 310, 195, NAME), right('24,00 €', 545, 195),
      run('Desserts', 310, 230, H),
      run('Mousse au chocolat', 310, 260, NAME), right('8,00 €', 545, 260),
      run('Profiteroles', 310, 278, NAME), right('9,50 €', 545, 278),
    ];
    const draft = extractMenu([page([run('Chez Marcel', 230, 60, { size: 22, bold: true }), ...left, ...rightCol])]);
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => [i.name, i.description])])).toEqual([
      ['Plats', [['Filet de bœuf', 'Frites maison'], ['Blanquette de veau', ''], ['Steak tartare', 'Riz pilaf'], ['Confit de canard', 'Pommes sarladaises'], ['Poisson du marché', '']]],
      ['Desserts', [['Mousse au chocolat', ''], ['Profiteroles', '']]],
    ]);
  });

  it('reads V as the fish code of a Dutch letter legend, and as vegetarian without one', () => {
    const items = (legend: string) => extractMenu([page([
      run('Vis', 50, 100, H),
      run('Kibbeling', 50, 130, NAME), run('G,V', 105, 124, { size: 6 }), right('9,50', 545, 130),
      run('Groentesoep', 50, 150, NAME), run('V', 116, 144, { size: 6 }), right('6,00', 545, 150),
      run(legend, 50, 800, { size: 7 }),
    ])]).sections[0]?.items.map((i) => [i.name, i.allergens, i.diets]);
    expect(items('Allergenen: G gluten · E ei · V vis · M melk · Se selderij')).toEqual([['Kibbeling', ['gluten', 'fish'], []], ['Groentesoep', ['fish'], []]]);
    expect(items('Allergenen: 1 gluten · 3 ei · 4 vis · 7 melk')).toEqual([['Kibbeling', [], []], ['Groentesoep', [], ['vegetarian']]]);
  });

  it('joins a name wrapped over several lines whose price stands on its last line', () => {
    // A narrow name cell beside three price columns: the prices are set level with the name's
    // last line, and the lines of one name are closer together than the names are.
    const N = { size: 10, bold: true };
    const prices = (y: number, a: string, b: string) => [right(a, 260, y, { size: 10 }), right(b, 320, y, { size: 10 })];
    const draft = extractMenu([page([
      run('Whites', 42, 100, { size: 13, bold: true }),
      run('Glass', 235, 116, { size: 8.5, bold: true }), run('Bottle', 295, 116, { size: 8.5, bold: true }),
      run('Grüner', 42, 131, N), run('Veltliner,', 42, 143, N), run('Wachau', 42, 155, N), ...prices(155, '11.00', '44.00'),
      run('Albariño,', 42, 171, N), run('Rías Baixas', 42, 183, N), ...prices(183, '12.00', '48.00'),
      run('Soave Classico', 42, 199, N), ...prices(199, '10.00', '40.00'),
      // A long name filling its line, the last word with the leader and price below.
      run('Cabernet Franc from the Loire with Blackcurrant and', 42, 215, N),
      run('Cedar', 42, 227, N), run('. . . . . . . . . . . .', 80, 227, { size: 10 }), right('13.50', 320, 227, { size: 10 }),
      run('Rosé', 42, 243, N), ...prices(243, '9.00', '36.00'),
    ])]);
    expect(draft.sections.flatMap((s) => s.items.map((i) => [i.name, i.prices.map((p) => p.amount).join(' ')]))).toEqual([
      ['Grüner Veltliner, Wachau', '1100 4400'],
      ['Albariño, Rías Baixas', '1200 4800'],
      ['Soave Classico', '1000 4000'],
      ['Cabernet Franc from the Loire with Blackcurrant and Cedar', '1350'],
      ['Rosé', '900 3600'],
    ]);
  });

  it('keeps small priced notes (cover charge, deposit, a lunch offer) out of the items', () => {
    const N = { size: 10.5, bold: true };
    const small = { size: 8 };
    const draft = extractMenu([page([
      run('Lunch deal: soup + main 14,50 €', 200, 90, small),
      run('Starters', 50, 120, H),
      run('Bruschetta', 50, 140, N), right('6,00', 545, 140, { size: 10.5 }),
      run('Tomatoes, basil, garlic', 50, 152, DESC),
      run('Minestrone', 50, 172, N), right('7,50', 545, 172, { size: 10.5 }),
      run('Mains', 50, 205, H),
      ...['Lasagne', 'Ossobuco', 'Risotto', 'Saltimbocca', 'Tagliata', 'Branzino'].flatMap((n, i) => [run(n, 50, 225 + 20 * i, N), right(`1${i},00`, 545, 225 + 20 * i, { size: 10.5 })]),
      run('Bread and cover 2,50', 50, 370, small),
      run('Bottle deposit 0,50 €', 50, 382, small),
    ])]);
    expect(draft.sections.flatMap((s) => s.items.map((i) => [i.name, i.prices.map((p) => p.amount).join(' ')]))).toEqual([
      ['Bruschetta', '600'], ['Minestrone', '750'],
      ...['Lasagne', 'Ossobuco', 'Risotto', 'Saltimbocca', 'Tagliata', 'Branzino'].map((n, i) => [n, `1${i}00`]),
    ]);
  });

  it('mends a variant label broken in a narrow header cell ("Individua" / "l")', () => {
    const L = { size: 7, bold: true };
    const N = { size: 8.5, bold: true };
    const draft = extractMenu([page([
      run('Pizze', 42, 107, { size: 11.5, bold: true }),
      run('Piccol', 105, 121, L), run('a', 126, 129, L), run('Media', 139, 121, L), run('Famiglia', 171, 121, L),
      ...['Margherita', 'Marinara', 'Diavola', 'Capricciosa'].flatMap((n, i) => {
        const y = 134 + 14 * i;
        return [run(n, 42, y, N), right(`${8 + i},00`, 135, y, { size: 8.5 }), right(`${11 + i},00`, 167, y, { size: 8.5 }), right(`${15 + i},00`, 198, y, { size: 8.5 })];
      }),
    ])]);
    expect(draft.sections[0]?.items.map((i) => i.prices.map((p) => p.label))).toEqual(Array(4).fill(['Piccola', 'Media', 'Famiglia']));
    expect(draft.sections[0]?.items.map((i) => i.name)).toEqual(['Margherita', 'Marinara', 'Diavola', 'Capricciosa']);
    // A unit after a number, broken off the same way ("Pitcher 50" / "cl"), keeps its space.
    const jug = extractMenu([page([
      run('Ciders', 42, 107, { size: 11.5, bold: true }),
      run('Bowl', 112, 121, L), run('Pitcher 50', 139, 121, L), run('cl', 167, 129, L), run('Bottle', 182, 121, L),
      ...['Dry cider', 'Sweet cider', 'Perry', 'Pear cider'].flatMap((n, i) => {
        const y = 134 + 14 * i;
        return [run(n, 42, y, N), right(`${3 + i},00`, 135, y, { size: 8.5 }), right(`${9 + i},00`, 167, y, { size: 8.5 }), right(`${14 + i},00`, 198, y, { size: 8.5 })];
      }),
    ])]);
    expect(jug.sections[0]?.items.map((i) => i.prices.map((p) => p.label))).toEqual(Array(4).fill(['Bowl', 'Pitcher 50 cl', 'Bottle']));
  });

  it('joins labelled prices wrapped in a narrow cell ("small 1,50 € / large" over "3,50 €")', () => {
    const N = { size: 10, bold: true };
    const draft = extractMenu([page([
      run('Sweets', 309, 111, { size: 13, bold: true }),
      run('Cannolo', 309, 133, N), run('small 1,50 € / large', 432, 133, { size: 10 }), run('3,50 €', 309, 145, { size: 10 }),
      run('Cassata', 309, 165, N), right('3,00 €', 550, 165, { size: 10 }),
      run('Granita', 309, 185, N), right('4,00 €', 550, 185, { size: 10 }),
    ])]);
    expect(draft.sections[0]?.items.map((i) => [i.name, i.prices.map((p) => `${p.label} ${p.amount}`).join(' / ')])).toEqual([
      ['Cannolo', 'small 150 / large 350'], ['Cassata', ' 300'], ['Granita', ' 400'],
    ]);
  });

  it('reads a set menu whose courses carry a four-word note, under capital headings, with its footer kept out', () => {
    const HC = { size: 12.5, bold: true, font: 'HB' };
    const N = { size: 10.5, bold: true };
    const R = { size: 10.5 };
    const small = { size: 9 };
    const course = (name: string, y: number, note = 'Included in the menu') => [run(name, 46, y, N), right(note, 550, y, R)];
    const draft = extractMenu([page([
      run('Set lunch', 263, 90, { size: 13, italic: true }),
      run('Starter, main, dessert, bread and a drink: 13,50 €', 211, 117, small),
      run('STARTERS', 46, 148, HC), ...course('Green salad', 168), ...course('Lentil stew', 186), ...course('Tomato soup', 204),
      run('MAINS', 46, 246, HC), ...course('Fried hake', 266), ...course('Roast chicken', 283), ...course('Sirloin steak', 300, 'Extra charge 3,00 €'),
      run('DESSERTS', 46, 342, HC), ...course('Custard', 362), ...course('Fruit of the day', 380), ...course('Rice pudding', 398),
      run('VAT included', 46, 440, small),
      run('Half menu (one course, dessert and a drink): 10,00 €', 46, 452, small),
    ])]);
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => i.name)])).toEqual([
      ['STARTERS', ['Green salad', 'Lentil stew', 'Tomato soup']],
      ['MAINS', ['Fried hake', 'Roast chicken', 'Sirloin steak']],
      ['DESSERTS', ['Custard', 'Fruit of the day', 'Rice pudding']],
    ]);
    const pudding = draft.sections[2]?.items[2];
    expect([pudding?.description, pudding?.prices]).toEqual(['Included in the menu', []]);
    // A surcharge on top of the menu's price is no price of the course.
    const steak = draft.sections[1]?.items[2];
    expect([steak?.description, steak?.prices]).toEqual(['Extra charge 3,00 €', []]);
  });

  it('takes no line far above a variant table for its header, nor the heading below it for a wrapped label', () => {
    const R = { size: 10.7, font: 'ocr' };
    const draft = extractMenu([page([
      run('Koffie & taart', 259, 88, R),
      run('Oudegracht 88 Utrecht', 248, 100, { size: 9.3, font: 'ocr' }),
      run('Koffie', 56, 128, { size: 14, font: 'ocr-bold', bold: true }),
      run('kop', 224, 143, { size: 9.3, font: 'ocr' }), run('mok', 268, 143, { size: 9.3, font: 'ocr' }),
      run('KOFFIE', 55, 157, R), right('2,80', 242, 157, R), right('3,40', 287, 157, R),
      run('CAPPUCCINO', 55, 173, R), right('3,40', 242, 173, R), right('4,10', 287, 173, R),
      run('FLAT WHITE', 55, 204, R), right('3,80', 242, 204, R),
    ])]);
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => [i.name, i.prices.map((p) => `${p.label} ${p.amount}`).join(' / ')])])).toEqual([
      ['Koffie', [['KOFFIE', 'kop 280 / mok 340'], ['CAPPUCCINO', 'kop 340 / mok 410'], ['FLAT WHITE', 'kop 380']]],
    ]);
  });

  it('reads a set menu as OCR gives it: one section’s names read bolder, a priced footer right below the last course', () => {
    const HC = { size: 13.4, font: 'ocr' };
    const N = { size: 11, font: 'ocr' };
    const B = { size: 11, font: 'ocr-bold', bold: true };
    const small = { size: 8.3, font: 'ocr' };
    const course = (name: string, y: number, style: RunSpec = N, note = 'Incluido en el menú') => [run(name, 54, y, style), right(note, 540, y, N)];
    const draft = extractMenu([page([
      run('Menú del día', 258, 95, { size: 13.4, font: 'ocr' }),
      run('Primero, segundo, postre, pan y bebida 13,50 €', 205, 122, { size: 9.3, font: 'ocr' }),
      run('PRIMEROS', 54, 148, HC), ...course('Ensalada mixta', 172), ...course('Lentejas estofadas', 188), ...course('Gazpacho andaluz', 205),
      run('SEGUNDOS', 54, 248, HC), ...course('Merluza a la romana', 272, B), ...course('Pollo asado con patatas', 288, B), ...course('Filete de ternera', 305, B, 'Suplemento 3,00 €'),
      run('POSTRES', 54, 331, HC), ...course('Flan casero', 355), ...course('Fruta del tiempo', 372), ...course('Arroz con leche', 388),
      run('IVA incluido', 54, 402, small),
      run('Medio menú (un plato, postre y bebida): 10,00 €', 54, 415, small),
    ])]);
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => [i.name, i.prices.length])])).toEqual([
      ['PRIMEROS', [['Ensalada mixta', 0], ['Lentejas estofadas', 0], ['Gazpacho andaluz', 0]]],
      ['SEGUNDOS', [['Merluza a la romana', 0], ['Pollo asado con patatas', 0], ['Filete de ternera', 0]]],
      ['POSTRES', [['Flan casero', 0], ['Fruta del tiempo', 0], ['Arroz con leche', 0]]],
    ]);
  });

  it('reads a set menu whose courses carry a note instead of a price', () => {
    const N = { size: 8.5, bold: true };
    const note = (y: number) => run('Incluido', 170, y, { size: 8.5 });
    const draft = extractMenu([page([
      run('Menú del día', 260, 78, { size: 12 }), run('Menú 16,50 € (IVA incl.)', 255, 90, { size: 8.5 }),
      run('Primero', 50, 117, { size: 11.5, bold: true }),
      run('Porrusalda', 50, 132, N), note(132), run('Alubias de Tolosa', 50, 146, N), note(146),
      run('Segundo', 50, 185, { size: 11.5, bold: true }),
      run('Bacalao al pil-pil', 50, 200, N), note(200), run('Carrilleras', 50, 214, N), note(214),
    ], 1)]);
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => [i.name, i.description, i.prices.length])])).toEqual([
      ['Primero', [['Porrusalda', 'Incluido', 0], ['Alubias de Tolosa', 'Incluido', 0]]],
      ['Segundo', [['Bacalao al pil-pil', 'Incluido', 0], ['Carrilleras', 'Incluido', 0]]],
    ]);
  });

  it('joins a heading wrapped over two lines and finds a short second column under a title drawn word by word', () => {
    const T = { size: 22, bold: true };
    const HC = { size: 12.5, bold: true };
    const R = { size: 10.5 };
    const draft = extractMenu([page([
      run('Brauhaus', 90, 70, T), run('Em', 246, 70, T), run('Kölsche', 305, 70, T), run('Fass', 438, 70, T),
      run('Kölsche Karte', 260, 90, { size: 13 }),
      run('KÖLSCHE', 46, 136, HC), run('SPEZIALITÄTEN', 46, 151, HC),
      run('Halve Hahn', 46, 171, R), right('6,90 €', 285, 171, R),
      run('Himmel un Ääd', 46, 201, R), right('14,90 €', 285, 201, R),
      run('Rheinischer Sauerbraten', 46, 231, R), right('21,90 €', 285, 231, R),
      run('Reibekuchen', 46, 260, R), right('8,90 €', 285, 260, R),
      run('VOM GRILL', 310, 136, HC),
      run('Schweinshaxe', 310, 156, R), right('22,90 €', 550, 156, R),
      run('Currywurst mit Pommes', 310, 186, R), right('11,50 €', 550, 186, R),
      run('Bratwurst', 310, 216, R), right('9,50 €', 550, 216, R),
    ])]);
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => i.name)])).toEqual([
      ['KÖLSCHE SPEZIALITÄTEN', ['Halve Hahn', 'Himmel un Ääd', 'Rheinischer Sauerbraten', 'Reibekuchen']],
      ['VOM GRILL', ['Schweinshaxe', 'Currywurst mit Pommes', 'Bratwurst']],
    ]);
  });

  it('reads a legend cut by the columns line by line across them', () => {
    const S = { size: 8 };
    const items = extractMenu([page([
      run('Grelhados', 50, 100, H),
      run('Espetada mista', 50, 130, NAME), run('9', 132, 124, { size: 6 }), right('13,00 €', 290, 130),
      run('Frango', 50, 150, NAME), run('1,7', 88, 144, { size: 6 }), right('9,00 €', 290, 150),
      run('Acompanhamentos', 310, 100, H),
      run('Arroz de feijão', 310, 130, NAME), run('9', 392, 124, { size: 6 }), right('3,00 €', 550, 130),
      run('Batata frita', 310, 150, NAME), right('2,50 €', 550, 150),
      run('Alergénios: 1 cereais com glúten 2 crustáceos 3 ovos 4 peixe', 50, 320, S),
      run('5 amendoins 6 soja 7 leite 8 frutos de casca rija 9', 310, 320, S),
      run('aipo 10 mostarda 11 sésamo 12 sulfitos 13 tremoço', 50, 331, S),
      run('14 moluscos', 283, 331, S),
    ])]).sections.flatMap((sec) => sec.items.map((i) => [i.name, i.allergens]));
    expect(items).toEqual([['Espetada mista', ['celery']], ['Frango', ['gluten', 'milk']], ['Arroz de feijão', ['celery']], ['Batata frita', []]]);
  });

  it('keeps a price note out of a wrapped name, and a justified name whole', () => {
    const N = { size: 8.5, bold: true };
    const R = { size: 8.5 };
    const D = { size: 7 };
    const items = extractMenu([page([
      run('Cakes', 42, 300, H),
      run('Victoria Sponge', 42, 327, N), right('£3.50', 198, 327, R), run('Per slice', 42, 337, D),
      run('Whole Celebration', 42, 351, N), run('Cake', 42, 361, N), run('Price on request', 143, 361, R), run('Order 48 hours ahead', 42, 371, D),
      run('Whole', 42, 391, N), run('Lemon', 100, 391, N), run('Tart', 160, 391, N), run('Price on request', 42, 401, R),
      run('Carrot Cake', 42, 418, N), right('£3.80', 198, 418, R),
    ])]).sections[0]?.items;
    expect(items?.map((i) => [i.name, i.prices.length])).toEqual([['Victoria Sponge', 1], ['Whole Celebration Cake', 0], ['Whole Lemon Tart', 0], ['Carrot Cake', 1]]);
    expect(items?.[1]?.description).toMatch(/^Price on request/);
  });

  it('keeps a note below a legend at a column foot out of the item above, which continues at the next column top', () => {
    const D = { size: 9 };
    const S = { size: 8 };
    const items = extractMenu([page([
      run('Lunch', 45, 300, H),
      run('Soup of the Day', 45, 322, NAME), right('£6.95', 285, 322),
      run('V vegetarian · VG vegan · GF gluten free', 45, 768, S),
      run('Please tell us about any allergies before ordering.', 45, 778, S),
      run('With soda bread', 309, 135, D),
      run('Halloumi Flatbread', 309, 152, NAME), right('£11.00', 550, 152), run('Harissa, pickled red onion, mint', 309, 164, D),
      run('Fish Finger Sandwich', 309, 181, NAME), right('£11.50', 550, 181), run('Tartare sauce, baby gem', 309, 193, D),
    ])]).sections[0]?.items;
    expect(items?.map((i) => [i.name, i.description])).toEqual([
      ['Soup of the Day', 'With soda bread'], ['Halloumi Flatbread', 'Harissa, pickled red onion, mint'], ['Fish Finger Sandwich', 'Tartare sauce, baby gem'],
    ]);
  });

  it('keeps a tagline or address with middle dots above the first price out of the items', () => {
    const R = { size: 9 };
    const draft = extractMenu([page([
      run('Bäckerei Korn', 170, 74, { size: 22, bold: true }),
      run('Brote', 46, 148, { size: 12.5, bold: true }),
      run('Roggenbrot', 46, 182, R), right('3,20', 197, 182, R), run('Bauernlaib', 46, 199, R), right('5,90', 197, 199, R),
      run('Preisliste', 272, 98, { size: 13 }),
      run('Seit 1921 · Handwerklich gebacken', 224, 115, R),
      run('Brötchen', 222, 148, { size: 12.5, bold: true }),
      run('Laugenbrezel', 222, 186, R), right('0,85', 373, 186, R), run('Salz · Kümmel · Mohn', 222, 196, { size: 8 }),
      run('Franzbrötchen', 222, 221, R), right('2,20', 373, 221, R),
    ])]);
    const items = draft.sections.flatMap((s) => s.items.map((i) => [i.name, i.description]));
    expect(items).toEqual([['Roggenbrot', ''], ['Bauernlaib', ''], ['Laugenbrezel', 'Salz · Kümmel · Mohn'], ['Franzbrötchen', '']]);
  });

  it('continues sections over pages and ignores running headers and page numbers', () => {
    const header = (n: number) => [run('Golden Lotus', 260, 30, { size: 8 }), run(`Page ${n} of 2`, 270, 820, { size: 8 })];
    const draft = extractMenu([
      page([...header(1), run('Soups', 50, 100, H), run('Miso', 50, 130, NAME), right('4.50', 545, 130), run('Wonton', 50, 150, NAME), right('6.90', 545, 150)], 1),
      page([...header(2), run('Ramen', 50, 100, NAME), right('12.90', 545, 100), run('Sides', 50, 140, H), run('Rice', 50, 170, NAME), right('2.50', 545, 170)], 2),
    ]);
    expect(draft.pages).toBe(2);
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => `${i.name}@${i.page}`)])).toEqual([['Soups', ['Miso@1', 'Wonton@1', 'Ramen@2']], ['Sides', ['Rice@2']]]);
  });

  it('reads allergen letters and superscript numbers through the legend', () => {
    const draft = extractMenu([page([
      run('MAINS', 50, 100, { ...H, size: 12 }),
      run('Schnitzel (A, C, G)', 50, 130, NAME), right('18,50 €', 545, 130),
      run('Currywurst', 50, 150, NAME), run('1,10', 112, 146, { size: 6 }), right('8,90 €', 545, 150),
      run('Allergens: 1 Gluten · 3 Eggs · 7 Milk · 10 Mustard', 50, 800, { size: 7 }),
    ])]);
    const items = draft.sections[0]?.items ?? [];
    expect(items.map((i) => [i.name, i.allergens])).toEqual([['Schnitzel', ['gluten', 'eggs', 'milk']], ['Currywurst', ['gluten', 'mustard']]]);
    expect(draft.currency).toBe('EUR');
  });

  it('reads a dish priced on request right below a priced one as an item of its own', () => {
    const draft = extractMenu([page([
      run('Secondi', 50, 100, H),
      run("PEPOSO DELL'IMPRUNETA .............................. 17,00", 50, 130, NAME),
      run('PESCE DEL GIORNO .............................. Secondo il mercato', 50, 144, NAME),
      run('Dolci', 50, 200, H),
      run('PANNA COTTA .............................. 6,50', 50, 230, NAME),
    ])]);
    expect(draft.sections.map((s) => s.items.map((i) => [i.name, i.description, i.prices.length]))).toEqual([
      [["PEPOSO DELL'IMPRUNETA", '', 1], ['PESCE DEL GIORNO', 'Secondo il mercato', 0]],
      [['PANNA COTTA', '', 1]],
    ]);
  });

  it('reads a legend whose last entry’s name wrapped to a line of its own', () => {
    const draft = extractMenu([page([
      run('MAINS', 50, 100, { ...H, size: 12 }),
      run('Mussels', 50, 130, NAME), run('7,12,14', 92, 126, { size: 6 }), right('£11.00', 545, 130),
      run('Fish Stew', 50, 150, NAME), run('1,4,14', 101, 146, { size: 6 }), right('£24.00', 545, 150),
      run('Allergens: 1 Gluten · 4 Fish · 7 Milk · 12 Sulphites · 13 Lupin · 14', 50, 790, { size: 7 }),
      run('Molluscs', 50, 799, { size: 7 }),
    ])]);
    const items = draft.sections[0]?.items ?? [];
    expect(items.map((i) => [i.name, i.allergens])).toEqual([['Mussels', ['milk', 'sulphites', 'molluscs']], ['Fish Stew', ['gluten', 'fish', 'molluscs']]]);
  });

  it('splits a bold name from a regular description on the same line', () => {
    const draft = extractMenu([page([
      run('Brunch', 50, 100, H),
      run('French toast', 50, 130, NAME), run('– brioche, berries, maple', 130, 130, { size: 10 }), right('€12', 545, 130),
      run('Eggs royale', 50, 150, NAME), run('– smoked salmon', 122, 150, { size: 10 }), right('€16.50', 545, 150),
    ])]);
    expect(draft.sections[0]?.items.map((i) => [i.name, i.description, i.prices[0]?.amount])).toEqual([
      ['French toast', 'brioche, berries, maple', 1200], ['Eggs royale', 'smoked salmon', 1650],
    ]);
  });

  it('keeps notes (smaller, or sentences) below the items out of the menu, and still reads the items after them', () => {
    const draft = extractMenu([page([
      run('Mains', 50, 100, H),
      run('Fish and chips', 50, 130, NAME), right('14.50', 545, 130),
      run('Beer-battered haddock, mushy peas', 50, 142, DESC),
      run('Pie of the day', 50, 160, NAME), right('13.00', 545, 160),
      run('Prices in pounds sterling incl. VAT', 50, 200, { size: 8 }),
      run('Please ask our staff about allergens before you order.', 50, 212),
      run('Sticky toffee pudding', 50, 250, NAME), right('7.00', 545, 250),
    ])]);
    expect(draft.sections[0]?.items.map((i) => [i.name, i.description])).toEqual([
      ['Fish and chips', 'Beer-battered haddock, mushy peas'], ['Pie of the day', ''], ['Sticky toffee pudding', ''],
    ]);
  });

  it('keeps an unpriced dish whose price stands on the line below', () => {
    const draft = extractMenu([page([
      run('Mains', 50, 100, H),
      run('Fish and chips', 50, 130, NAME), right('14.50', 545, 130),
      run('Lobster thermidor, the whole beast.', 50, 170, { size: 9 }), right('48.00', 545, 182),
    ])]);
    expect(draft.sections[0]?.items.map((i) => [i.name, i.prices[0]?.amount])).toEqual([['Fish and chips', 1450], ['Lobster thermidor, the whole beast.', 4800]]);
  });

  it('reads a legend line cut apart by the columns (a piece crossing the gutter read on its own)', () => {
    const column = (x: number, heading: string, names: string[], codes: string[], y0: number) => [
      run(heading, x, y0, H),
      ...names.flatMap((n, i) => [run(n, x, y0 + 30 + 20 * i, NAME), run(codes[i] as string, x + n.length * 5.5 + 1, y0 + 26 + 20 * i, { size: 6 }), right('9.50', x + 230, y0 + 30 + 20 * i)]),
    ];
    const draft = extractMenu([page([
      ...column(50, 'Starters', ['Soup', 'Terrine', 'Salad', 'Tart'], ['G,D', 'E,Mu', 'N', 'G,E'], 100),
      ...column(310, 'Mains', ['Hake', 'Duck', 'Lamb', 'Risotto'], ['F,D', 'Su', 'D,Ce', 'D'], 100),
      run('Allergen key: G gluten D dairy', 50, 300, { size: 8 }),
      run('E egg N nuts', 270, 300, { size: 8 }),
      run('F fish Ce celery Mu mustard Su sulphites', 340, 300, { size: 8 }),
    ])]);
    const allergens = Object.fromEntries(draft.sections.flatMap((s) => s.items.map((i) => [i.name, [...i.allergens].sort()])));
    expect(allergens).toMatchObject({ Terrine: ['eggs', 'mustard'], Salad: ['nuts'], Tart: ['eggs', 'gluten'], Hake: ['fish', 'milk'] });
    expect(draft.sections.flatMap((s) => s.items.map((i) => i.name))).not.toContain('E egg N nuts');
  });

  it('reads headings over columns printed like the names (OCR measures their larger size within its noise)', () => {
    const column = (x: number, heading: string, names: string[]) => [
      run(heading, x, 100, NAME),
      ...names.flatMap((n, i) => [run(n, x, 120 + 20 * i, NAME), right(`${i + 3}.50`, x + 160, 120 + 20 * i)]),
    ];
    const draft = extractMenu([page([
      ...column(40, 'Bread', ['White Sourdough', 'Seeded Rye', 'Baguette']),
      ...column(225, 'Pastries', ['Croissant', 'Cardamom Knot', 'Sausage Roll']),
      ...column(410, 'Cakes', ['Lemon Drizzle', 'Victoria Sponge', 'Carrot Cake']),
    ])]);
    expect(draft.sections.map((s) => [s.name, s.items.length])).toEqual([['Bread', 3], ['Pastries', 3], ['Cakes', 3]]);
    // A section going on in the next column, which begins with an unpriced dish level with the
    // first column's heading: one such column is no layout of headings, and the dish stays a dish.
    const priced = (x: number, names: string[]) => names.flatMap((n, i) => [run(n, x, 120 + 20 * i, NAME), right('3.50', x + 230, 120 + 20 * i)]);
    const one = extractMenu([page([
      run('Cakes', 50, 100, H),
      ...priced(50, ['Lemon Drizzle', 'Victoria Sponge', 'Carrot Cake']),
      run('Whole Celebration Cake', 315, 100, NAME),
      ...priced(315, ['Cheesecake', 'Sachertorte', 'Tarte Tatin']),
    ])]);
    expect(one.sections.map((s) => [s.name, s.items.map((i) => i.name)])).toEqual([
      ['Cakes', ['Lemon Drizzle', 'Victoria Sponge', 'Carrot Cake', 'Whole Celebration Cake', 'Cheesecake', 'Sachertorte', 'Tarte Tatin']],
    ]);
  });

  it('reads headings over names in small capitals on a page OCR read (the names measure smaller than they are)', () => {
    // OCR reads small capitals as capitals of x-height: names measure 7.6–7.9 pt, some of them
    // read bolder than others, their prices 10 pt, the headings 12.5 pt, each tight above its
    // first name; a price a point below its name.
    const ocr = (size: number, bold: boolean): RunSpec => ({ size, bold, font: bold ? 'ocr-bold' : 'ocr' });
    const section = (heading: string, names: Array<[string, number, boolean, number]>, y0: number) => [
      run(heading, 48, y0, ocr(12.5, true)),
      ...names.flatMap(([n, size, bold, dy], i) => [run(n, 48, y0 + 16 + 16 * i, ocr(size, bold)), right(`${12 + i},00 €`, 547, y0 + 16 + 16 * i + dy, ocr(10, true))]),
    ];
    const draft = extractMenu([page([
      ...section('ANTIPASTI DELLA CASA', [['AFFETTATI MISTI', 7.9, true, 1], ['SFORMATO DI VERDURE', 7.9, true, 0], ['BRUSCHETTE', 7.6, true, 0]], 130),
      ...section('PRIMI FATTI A MANO', [['TAGLIOLINI AL TARTUFO', 7.9, true, 1], ['GNOCCHI DI PATATE', 7.9, false, 0], ['RAVIOLI DI RICOTTA', 7.6, true, 0]], 220),
      ...section('SECONDI', [['CONIGLIO ALLA CACCIATORA', 7.9, true, 0], ['ARROSTO MISTO', 7.6, true, 0]], 310),
    ])]);
    expect(draft.sections.map((s) => [s.name, s.items.length])).toEqual([['ANTIPASTI DELLA CASA', 3], ['PRIMI FATTI A MANO', 3], ['SECONDI', 2]]);
  });

  it('keeps a subtitle set like a heading, and the line under it, out of the menu when nothing priced follows before the next heading', () => {
    const draft = extractMenu([page([
      run('Bar Navigli', 240, 50, { size: 24, bold: true }),
      run('Aperitivo', 260, 75, H),
      run('Aperitivo dalle 18 alle 21 con buffet incluso', 200, 90, { size: 11 }),
      run('Spritz', 50, 140, H),
      ...['Aperol Spritz', 'Campari Spritz', 'Hugo'].flatMap((n, i) => [run(n, 50, 160 + 18 * i, NAME), right('9,00', 545, 160 + 18 * i)]),
      run('Cocktail', 50, 230, H),
      // Set like the tagline, so that style is a name style too.
      ...['Negroni', 'Americano'].flatMap((n, i) => [run(n, 50, 250 + 18 * i, { size: 11 }), right('10,00', 545, 250 + 18 * i)]),
    ])]);
    expect(draft.title).toBe('Bar Navigli');
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => i.name)])).toEqual([
      ['Spritz', ['Aperol Spritz', 'Campari Spritz', 'Hugo']],
      ['Cocktail', ['Negroni', 'Americano']],
    ]);
  });

  it('reads a line set like the headings found as a heading, though it lacks their space above', () => {
    const HEAD = { size: 11.5, bold: true };
    const draft = extractMenu([page([
      run('Pizzeria La Fabbrica', 200, 50, { size: 20, bold: true }),
      // Space above tells this one.
      run('Especiales', 50, 100, HEAD),
      ...['Trufa y setas', 'Catalana', 'Diavola'].flatMap((n, i) => [run(n, 50, 120 + 18 * i, NAME), right(`${12 + i},00`, 545, 120 + 18 * i)]),
      // At an item's distance below the last pizza.
      run('Bebidas', 50, 174, HEAD),
      ...['Caña', 'Refresco'].flatMap((n, i) => [run(n, 50, 192 + 18 * i, NAME), right('2,50', 545, 192 + 18 * i)]),
    ])]);
    expect(draft.sections.map((s) => [s.name, s.items.length])).toEqual([['Especiales', 3], ['Bebidas', 2]]);
  });

  it('gives a line of diet markers under a wrapped name to that dish, and ends its name there', () => {
    const draft = extractMenu([page([
      run('Especiales', 50, 60, H),
      run('Vegana de', 50, 100, NAME), right('9.50', 545, 100),
      run('temporada', 50, 113, NAME),
      run('(VG)', 50, 126, { size: 8 }),
      run('Trufa y setas', 50, 150, NAME), right('12.00', 545, 150),
      run('(V)', 50, 163, { size: 13 }),
      run('Catalana', 50, 190, NAME), right('11.00', 545, 190),
    ])]);
    expect(draft.sections.map((s) => s.name)).toEqual(['Especiales']);
    expect(draft.sections[0]?.items.map((i) => [i.name, i.description, i.diets])).toEqual([
      ['Vegana de temporada', '', ['vegan']],
      ['Trufa y setas', '', ['vegetarian']],
      ['Catalana', '', []],
    ]);
  });

  it('reads diet markers set small on the name\'s baseline as the dish\'s diets, not its description', () => {
    // LibreOffice Writer's "Raclette à volonté  V GF ….. CHF 39.00": the markers a smaller run
    // beside the bold name, on the same baseline.
    const draft = extractMenu([page([
      run('Raclette', 50, 60, H),
      run('Raclette à volonté', 50, 100, NAME), run('V GF', 150, 100, { size: 7.5 }), right('CHF 39.00', 545, 100),
      run('Pommes de terre, cornichons, oignons', 50, 111, DESC),
      run('Raclette une portion', 50, 130, NAME), run('V', 160, 130, { size: 7.5 }), right('CHF 11.00', 545, 130),
      run('Fondue moitié-moitié', 50, 150, NAME), run('pour deux', 170, 150, { size: 7.5 }), right('CHF 52.00', 545, 150),
    ])]);
    expect(draft.sections[0]?.items.map((i) => [i.name, i.description, i.diets])).toEqual([
      ['Raclette à volonté', 'Pommes de terre, cornichons, oignons', ['vegetarian', 'gluten-free']],
      ['Raclette une portion', '', ['vegetarian']],
      ['Fondue moitié-moitié', 'pour deux', []],
    ]);
  });

  it('keeps a subtitle centred over a three-column page out of the middle column, whose items go on with the section before', () => {
    const R = { size: 9 };
    const item = (name: string, x: number, y: number, price: string) => [run(name, x, y, NAME), right(price, x + 150, y, R)];
    const draft = extractMenu([page([
      run('The Fox & Hounds', 200, 60, { size: 22, bold: true }),
      // Centred on the page, narrower than the middle column: the masthead's second line.
      run('Bar Snacks', 270, 80, { size: 13, italic: true }),
      run('Nibbles', 45, 110, H), ...item('Pork Scratchings', 45, 130, '£3.00'), ...item('Pickled Eggs', 45, 145, '£2.50'),
      run('Sharers', 45, 175, H), ...item('Baked Camembert', 45, 195, '£14.00'),
      // The middle column opens with no heading: its items are still the sharers.
      ...item('Loaded Nachos', 222, 110, '£11.00'), ...item('Fish Board', 222, 125, '£18.00'), ...item('Nachos Grande', 222, 140, '£13.00'),
      run('Sandwiches', 398, 110, H), ...item('Fish Finger Butty', 398, 130, '£8.50'), ...item('Cheese and Pickle', 398, 145, '£7.00'),
      ...item('Club Sandwich', 398, 160, '£9.00'),
    ])]);
    expect(draft.sections.map((s) => [s.name, s.items.map((i) => i.name)])).toEqual([
      ['Nibbles', ['Pork Scratchings', 'Pickled Eggs']],
      ['Sharers', ['Baked Camembert', 'Loaded Nachos', 'Fish Board', 'Nachos Grande']],
      ['Sandwiches', ['Fish Finger Butty', 'Cheese and Pickle', 'Club Sandwich']],
    ]);
  });

  it('joins a capitalised last word to a name wrapped in a full table cell, not to a name with room to spare', () => {
    const R = { size: 10 };
    const prices = (y: number, ...amounts: string[]) => amounts.map((a, i) => right(a, 195 + i * 40, y, R));
    const draft = extractMenu([page([
      run('Whites', 45, 100, H),
      run('6oz', 177, 118, { size: 8, bold: true }), run('9oz', 217, 118, { size: 8, bold: true }), run('Bottle', 251, 118, { size: 8, bold: true }),
      // The cell ends before the first price column (x 170): "Coast" had no room after "Sonoma".
      run('Chardonnay, Sonoma', 45, 135, R), ...prices(135, '14.00', '20.00', '54.00'), run('Coast', 45, 148, R),
      run('Riesling Kabinett', 45, 166, R), ...prices(166, '13.00', '18.50', '50.00'),
      // A short name: its one-word line below would have fitted beside it.
      run('Rosé', 45, 184, R), ...prices(184, '11.00', '16.00', '42.00'), run('Provence', 45, 197, R),
      run('Grüner Veltliner', 45, 215, R), ...prices(215, '12.00', '17.00', '46.00'),
    ])]);
    expect(draft.sections[0]?.items.map((i) => [i.name, i.description, i.prices.map((p) => `${p.label} ${p.amount}`).join(' / ')])).toEqual([
      ['Chardonnay, Sonoma Coast', '', '6oz 1400 / 9oz 2000 / Bottle 5400'],
      ['Riesling Kabinett', '', '6oz 1300 / 9oz 1850 / Bottle 5000'],
      ['Rosé', 'Provence', '6oz 1100 / 9oz 1600 / Bottle 4200'],
      ['Grüner Veltliner', '', '6oz 1200 / 9oz 1700 / Bottle 4600'],
    ]);
  });

  it('reads a deposit line under a drinks list as a note, not as the last item’s price', () => {
    const draft = extractMenu([page([
      run('Brotzeit', 50, 100, H),
      run('Obazda mit Breze', 50, 125, NAME), right('8,50 €', 545, 125),
      run('Weißwürste', 50, 145, NAME), right('6,90 €', 545, 145),
      run('Halbes Hendl', 50, 165, NAME), right('12,50 €', 545, 165),
      run('Steckerlfisch', 50, 185, NAME), right('14,50 €', 545, 185),
      run('Makrele vom Grill', 50, 197, DESC),
      run('Pfand je Krug 2,00 €', 50, 215),
    ])]);
    expect(draft.sections[0]?.items.map((i) => [i.name, i.prices.map((p) => p.amount), i.description])).toEqual([
      ['Obazda mit Breze', [850], ''],
      ['Weißwürste', [690], ''],
      ['Halbes Hendl', [1250], ''],
      ['Steckerlfisch', [1450], 'Makrele vom Grill'],
    ]);
  });

  it('puts items before any heading into a section named by the caller', () => {
    const draft = extractMenu([page([run('Soup', 50, 100), right('5.00', 545, 100), run('Bread', 50, 120), right('2.00', 545, 120)])], { defaultSectionName: 'Lunch', features: true });
    expect(draft.sections).toMatchObject([{ name: 'Lunch', items: [{ name: 'Soup' }, { name: 'Bread' }] }]);
    // The confidence is told that no heading was found. (How much that lowers it is the
    // calibration's call: since OCR round 8 the corpus has no item under no heading left.)
    expect(draft.sections[0]?.items[0]?.features?.noHeading).toBe(1);
  });
});

describe('allergen codes', () => {
  it('maps letters, numbers and legends', () => {
    expect(takeAllergenCodes('Schnitzel (A, C, G)', null)).toEqual({ text: 'Schnitzel', keys: ['gluten', 'eggs', 'milk'] });
    expect(takeAllergenCodes('Pie 1,3,7', null)).toEqual({ text: 'Pie', keys: ['gluten', 'eggs', 'milk'] });
    expect(takeAllergenCodes('Salad (V)', null)).toEqual({ text: 'Salad (V)', keys: [] });
    expect(takeAllergenCodes('Croquetas (6)', null)).toEqual({ text: 'Croquetas (6)', keys: [] });
    const legend = parseLegendLine('Allergene: 1 = Weizen, 2 = Ei, 3 = Milch, 4 = Sellerie');
    expect(legend?.kind).toBe('numbers');
    expect(takeAllergenCodes('Knödel (1, 2)', legend)).toEqual({ text: 'Knödel', keys: ['gluten', 'eggs'] });
  });
});
