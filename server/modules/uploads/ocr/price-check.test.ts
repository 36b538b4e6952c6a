import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { ocrCorpusScan } from '../../../test/corpus-scan.ts';
import { ocrToolsMissing } from '../../../test/ocr-tools.ts';
import type { OcrLine, OcrWord } from './hocr.ts';
import { ocrImages } from './index.ts';
import { DISPUTED_CONF, disputeByOtherReading, disputePrices, parseOrf, priceSheet, readingsOfSheet } from './price-check.ts';
import type { DoubtSpan } from './reread.ts';

const skip = await ocrToolsMissing();

/** Two lines of a results file as GNU Ocrad 0.28 wrote it for a sheet of two prices. */
const ORF = `# Ocr Results File. Created by GNU Ocrad version 0.28
source file -
total text blocks 1
text block 1 0 0 370 470
lines 2
line 1 chars 4 height 54
 73  73 37 63; 1, '5'0
120 122 13 27; 1, ','0
143  73 37 63; 1, '5'0
184  73 38 63; 2, '0'1, 'o'0
line 2 chars 5 height 52
 72 294 44 62; 0
122 298 36 58; 1, '6'0
167 344 12 25; 1, ','0
185 298 36 58; 1, '5'0
226 298 37 58; 2, '0'1, 'o'0
`;

const word = (text: string, conf: number): OcrWord => ({ text, conf, x0: 0, y0: 0, x1: 10, y1: 10 });
const span = (w: OcrWord): DoubtSpan => ({ line: 0, words: [w], x0: 0, y0: 0, x1: 10, y1: 10, scale: 1, base: 10 });

describe('price check by a second engine', () => {
  it('reads Ocrad’s results file: each character’s box and best guess, "?" where it has none', () => {
    const chars = parseOrf(ORF);
    expect(chars.map((c) => c.text).join('')).toBe('5,50?6,50');
    expect(chars[3]).toEqual({ x: 184, y: 73, h: 63, text: '0' });
  });

  it('sorts the characters back to the sheet’s pieces by where they stand, left to right', () => {
    const sheet = { pgm: Buffer.alloc(0), margin: 24, rows: [{ x0: 24, y0: 60, y1: 150 }, { x0: 24, y0: 282, y1: 372 }] };
    const shuffled = parseOrf(ORF).reverse();
    expect(readingsOfSheet(shuffled, sheet)).toEqual(['5,50', '?6,50']);
  });

  it('disputes a price read with other digits, confirms one read the same, and takes no reading that is no whole price as an opinion', () => {
    const [misread, same, unread, euro] = [word('5,90', 63), word('3,80', 96), word('7,20', 95), word('€6,50', 92)];
    const disputed = disputePrices([span(misread), span(same), span(unread), span(euro)], ['5,50', '3.80', 'i2o', '?6,50']);
    expect(disputed).toBe(1);
    expect(misread).toMatchObject({ text: '5,90', conf: DISPUTED_CONF });
    expect(misread.checked).toBeUndefined();
    expect(same).toMatchObject({ conf: 96, checked: true });
    expect(unread).toMatchObject({ conf: 95 });
    expect(unread.checked).toBeUndefined();
    expect(euro.checked).toBeUndefined();
  });

  it('disputes a price that the language pass’s English reading of the same pixels read with other digits', () => {
    const at = (text: string, conf: number, x0: number, y0: number): OcrWord => ({ text, conf, x0, y0, x1: x0 + 80, y1: y0 + 30 });
    const line = (words: OcrWord[]): OcrLine => ({ x0: 0, y0: words[0]?.y0 ?? 0, x1: 600, y1: (words[0]?.y0 ?? 0) + 30, slope: 0, offset: 0, xSize: 30, descenders: 6, words });
    // The Italian model's page pass, and the English band pass over the same place.
    const page = [line([at('Amatriciana', 95, 0, 100), at('17,00', 92, 500, 100)]), line([at('Gricia', 95, 0, 150), at('12,00', 96, 500, 150)]), line([at('Carbonara', 95, 0, 200), at('13,00', 96, 500, 200)])];
    const english = [line([at('Amatriciana', 90, 2, 101), at('12,00', 96, 503, 101)]), line([at('Gricia', 90, 1, 151), at('12,00', 96, 502, 151)]), line([at('Carbonara', 90, 1, 201), at('13,0', 80, 502, 201)])];
    expect(disputeByOtherReading(page, english)).toBe(1);
    expect(page.map((l) => l.words[1]?.conf)).toEqual([DISPUTED_CONF, 96, 96]);
    // Another reading elsewhere on the page (no overlap) says nothing.
    const elsewhere = [line([at('9,50', 96, 500, 400)])];
    expect(disputeByOtherReading([line([at('12,00', 96, 500, 150)])], elsewhere)).toBe(0);
  });

  it('cuts out only the words that are prices', () => {
    const line: OcrLine = {
      x0: 0,
      y0: 10,
      x1: 300,
      y1: 40,
      slope: 0,
      offset: 0,
      xSize: 20,
      descenders: 5,
      words: [
        { text: 'Tripel', conf: 95, x0: 0, y0: 12, x1: 80, y1: 40 },
        { text: '33cl', conf: 95, x0: 120, y0: 12, x1: 170, y1: 40 },
        { text: '5,90', conf: 63, x0: 240, y0: 12, x1: 290, y1: 40 },
      ],
    };
    const grey = new Uint8Array(300 * 60).fill(255);
    const check = priceSheet(grey, 300, 60, [line]);
    expect(check?.spans.map((s) => s.words.map((w) => w.text))).toEqual([['5,90']]);
    expect(priceSheet(grey, 300, 60, [{ ...line, words: line.words.slice(0, 2) }])).toBeNull();
  });
});

