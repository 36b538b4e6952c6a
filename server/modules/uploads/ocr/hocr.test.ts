import { describe, expect, it } from 'vitest';
import type { TextRun } from '../extract/types.ts';
import { boldThreshold, dropTrailingMarks, measurePage, parseHocr, repairDietMarkers, repairPrices, repairVolumeLabels, splitRaisedTail, toPageTexts, type MeasuredPage } from './hocr.ts';

/** Hand-written hOCR (Tesseract's subset): one page, lines of words with boxes in pixels. */
/** A word is [text, x0, y0, x1, y1] and, optionally, Tesseract's confidence (90 without). */
function hocr(lines: Array<{ box: [number, number, number, number]; baseline?: [number, number]; words: Array<[string, number, number, number, number, number?]> }>): string {
  const body = lines
    .map(
      (l, i) =>
        `<span class='ocr_line' id='line_1_${i}' title="bbox ${l.box.join(' ')}; baseline ${(l.baseline ?? [0, 0]).join(' ')}; x_size 40; x_descenders 8; x_ascenders 10">\n` +
        l.words.map((w, j) => `<span class='ocrx_word' id='word_1_${i}_${j}' title='bbox ${w.slice(1, 5).join(' ')}; x_wconf ${w[5] ?? 90}'>${w[0]}</span>`).join(' ') +
        '\n</span>',
    )
    .join('\n');
  return `<div class='ocr_page'>\n${body}\n</div>`;
}

const geometry = (page: number) => ({ page, widthPx: 1000, heightPx: 1400, widthPt: 500 });

