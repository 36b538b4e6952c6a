import { describe, expect, it } from 'vitest';
import { isLabel, mentionedCurrency, parsePrices } from './prices.ts';

const read = (line: string) => {
  const p = parsePrices(line);
  return p && { rest: p.rest, prices: p.prices.map((x) => [x.label, x.amount, x.currency]), leading: p.leading };
};

describe('price recognition', () => {
  it.each([
    ['Tomato soup 12.50', 'Tomato soup', [['', 1250, null]]],
    ['Tomato soup 12,50 €', 'Tomato soup', [['', 1250, 'EUR']]],
    ['Tomato soup €12', 'Tomato soup', [['', 1200, 'EUR']]],
    ['Tomato soup\t12.-', 'Tomato soup', [['', 1200, null]]],
    ['Zürcher Geschnetzeltes 38.–', 'Zürcher Geschnetzeltes', [['', 3800, null]]],
    ['Burger $12.50', 'Burger', [['', 1250, 'USD']]],
    ['Fish pie £14', 'Fish pie', [['', 1400, 'GBP']]],
    ['Rösti CHF 18.50', 'Rösti', [['', 1850, 'CHF']]],
    ['Lamb 38.00 EUR', 'Lamb', [['', 3800, 'EUR']]],
    ['Soup ........ 6.50', 'Soup', [['', 650, null]]],
    ['Soup … 6,50', 'Soup', [['', 650, null]]],
    ['Soup\t6.50', 'Soup', [['', 650, null]]],
    ['Pils 0,3 l 3,50 / 0,5 l 5,00', 'Pils', [['0,3 l', 350, null], ['0,5 l', 500, null]]],
    ['Lemonade small 4 / large 6', 'Lemonade', [['small', 400, null], ['large', 600, null]]],
    ['Grüner Veltliner Glass 5,50 / Bottle 29,00', 'Grüner Veltliner', [['Glass', 550, null], ['Bottle', 2900, null]]],
    ['Coca-Cola 0,33 l 3,60', 'Coca-Cola', [['0,33 l', 360, null]]],
    ['Wine\t4,80\t9,20', 'Wine', [['', 480, null], ['', 920, null]]],
    ['Pizza 4 formaggi 12,90', 'Pizza 4 formaggi', [['', 1290, null]]],
    ['Glenfiddich 12\t9.50', 'Glenfiddich 12', [['', 950, null]]],
    ['Spring rolls (4 pcs) 5.90', 'Spring rolls (4 pcs)', [['', 590, null]]],
    ['Margherita\t9', 'Margherita', [['', 900, null]]],
    // Price columns set a space apart, the group apart from the name.
    ['Caffè espresso\t1,20 2,50', 'Caffè espresso', [['', 120, null], ['', 250, null]]],
    ['Frieten\t3,00\t3,80 4,50', 'Frieten', [['', 300, null], ['', 380, null], ['', 450, null]]],
    // Labels the menu chose (any short words, maybe a count) before each of prices split by "/".
    ['Weißwürste\t2 Stück 6,90 € / 3 Stück 9,50 €', 'Weißwürste', [['2 Stück', 690, 'EUR'], ['3 Stück', 950, 'EUR']]],
    ['Frango do\tmeio 6,50 € / inteiro 11,50 €', 'Frango do', [['meio', 650, 'EUR'], ['inteiro', 1150, 'EUR']]],
    ['Salat\tklein CHF 9.00 / gross CHF 14.00', 'Salat', [['klein', 900, 'CHF'], ['gross', 1400, 'CHF']]],
    ['Salat (VG)klein 9.00 / gross 14.00', 'Salat (VG)', [['klein', 900, null], ['gross', 1400, null]]],
    // One price after a count in its cell: the count is its label; a lone word there is not.
    ['Brezn\t1 Stück 2,90 €', 'Brezn', [['1 Stück', 290, 'EUR']]],
    ['Risotto\tfunghi 12,50 €', 'Risotto\tfunghi', [['', 1250, 'EUR']]],
    // Not apart from the text: only the last one is sure.
    ['Menu 2 courses 12.50 18.50', 'Menu 2 courses 12.50', [['', 1850, null]]],
    ['Bus 42\t9 12.50', 'Bus 42\t9', [['', 1250, null]]],
  ])('%s', (line, rest, prices) => {
    expect(read(line)).toEqual({ rest, prices, leading: false });
  });

  it('reads prices printed before the name', () => {
    expect(read('6.50\tTomato soup')).toEqual({ rest: 'Tomato soup', prices: [['', 650, null]], leading: true });
    expect(read('$9 Pancakes')).toEqual({ rest: 'Pancakes', prices: [['', 900, 'USD']], leading: true });
    // A quantity is not a price.
    expect(read('2 Eggs any style')).toBeNull();
    // Nor is a volume or weight with its unit ("0,33 l   1,0 l" over two price columns).
    expect(read('0,33 l\t1,0 l')).toBeNull();
    expect(read('0,25 l Apple juice')).toBeNull();
    expect(read('4,50\tlemonade')?.prices).toEqual([['', 450, null]]);
  });

  it('drops the last dots of a leader drawn apart from the rest', () => {
    expect(read('Steak sandwich with\t. .\t£10.00')).toEqual({ rest: 'Steak sandwich with', prices: [['', 1000, 'GBP']], leading: false });
    expect(read('Soup .. 4,50')?.rest).toBe('Soup');
  });

  it('reads free labels only after a gap and before every price', () => {
    expect(read('Salad with chips 9.00 / without 7.00')?.prices).toEqual([['', 700, null]]);
    expect(read('Menu\tlunch 12 / dinner 18')?.prices).not.toEqual([['lunch', 1200, null], ['dinner', 1800, null]]);
  });

  it('keeps what one price buys as its label ("per stuk", "la pièce", "each")', () => {
    expect(read('ZEEUWSE OESTERS\tper stuk €3,50')).toEqual({ rest: 'ZEEUWSE OESTERS', prices: [['per stuk', 350, 'EUR']], leading: false });
    expect(read('Huîtres de Bretagne la pièce 2,50 €')).toEqual({ rest: 'Huîtres de Bretagne', prices: [['la pièce', 250, 'EUR']], leading: false });
    expect(read('Oysters each $3.50')).toEqual({ rest: 'Oysters', prices: [['each', 350, 'USD']], leading: false });
  });

  it.each([
    'Cola 0,33 l', 'Margherita 9', 'Tea 0.5', 'Open daily 7am - 10pm', 'Every Sunday 10:00 - 15:00', 'Dark chocolate 70 %',
    'Entrecôte 250 g', 'Established 1982', 'Tel. 01 234 5678', 'Page 2', 'Mousse au chocolat',
  ])('finds no price in "%s"', (line) => {
    expect(parsePrices(line)).toBeNull();
  });

  it('knows variant labels and currencies named in text', () => {
    expect(['0,2 l', '1/8 l', 'Glass', 'large', '33cl'].every(isLabel)).toBe(true);
    expect(isLabel('Soup')).toBe(false);
    expect(mentionedCurrency('Alle Preise in CHF inkl. MwSt.')).toBe('CHF');
    expect(mentionedCurrency('Prices in € incl. VAT')).toBe('EUR');
    expect(mentionedCurrency('Welcome')).toBeNull();
  });
});