describe.skipIf(skip)('price check on a scan', () => {
  it('flags the price Tesseract misreads in a LaTeX face (5,50 as 5,90) and confirms others', async () => {
    // A LaTeX menu printed and scanned: its old-style 5 reads as 9 to Tesseract.
    const [read] = await ocrCorpusScan('nl-brouwerij-kroeg.latex.scan.pdf');
    const prices = (read?.runs ?? []).filter((r) => /^€?\d{1,2},\d{2}$/.test(r.text));
    const tripel = prices.filter((r) => r.text === '5,90');
    expect(tripel.length).toBeGreaterThan(0);
    for (const r of tripel) expect(r.conf).toBeLessThanOrEqual(DISPUTED_CONF);
    // Ocrad reads about a third of this page's prices whole (14 here), all of them as Tesseract did.
    expect(prices.length).toBeGreaterThanOrEqual(12);
    expect(prices.filter((r) => r.checked).length).toBeGreaterThanOrEqual(4);
  }, 60_000);

  it('flags the prices of a photo that the page’s language model and the English language pass read differently', async () => {
    // A Chromium-printed Italian menu photographed at 110 dpi (test/menu-corpus): the Italian
    // model reads its bold "12,00" as "17,00" and "12,90"; the English band pass reads "12,00".
    const photo = new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../test/menu-corpus/files/it-ristorante-roma.chromium.photo.jpg')));
    const [page] = await ocrImages([photo]);
    const prices = (page?.runs ?? []).filter((r) => /^\d{1,2},\d{2}$/.test(r.text));
    expect(prices.length).toBeGreaterThanOrEqual(10);
    // Gricia's 12,00 read as 12,90 (no dish of this menu costs 12,90) is disputed.
    for (const r of prices.filter((p) => p.text === '12,90')) expect(r.conf).toBeLessThanOrEqual(DISPUTED_CONF);
    expect(prices.filter((r) => (r.conf ?? 100) <= DISPUTED_CONF).length).toBeGreaterThan(0);
  }, 60_000);
});