describe('hOCR → positioned text', () => {
  it('keeps a raised footnote mark out of the name, as a small raised run, and drops one read as quotes', () => {
    // Capitals 30 px above a baseline at y = 130 (em ≈ 40 px); the marks sit 20 px above it.
    const lines = parseHocr(
      hocr([
        {
          box: [100, 100, 900, 130],
          words: [
            ['Tonno', 100, 100, 200, 130],
            ['“”', 205, 96, 220, 108],
            ['1,3', 230, 96, 250, 110],
            ['9,00', 800, 100, 860, 130],
          ],
        },
      ]),
    );
    const [page] = toPageTexts([measurePage(lines, geometry(1))]);
    const runs = page!.runs;
    expect(runs.map((r) => r.text)).toEqual(['1,3', 'Tonno', '9,00']);
    const mark = runs.find((r) => r.text === '1,3')!;
    const name = runs.find((r) => r.text === 'Tonno')!;
    expect(mark.y).toBeLessThan(name.y - 0.15 * name.size);
    expect(mark.size).toBeLessThan(0.8 * name.size);
  });

  it('measures a bracketed marker by its brackets, and a line by its words, not by the marker', () => {
    // Names with capitals 30 px above the baseline (em ≈ 40 px); a marker line below whose
    // brackets are 26 px tall (about 27 px, the marker's em), its "v" read in lower case.
    const lines = parseHocr(
      hocr([
        { box: [100, 100, 600, 130], words: [['Margarita', 100, 100, 250, 130], ['(V)', 260, 104, 290, 130], ['8,00', 500, 100, 560, 130]] },
        { box: [100, 150, 400, 180], words: [['Trufa', 100, 150, 190, 180], ['11,00', 300, 150, 380, 180]] },
        { box: [100, 190, 140, 216], words: [['(v)', 100, 190, 135, 216]] },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    const size = (text: string) => runs.find((r) => r.text === text)!.size;
    expect(size('Margarita (V)')).toBe(size('Trufa'));
    // Measured against the x-height, the lower-case "v" made the marker 1.9 times the names' size.
    expect(size('(V)')).toBeLessThan(0.8 * size('Trufa'));
  });

  it('drops a lone sign that stands for nothing on a menu ("=" read from a boxed marker), never a currency or an ampersand', () => {
    const lines = parseHocr(
      hocr([
        // Tesseract put the "=" on a line of its own, a little lower than the name's.
        { box: [100, 100, 900, 130], words: [['Porridge', 100, 100, 250, 130], ['7,80', 800, 100, 860, 130], ['€', 870, 100, 890, 130]] },
        { box: [262, 110, 300, 150], words: [['=', 262, 110, 300, 150]] },
        { box: [100, 200, 900, 230], words: [['Kaffee', 100, 200, 200, 230], ['&', 212, 200, 230, 230], ['Kuchen', 242, 200, 350, 230], ['|', 600, 200, 605, 230], ['~', 700, 210, 720, 220]] },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    expect(runs.map((r) => r.text)).toEqual(['Porridge', '7,80 €', 'Kaffee & Kuchen']);
  });

  it('puts a heading Tesseract joined to the line of a dish half a row lower on its own baseline', () => {
    // One hOCR line over two rows: the dish (bottom 690) and, in the next column, a heading that
    // ends at 667. The line's baseline is the dish's.
    const lines = parseHocr(
      hocr([
        { box: [236, 631, 1400, 699], baseline: [0, -9], words: [['Crudo', 236, 661, 339, 690], ['misto', 350, 661, 444, 690], ['Secondi', 1206, 632, 1365, 667]] },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    const [dish, heading] = [runs.find((r) => r.text === 'Crudo misto')!, runs.find((r) => r.text === 'Secondi')!];
    expect(dish.y - heading.y).toBeGreaterThan(0.4 * heading.size);
  });

  it('measures a word against its own box where the line’s baseline runs through its upper half', () => {
    // Tesseract joined two columns at different heights into one line, its baseline at the
    // higher column's (y = 142): "temporada" (capital height 27 px, a descender to y = 170).
    const lines = parseHocr(
      hocr([
        { box: [100, 100, 600, 130], words: [['Vegana', 100, 100, 220, 130], ['9,50', 500, 100, 560, 130]] },
        { box: [100, 112, 800, 170], baseline: [0, -28], words: [['temporada', 100, 135, 260, 170], ['Bebidas', 650, 112, 790, 142]] },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    const size = (text: string) => runs.find((r) => r.text === text)!.size;
    expect(size('temporada')).toBeGreaterThan(0.85 * size('Vegana'));
  });

  it("gives each run its least sure word's confidence, and a mark its own", () => {
    const lines = parseHocr(
      hocr([
        {
          box: [100, 100, 900, 130],
          words: [
            ['Tonno', 100, 100, 200, 130, 96],
            ['rosso', 215, 100, 300, 130, 41],
            ['1,3', 310, 96, 330, 110, 62],
            ['9,00', 800, 100, 860, 130, 88],
          ],
        },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    expect(runs.map((r) => [r.text, r.conf])).toEqual([
      ['1,3', 62],
      ['Tonno rosso', 41],
      ['9,00', 88],
    ]);
  });

  it("places a price on its own baseline when the line's misses it (a line drawn across two columns of a tilted photo)", () => {
    // The line's baseline is y = 130 all along (drawn through the next column's words); the price
    // "17,00" stands lower, its box to y = 145: its baseline is taken halfway between the box's
    // bottom and a comma's tail above it.
    const lineWith = (price: [string, number, number, number, number]) =>
      toPageTexts([measurePage(parseHocr(hocr([{ box: [100, 100, 900, 140], baseline: [0, -10], words: [price, ['Vino', 400, 100, 480, 130]] }])), geometry(1))])[0]!.runs;
    const tilted = lineWith(['17,00', 150, 112, 200, 145]);
    expect(tilted.find((r) => r.text === '17,00')!.y).toBeCloseTo(0.5 * (145 - 0.085 * 33), 1);
    expect(tilted.find((r) => r.text === 'Vino')!.y).toBe(65);
    // A price a pixel or two off a straight line keeps the line's baseline: there the line's is surer.
    const straight = lineWith(['17,00', 150, 104, 200, 134]);
    expect(straight.find((r) => r.text === '17,00')!.y).toBe(65);
  });

  it('takes marks raised above the word before them for marks, on a line drawn across two columns (a tilted photo)', () => {
    // Tesseract's line runs from a description in one column (baseline y = 130) to "Gravy" in the
    // next, set 15 px lower (baseline 145, its box to 153 with the descender), marks 19 px above that:
    // level with the line's baseline, so only the word before them shows they are raised.
    const lines = parseHocr(
      hocr([
        {
          box: [100, 104, 900, 153],
          baseline: [0, -23],
          words: [
            ['Smoked', 100, 110, 180, 130],
            ['mackerel', 190, 110, 290, 130],
            ['Gravy', 600, 115, 700, 153],
            ['1,9,10', 705, 112, 760, 126],
          ],
        },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    // A raised run of its own (placed at its bottom), not part of the name's run "Gravy 1,9,10".
    expect(runs.map((r) => r.text)).toEqual(expect.arrayContaining(['Gravy', '1,9,10']));
    expect(runs.find((r) => r.text === '1,9,10')!.y).toBeCloseTo(126 / 2, 5);
  });

  it('drops footnote marks glued to a word (quotes, colons, asterisks after its last letter) and restores Ø in sizes', () => {
    const lines = parseHocr(
      hocr([
        { box: [100, 100, 900, 130], words: [['Halve', 100, 100, 180, 130], ['Hahn!:";!0', 190, 100, 300, 130], ['BREAST"', 400, 100, 520, 130], ['VGS*', 600, 100, 660, 130]] },
        { box: [100, 150, 900, 180], words: [['roses\'*/*', 100, 150, 200, 180], ['SACHERTORTE*©@', 300, 150, 500, 180], ['EINSPÄNNER®', 600, 150, 760, 180]] },
        { box: [100, 200, 900, 230], words: [['G26cm', 300, 200, 380, 230], ['032cm', 500, 200, 580, 230], ['0926cm', 700, 200, 800, 230]] },
        // Read as words of their own, two sizes a word space apart (one run).
        { box: [100, 250, 900, 280], words: [['D', 300, 250, 320, 280], ['26', 330, 250, 360, 280], ['cm', 370, 258, 400, 280], ['032cm', 420, 250, 500, 280]] },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    expect(runs.map((r) => r.text).join(' | ')).toBe('Halve Hahn | BREAST | VGS | roses | SACHERTORTE | EINSPÄNNER | Ø26cm | Ø32cm | Ø26cm | Ø26cm Ø32cm');
  });

  it('drops a rule read as one character over and over, keeps words and prices with repeated digits', () => {
    const lines = parseHocr(
      hocr([
        { box: [100, 100, 900, 130], words: [['Frühstück', 100, 100, 260, 130], ['—', 280, 110, 300, 116], ['000000000', 320, 100, 880, 130]] },
        { box: [100, 200, 900, 230], words: [['Kaffee', 100, 200, 200, 230], ['1000', 300, 200, 360, 230], ['11,11', 800, 200, 860, 230]] },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    expect(runs.map((r) => r.text)).toEqual(['Frühstück', 'Kaffee', '1000', '11,11']);
  });

  it('measures sizes above the baseline and snaps slightly different lines to one size', () => {
    // Three item lines of the same font: one with descenders (g, p), whose boxes reach lower.
    const lines = parseHocr(
      hocr([
        { box: [100, 100, 900, 130], words: [['Salami', 100, 100, 220, 130], ['8,00', 800, 100, 860, 130]] },
        { box: [100, 200, 900, 239], words: [['Spaghetti', 100, 201, 260, 239], ['9,50', 800, 201, 860, 230]], baseline: [0, -9] },
        { box: [100, 300, 900, 332], words: [['Funghi', 100, 300, 220, 332], ['8,50', 800, 302, 860, 332]] },
      ]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    expect(new Set(runs.map((r) => r.size)).size).toBe(1);
  });

  it('tells a bold heading alone on a later page from the regular text of the earlier pages', () => {
    // Stroke weights as measured from the page images: regular ≈ 0.1 em, bold ≈ 0.16 em.
    const page = (n: number, words: string[], ink: number): MeasuredPage => {
      const lines = parseHocr(hocr(words.map((w, i) => ({ box: [100, 100 + i * 60, 400, 130 + i * 60], words: [[w, 100, 100 + i * 60, 400, 130 + i * 60]] }))));
      return { ...measurePage(lines, geometry(n)), inks: lines.map((l) => l.words.map(() => ink)) };
    };
    const pages = toPageTexts([page(1, ['Tomato soup', 'Greek salad', 'Grilled salmon'], 0.1), page(2, ['Desserts'], 0.16)]);
    expect(pages[0]!.runs.every((r) => !r.bold)).toBe(true);
    expect(pages[1]!.runs[0]).toMatchObject({ text: 'Desserts', bold: true });
    // Read alone, the heading page has nothing to compare with: that was the bug.
    expect(toPageTexts([page(2, ['Desserts'], 0.16)])[0]!.runs[0]?.bold).toBe(false);
  });

  it('writes bracketed diet markers as the layout analysis knows them, and leaves other brackets', () => {
    expect(repairDietMarkers('Kleines Frühstück [v]')).toBe('Kleines Frühstück (V)');
    expect(repairDietMarkers('Porridge [vc)')).toBe('Porridge (VG)');
    expect(repairDietMarkers('Rührei mit Schnittlauch (v cf)')).toBe('Rührei mit Schnittlauch (V, GF)');
    expect(repairDietMarkers('Avocado-Brot (ve]')).toBe('Avocado-Brot (VE)');
    for (const text of ['Pizza (al)', 'Tea (or)', 'Salat', 'Menu (2 Gänge)', 'Spritz [bianco]']) expect(repairDietMarkers(text)).toBe(text);
    // Bare markers after a name, in lower case as OCR reads small capitals.
    expect(repairDietMarkers('Wild Mushroom Risotto v')).toBe('Wild Mushroom Risotto V');
    expect(repairDietMarkers('Skinny Fries vc')).toBe('Skinny Fries VG');
    expect(repairDietMarkers('Saint-Marcellin affiné v cr')).toBe('Saint-Marcellin affiné V GF');
    for (const text of ['Steak 300 gr', 'Vitamin C', 'Salad V', 'Tenderstem Broccoli', 'Pasta e fagioli']) expect(repairDietMarkers(text)).toBe(text);
    // A marker on a line of its own, under a wrapped name.
    expect(repairDietMarkers('(v)')).toBe('(V)');
    expect(repairDietMarkers('(vG)')).toBe('(VG)');
    for (const text of ['(al)', '(2)', '(or)', '(bio)', '[vegan]']) expect(repairDietMarkers(text)).toBe(text);
  });

  it('reads diet markers a small photo garbles: bracket glued, closing bracket as j, separators lost, letters misread', () => {
    // As Tesseract read "(V)", "(VG)" and "(V, GF)" on a 120 dpi photo.
    expect(repairDietMarkers('Cappuceino[vj')).toBe('Cappuceino (V)');
    expect(repairDietMarkers('Avocado-Brot [vej')).toBe('Avocado-Brot (VE)');
    expect(repairDietMarkers('Rührei mit Schnittlauch |vcr)')).toBe('Rührei mit Schnittlauch (V, GF)');
    expect(repairDietMarkers('Filterkaffee [vs]')).toBe('Filterkaffee (VG)');
    expect(repairDietMarkers('Kakao mit Sahne [y]')).toBe('Kakao mit Sahne (V)');
    expect(repairDietMarkers('Pfannkuchen [Y]')).toBe('Pfannkuchen (V)');
    // A 200 dpi phone photo: the G of a boxed "VG" read as an o.
    expect(repairDietMarkers('Avocado-Brot [vo]')).toBe('Avocado-Brot (VG)');
    // Anything that is not a run of marker readings stays: words, codes, sizes, repeated markers.
    for (const text of ['Spritz [bianco]', 'Pizza (al)', 'Tea (or)', 'Menu [yes]', 'Wine (vv)', 'Hamburger (beef]', 'Soup [2]', 'Ale (ipa)']) expect(repairDietMarkers(text)).toBe(text);
  });

  it('drops tokens without a letter made of footnote marks at the end of a run, never a price', () => {
    expect(dropTrailingMarks('TARTELETTE AU CITRON MERINGUÉE |?')).toBe('TARTELETTE AU CITRON MERINGUÉE');
    expect(dropTrailingMarks('CAFÉ GOURMAND "7?')).toBe('CAFÉ GOURMAND');
    expect(dropTrailingMarks('Schweinshaxe :!0')).toBe('Schweinshaxe');
    for (const text of ['Soup 6.50', 'Tea (2)', 'Ham & eggs', 'Wine 0,2 l', 'Coffee €2.50', 'Menu 2']) expect(dropTrailingMarks(text)).toBe(text);
  });

  it('gives glass sizes over a drinks table their litres back ("0,21  0,41" → "0,2 l  0,4 l"), nothing else', () => {
    const run = (text: string, x: number, y = 100): TextRun => ({ text, x, y, width: 16, size: 8, font: 'ocr', bold: false, italic: false });
    const page = [run('0,21', 213), run('0,41', 270), run('Kabänes', 308), run('3,00 €', 514), run('Kölsch', 54, 112), run('2,30', 212, 112), run('0,51', 270, 124), run('Wasser 0,21  0,41', 54, 136), run('0,21 0,41', 54, 148)];
    repairVolumeLabels(page);
    expect(page.map((r) => r.text)).toEqual(['0,2 l', '0,4 l', 'Kabänes', '3,00 €', 'Kölsch', '2,30', '0,51', 'Wasser 0,21  0,41', '0,2 l  0,4 l']);
  });

  it('splits a glass size run into its price ("0,515,90 €" → "0,5 l 5,90 €"), nothing else', () => {
    const run = (text: string): TextRun => ({ text, x: 200, y: 100, width: 40, size: 8, font: 'ocr', bold: false, italic: false });
    const page = ['0,515,90 €', '0,2|4,50', '0,5 l 5,90 €', '15,90 €', '0,51', '1,515,90', '0,5 15'].map(run);
    repairVolumeLabels(page);
    expect(page.map((r) => r.text)).toEqual(['0,5 l 5,90 €', '0,2 l 4,50', '0,5 l 5,90 €', '15,90 €', '0,51', '1,515,90', '0,5 15']);
  });

  it('gives a wine table’s fraction sizes their litres back ("141  1/2 |  11" → "1/4 l  1/2 l  1 l"), nothing else', () => {
    const run = (text: string, x: number, y = 100): TextRun => ({ text, x, y, width: 16, size: 8, font: 'ocr', bold: false, italic: false });
    // Beside a name in the next column; sizes read with the slash lost, the "l" as a 1 or a bar.
    const header = [run('Saltimbocca', 46), run('16,00', 261), run('141', 463), run('1/2 |', 499), run('11', 542)];
    repairVolumeLabels(header);
    expect(header.map((r) => r.text)).toEqual(['Saltimbocca', '16,00', '1/4 l', '1/2 l', '1 l']);
    // Amounts side by side, or sizes with nothing printed as a slash or an "l", stay as read.
    const amounts = [run('11', 300), run('14', 340), run('121', 380), run('11', 420), run('1/2', 460)];
    repairVolumeLabels(amounts);
    expect(amounts.map((r) => r.text)).toEqual(['11', '14', '121', '11', '1/2']);
  });

  it('keeps a bar after a fraction (the "l" of a size) and drops other trailing marks', () => {
    expect(dropTrailingMarks('1/2 |')).toBe('1/2 |');
    expect(dropTrailingMarks('Salami |?')).toBe('Salami');
  });

  it('repairs price-shaped runs only: letters among digits, a space for the separator, a lost decimal point', () => {
    const runs = (texts: string[]): TextRun[] => texts.map((text) => ({ text, x: 0, y: 0, width: 10, size: 10, font: 'ocr', bold: false, italic: false }));
    const texts = (list: TextRun[]) => {
      repairPrices(list);
      return list.map((r) => r.text);
    };
    // A page of prices with two decimals: the one read without its point is given it back.
    expect(texts(runs(['Onion Bhaji', '4.95', 'Samosa', '450', 'Tikka', '6.50', 'Curry', '12.5O', '£10 00', 'l1.00', '5.00', '3.50', '7.25', '8.00', '9.50']))).toEqual(
      ['Onion Bhaji', '4.95', 'Samosa', '4.50', 'Tikka', '6.50', 'Curry', '12.50', '£10.00', '11.00', '5.00', '3.50', '7.25', '8.00', '9.50'],
    );
    // The page's separator is used for a space; words and other numbers stay.
    expect(texts(runs(['9,50 €', '10 00 €', '8,5O €', '7,00 €', 'Il', 'lO', '2019', '75ml', 'Ø26cm']))).toEqual(['9,50 €', '10,00 €', '8,50 €', '7,00 €', 'Il', 'lO', '2019', '75ml', 'Ø26cm']);
    // Allergen codes run together in small print ("378") are no price, and do not count against
    // the repairs of the prices that lost their point ("300€").
    const sized = runs(['3,00 €', '350€', '300€', '378', '3,00 €', '3,50 €', '3,00 €', '2,50 €', '4,00 €']);
    (sized[3] as TextRun).size = 6;
    expect(texts(sized)).toEqual(['3,00 €', '3,50€', '3,00€', '378', '3,00 €', '3,50 €', '3,00 €', '2,50 €', '4,00 €']);
    // Nor do single raised codes ("7", "8") count as whole-number prices against those repairs.
    const raised = runs(['3,00 €', '350€', '300€', '7', '8', '3,00 €', '3,50 €', '3,00 €', '2,50 €', '4,00 €']);
    for (const i of [3, 4]) (raised[i] as TextRun).size = 6;
    expect(texts(raised)).toEqual(['3,00 €', '3,50€', '3,00€', '7', '8', '3,00 €', '3,50 €', '3,00 €', '2,50 €', '4,00 €']);
    // Whole-number prices are not given decimals, nor are three-digit numbers out of the range.
    expect(texts(runs(['8', '12', '450', '9', '14']))).toEqual(['8', '12', '450', '9', '14']);
    expect(texts(runs(['4.50', '6.50', '5.95', '7.00', '950']))).toEqual(['4.50', '6.50', '5.95', '7.00', '950']);
    // Four digits: a price with cents the page uses gets its point back; a year does not.
    const page = ['8,00', '7,00', '16,00', '17,00', '12,00', '4,00'];
    expect(texts(runs([...page, '1900', '2024', '1950']))).toEqual([...page, '19,00', '2024', '1950']);
    // Two of eleven prices read without their point (a small photo): still a minority, repaired.
    const small = ['1,30 €', '3,50 €', '3,80 €', '1,30 €', '2,20 €', '3,60 €', '4,00 €', '4,50 €', '1,40 €'];
    expect(texts(runs([...small, '420€', '250€']))).toEqual([...small, '4,20€', '2,50€']);
    // As many pointless numbers as prices with a point: a page of other numbers, left alone.
    expect(texts(runs(['4.50', '6.50', '5.95', '7.00', '450', '550', '600', '625']))).toEqual(['4.50', '6.50', '5.95', '7.00', '450', '550', '600', '625']);
  });

  it('gives decimals back to a price column whose commas faded, however many lost them, and leaves numbers off the columns', () => {
    const at = (text: string, x: number, y: number): TextRun => ({ text, x, y, width: 19, size: 10, font: 'ocr', bold: false, italic: false });
    // A scanned pizza table, three variant columns (right edges at 143, 178, 212 and 310, 345, 379):
    // seven of thirteen prices read without their comma, too many for the page-wide repair.
    const table = [
      at('8,00', 124, 137), at('11,00', 159, 137), at('15,00', 193, 137), at('1200', 291, 138), at('1600', 326, 138), at('22,00', 360, 137),
      at('9,50', 124, 149), at('1300', 159, 150), at('18,00', 193, 149),
      at('11,00', 291, 158), at('1500', 326, 159),
      at('1400', 159, 163), at('1900', 193, 163),
    ];
    repairPrices(table);
    // "1600" stands between two prices on its line; "1500" below it in the same column then.
    expect(table.map((r) => r.text)).toEqual(['8,00', '11,00', '15,00', '12,00', '16,00', '22,00', '9,50', '13,00', '18,00', '11,00', '15,00', '14,00', '19,00']);
    // The same numbers by the names (vintages), not in a price column and not between prices: kept.
    const wines = [at('Barolo', 20, 100), at('2000', 60, 100), at('18,00', 193, 100), at('Barbera', 20, 120), at('2020', 64, 120), at('22,00', 193, 120), at('Nebbiolo', 20, 140), at('1900', 66, 140), at('20,00', 193, 140), at('9,00', 193, 160)];
    repairPrices(wines);
    expect(wines.map((r) => r.text)).toEqual(['Barolo', '2000', '18,00', 'Barbera', '2020', '22,00', 'Nebbiolo', '1900', '20,00', '9,00']);
  });

  it('strips what is left of a leader before a price and repairs cents read for a 0 where the page supports it', () => {
    const runs = (texts: string[]): TextRun[] => texts.map((text) => ({ text, x: 0, y: 0, width: 10, size: 10, font: 'ocr', bold: false, italic: false }));
    const texts = (list: TextRun[]) => {
      repairPrices(list);
      return list.map((r) => r.text);
    };
    const page = ['1,30 €', '3,50 €', '4,20 €', '3,80 €', '2,20 €', '4,00 €'];
    expect(texts(runs([...page, '_1,49€', '.3,06 €', '…2,50 €', '-1,30 €']))).toEqual([...page, '1,40€', '3,00 €', '2,50 €', '1,30 €']);
    // Not enough prices ending in 0 to say so, or prices priced to the cent: kept.
    expect(texts(runs(['1,30 €', '3,50 €', '4,20 €', '3,06 €']))).toEqual(['1,30 €', '3,50 €', '4,20 €', '3,06 €']);
    const cents = ['2.95', '3.49', '4.99', '5.50', '6.00', '7.00', '8.00', '9.00'];
    expect(texts(runs(cents))).toEqual(cents);
    // Prices ending in 95 or 99 on a page of round prices are priced that way on purpose.
    expect(texts(runs([...page, '9,99 €']))).toEqual([...page, '9,99 €']);
    // A leader's dot before a word or a number that is no price stays.
    expect(texts(runs(['.Menu', '…2024 ann']))).toEqual(['.Menu', '…2024 ann']);
  });

  it('reads letter boxes and cuts a footnote mark Tesseract read as the end of a word', () => {
    // As Tesseract writes it with hocr_char_boxes=1: "MELANGE" on the baseline (y = 515), then a
    // raised "C,G" read as "®S".
    const letters: Array<[string, number, number, number, number]> = [
      ['M', 389, 473, 429, 515], ['E', 437, 473, 465, 515], ['L', 467, 473, 504, 515], ['A', 471, 473, 535, 515],
      ['N', 540, 473, 573, 515], ['G', 579, 473, 616, 515], ['E', 624, 473, 652, 515], ['®', 655, 459, 679, 489], ['S', 682, 459, 719, 494],
    ];
    const hocrText = [
      `<div class='ocr_page' id='page_1' title='bbox 0 0 2425 3300'>`,
      `     <span class='ocr_line' id='line_1_2' title="bbox 389 455 1176 526; baseline 0 -11; x_size 62; x_descenders 6; x_ascenders 15">`,
      `      <span class='ocrx_word' id='word_1_4' title='bbox 389 455 719 526; x_wconf 80'>`,
      ...letters.map(([c, ...b]) => `       <span class='ocrx_cinfo' title='x_bboxes ${b.join(' ')}; x_conf 99'>${c === '®' ? '&#174;' : c}</span>`),
      `      </span>`,
      `      <span class='ocrx_word' id='word_1_5' title='bbox 1057 473 1176 515; x_wconf 96'>`,
      ...[['4', 1057, 473, 1085, 515], ['.', 1093, 506, 1102, 515], ['5', 1109, 473, 1137, 515], ['0', 1144, 473, 1176, 515]].map(
        ([c, ...b]) => `       <span class='ocrx_cinfo' title='x_bboxes ${b.join(' ')}; x_conf 99'>${c}</span>`,
      ),
      `      </span>`,
      `     </span>`,
      `</div>`,
    ].join('\n');
    const lines = parseHocr(hocrText);
    expect(lines.map((l) => l.words.map((w) => w.text))).toEqual([['MELANGE®S', '4.50']]);
    const [name, mark] = splitRaisedTail(lines[0]!.words[0]!);
    expect(name).toMatchObject({ text: 'MELANGE', x1: 652, y0: 473, y1: 515 });
    expect(mark).toMatchObject({ text: '®S', x0: 655, y1: 494 });
    // A word standing on the baseline throughout is left whole.
    expect(splitRaisedTail(lines[0]!.words[1]!)).toHaveLength(1);
    // Letter boxes can be far off: where the page has ink down on the baseline under the "raised"
    // letters, they stand on the line (a last small capital, the "s" of a heading) and stay.
    const base = 526 - 11;
    const inkBetween = (x0: number, x1: number, y0: number, y1: number) => x1 > 655 && x0 < 700 && y0 <= base - 1 && y1 >= base - 8;
    expect(splitRaisedTail(lines[0]!.words[0]!, base, inkBetween)).toHaveLength(1);
    expect(splitRaisedTail(lines[0]!.words[0]!, base, () => false)).toHaveLength(2);
    const runs = toPageTexts([measurePage(lines, { page: 1, widthPx: 2425, heightPx: 3300, widthPt: 595 })])[0]!.runs;
    expect(runs.map((r) => r.text)).toEqual(['S', 'MELANGE', '4.50']);
  });

  /** One line of one word with letter boxes (as Tesseract writes them), then a price. */
  const lettered = (line: [number, number, number, number], baseline: number, letters: Array<[string, number, number, number, number]>) =>
    [
      `<div class='ocr_page' id='page_1' title='bbox 0 0 2000 2800'>`,
      `<span class='ocr_line' id='line_1_1' title="bbox ${line.join(' ')}; baseline 0 ${baseline}; x_size 40; x_descenders 6; x_ascenders 10">`,
      `<span class='ocrx_word' id='word_1_1' title='bbox ${letters[0]![1]} ${line[1]} ${letters[letters.length - 1]![3]} ${line[3]}; x_wconf 55'>`,
      ...letters.map(([c, ...b]) => `<span class='ocrx_cinfo' title='x_bboxes ${b.join(' ')}; x_conf 90'>${c.replace('<', '&lt;')}</span>`),
      `</span>`,
      `<span class='ocrx_word' id='word_1_2' title='bbox 1700 ${line[1] + 2} 1800 ${line[3] - 4}; x_wconf 96'>$12.50</span>`,
      `</span>`,
      `</div>`,
    ].join('\n');

  it('cuts a raised tail that is most of the word against the line\'s baseline ("VGSSM" = VG + raised G,S,Mu)', () => {
    // Baseline at y = 831 (line bottom 835, offset -4); V and G stand on it, "SSM" ends at 820.
    const text = lettered([1564, 801, 1800, 835], -4, [
      ['V', 1564, 803, 1590, 832], ['G', 1592, 803, 1620, 832], ['S', 1624, 801, 1640, 819], ['S', 1644, 801, 1660, 820], ['M', 1664, 801, 1688, 820],
    ]);
    const lines = parseHocr(text);
    const word = lines[0]!.words[0]!;
    // Without the line's baseline the median bottom is the tail's: nothing is cut (the old rule).
    expect(splitRaisedTail(word)).toHaveLength(1);
    expect(splitRaisedTail(word, 831).map((w) => w.text)).toEqual(['VG', 'SSM']);
    const runs = toPageTexts([measurePage(lines, { page: 1, widthPx: 2000, heightPx: 2800, widthPt: 595 })])[0]!.runs;
    expect(runs.map((r) => r.text)).toEqual(['SSM', 'VG', '$12.50']);
    const [mark, name] = runs;
    expect(mark!.y).toBeLessThan(name!.y - 0.15 * name!.size);
  });

  it('leaves a word whole when its letter boxes are out of order (read right, boxed wrong: "SALVAJE⁴")', () => {
    // As Tesseract boxed it in a photo: the "L" box starts left of the "A" before it, the "J" box
    // covers "JE", and the last "E" box sits over the raised "4" it did not read.
    const text = lettered([410, 875, 1800, 928], 0, [
      ['S', 410, 875, 430, 928], ['A', 429, 875, 451, 928], ['L', 410, 894, 500, 923], ['V', 471, 875, 492, 928],
      ['A', 491, 875, 513, 928], ['J', 495, 894, 559, 928], ['E', 562, 875, 575, 896],
    ]);
    const word = parseHocr(text)[0]!.words[0]!;
    expect(splitRaisedTail(word, 928, () => false).map((w) => w.text)).toEqual(['SALVAJE']);
    // The same letters boxed in order, the last one raised: that one is a mark.
    const ordered = parseHocr(
      lettered([410, 875, 1800, 928], 0, [
        ['S', 410, 875, 430, 928], ['A', 432, 875, 451, 928], ['L', 453, 875, 470, 928], ['V', 471, 875, 490, 928],
        ['A', 491, 875, 513, 928], ['J', 515, 875, 535, 928], ['E', 562, 875, 575, 896],
      ]),
    )[0]!.words[0]!;
    expect(splitRaisedTail(ordered, 928, () => false).map((w) => w.text)).toEqual(['SALVAJ', 'E']);
  });

  it('takes punctuation with a full-height box inside a raised tail along ("VGS<e" = VG + raised "G,Se")', () => {
    const text = lettered([1532, 715, 1800, 749], -3, [
      ['V', 1532, 717, 1556, 746], ['G', 1558, 717, 1584, 746], ['S', 1588, 715, 1602, 733], ['<', 1604, 715, 1614, 746], ['e', 1616, 715, 1634, 734],
    ]);
    const word = parseHocr(text)[0]!.words[0]!;
    expect(splitRaisedTail(word, 746).map((w) => w.text)).toEqual(['VG', 'S<e']);
    // A word whose last letter stands on the baseline keeps its marks before it.
    const standing = parseHocr(lettered([100, 715, 1800, 749], -3, [['A', 100, 717, 124, 746], ['*', 126, 715, 136, 730], ['B', 140, 717, 164, 746]]))[0]!.words[0]!;
    expect(splitRaisedTail(standing, 746)).toHaveLength(1);
  });

  it('takes a short code lifted a third of an em above the baseline for a mark even when it looks almost as tall as the line', () => {
    // Capitals 40 px (y 100–140, baseline 140); "AG" 32 px tall but ending 17 px above the baseline.
    const lines = parseHocr(
      hocr([{ box: [100, 91, 900, 140], words: [['TOPFENSTRUDEL', 100, 100, 400, 140], ['AG', 410, 91, 440, 123], ['4,80', 800, 100, 860, 140]] }]),
    );
    const runs = toPageTexts([measurePage(lines, geometry(1))])[0]!.runs;
    expect(runs.map((r) => r.text)).toEqual(['AG', 'TOPFENSTRUDEL', '4,80']);
    // A long word lifted the same way is no mark.
    const long = parseHocr(hocr([{ box: [100, 91, 900, 140], words: [['TOPFENSTRUDEL', 100, 100, 400, 140], ['HAUSGEMACHT', 410, 91, 700, 123]] }]));
    expect(toPageTexts([measurePage(long, geometry(1))])[0]!.runs.map((r) => r.text)).toEqual(['TOPFENSTRUDEL HAUSGEMACHT']);
  });
});

describe('bold from stroke weight', () => {
  it('splits two weights halfway, even when half the words are bold (a menu of bold names)', () => {
    const regular = [1.0, 1.05, 0.95, 1.1, 0.98, 1.02];
    const bold = [1.35, 1.4, 1.3, 1.45, 1.38];
    const above = boldThreshold([...regular, ...bold]);
    expect(bold.every((w) => w > above)).toBe(true);
    expect(regular.every((w) => w <= above)).toBe(true);
    // A quarter above the median (the rule before) left most of these names regular.
    expect(bold.filter((w) => w > 1.25 * 1.1).length).toBeLessThan(bold.length);
  });

  it('keeps a quarter above the median when the weights form one group, and ignores a few heavy specks', () => {
    const even = [0.95, 1.0, 1.02, 1.05, 1.08, 1.1, 0.97, 1.03];
    // (A quarter above the median: nothing here is bold.)
    expect(boldThreshold(even)).toBeGreaterThan(1.25 * 1.02);
    expect(boldThreshold(even)).toBeLessThan(1.25 * 1.04);
    // Bold headings among regular text: a tenth of the words or more, heavier by far.
    const withHeadings = [...even, ...even, 1.6, 1.7, 1.65];
    const above = boldThreshold(withHeadings);
    expect([1.6, 1.7, 1.65].every((w) => w > above) && even.every((w) => w <= above)).toBe(true);
    // One heavy speck among many words is no second weight.
    expect(boldThreshold([...even, ...even, ...even, 3])).toBeLessThan(1.25 * 1.04);
    expect(boldThreshold([])).toBe(Infinity);
  });
});

