import { describe, expect, it } from 'vitest';
import type { OcrLine, OcrWord } from './hocr.ts';
import { doubtPieces, doubtSpans, placeRereads } from './reread.ts';
import { stackPieces } from './sheet.ts';

const word = (text: string, x0: number, x1: number, conf: number, extra: Partial<OcrWord> = {}): OcrWord => ({ text, x0, y0: 100, x1, y1: 130, conf, ...extra });
/** A line whose baseline is y = 130: letters 30 px tall above it, descenders 8 px below. */
const line = (words: OcrWord[]): OcrLine => ({ x0: 0, y0: 100, x1: 1000, y1: 138, slope: 0, offset: -8, xSize: 38, descenders: 8, words });

describe('doubted words read again enlarged', () => {
  it('cuts out each stretch of doubted words, no farther than its neighbours, enlarged to a readable size', () => {
    const page = [line([word('Vino', 100, 160, 95), word('dellacasa', 170, 300, 40), word('0550', 310, 370, 44), word('4,00', 600, 660, 90), word('v4I', 700, 740, 25)])];
    const spans = doubtSpans(page, 1000, 400);
    // The least sure first; each between its neighbours' boxes and around the line's letters.
    expect(spans.map((s) => [s.words.map((w) => w.text).join(' '), s.x0, s.x1])).toEqual([
      ['v4I', 696, 745],
      ['dellacasa 0550', 166, 375],
    ]);
    for (const s of spans) {
      expect(s.y0).toBeLessThan(100);
      expect(s.y1).toBeGreaterThan(138);
      expect(s.scale).toBeGreaterThan(1);
    }
    const [piece] = doubtPieces(new Uint8Array(1000 * 400).fill(255), 1000, spans);
    expect(piece!.w).toBe(Math.round((745 - 696) * spans[0]!.scale));
  });

  it('splits at a gap wider than the letters and leaves sure words, raised marks and glued marks alone', () => {
    const raised = word('1,7', 205, 225, 30, { y0: 96, y1: 112 });
    const marked = word('Salami', 100, 200, 50);
    const page = [line([word('Pizza', 0, 90, 30), marked, raised, word('Pickle?”', 300, 400, 20), word('9,50', 420, 480, 50), word('12,00', 560, 620, 50)])];
    const spans = doubtSpans(page, 1000, 400, new Set([marked]));
    expect(spans.map((s) => s.words.map((w) => w.text).join(' ')).sort()).toEqual(['12,00', '9,50', 'Pizza']);
  });

  /** A page with one doubted stretch, its sheet, and what Tesseract read on the sheet's row. */
  function reread(doubted: OcrWord[], read: Array<[string, number]>) {
    const page = [line([word('Pasta', 20, 90, 96), ...doubted, word('9,50', 600, 660, 96)])];
    const spans = doubtSpans(page, 1000, 400);
    const sheet = stackPieces(doubtPieces(new Uint8Array(1000 * 400).fill(255), 1000, spans), 64);
    const row = sheet.rows[0]!;
    // The words spread over the row, in the sheet's pixels.
    const found: OcrLine[] = [
      {
        ...line(read.map(([text, conf], i) => ({ text, conf, x0: row.x0 + 10 + i * 60, x1: row.x0 + 60 + i * 60, y0: row.y0 + 10, y1: row.y1 - 10 }))),
        y0: row.y0 + 10,
        y1: row.y1 - 10,
      },
    ];
    const replaced = placeRereads(found, spans, sheet, page);
    return { replaced, words: page[0]!.words, span: spans[0]! };
  }

  it('replaces a stretch with what was read when Tesseract is surer of it, back in page pixels', () => {
    const { replaced, words, span } = reread([word('Vinodellacasa', 120, 300, 44)], [['Vino', 96], ['della', 96], ['casa', 96]]);
    expect(replaced).toBe(1);
    expect(words.map((w) => w.text)).toEqual(['Pasta', 'Vino', 'della', 'casa', '9,50']);
    const vino = words[1]!;
    expect(vino.x0).toBeCloseTo(span.x0 + 10 / span.scale, 5);
    // As tall as the word it replaced: the line's size is measured on its words' boxes.
    expect([vino.y0, vino.y1]).toEqual([100, 130]);
  });

  it('keeps what the page pass read when the new reading is no surer, says much more or less, or changes a price', () => {
    expect(reread([word('v4I', 120, 160, 25)], [['1/41', 5]]).replaced).toBe(0);
    expect(reread([word('ve]', 120, 160, 7)], [['ve]', 66]]).replaced).toBe(0);
    expect(reread([word('Gricia', 120, 200, 55)], [['Gricia', 62]]).replaced).toBe(0);
    expect(reread([word('Gricia', 120, 200, 40)], [['Gricia', 90], ['e', 90], ['pepe', 90], ['al', 90], ['forno', 90]]).replaced).toBe(0);
    expect(reread([word('5,50', 120, 200, 55)], [['5,90', 95]]).replaced).toBe(0);
    expect(reread([word('24,01', 120, 200, 36)], [['24,0', 87]]).replaced).toBe(0);
    expect(reread([word('Mare', 120, 200, 43)], [['Mare’', 90]]).replaced).toBe(0);
    expect(reread([word('[v', 120, 150, 30)], [['=', 90]]).replaced).toBe(0);
    // A price may be made of what was none.
    expect(reread([word('1900', 120, 200, 50)], [['19,00', 96]]).words.map((w) => w.text)).toEqual(['Pasta', '19,00', '9,50']);
  });
});
