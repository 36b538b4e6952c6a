import { describe, expect, it } from 'vitest';
import type { OcrLine, OcrWord } from './hocr.ts';
import { markSheet, markZones, placeMarks, regroupDigits } from './marks.ts';

/** A white page with ink rectangles (pixels under 128 are ink). */
function pageWith(width: number, height: number, boxes: Array<[number, number, number, number]>): Uint8Array {
  const grey = new Uint8Array(width * height).fill(255);
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y < y1; y++) grey.fill(0, y * width + x0, y * width + x1);
  return grey;
}

const word = (text: string, x0: number, x1: number, extra: Partial<OcrWord> = {}): OcrWord => ({ text, x0, y0: 100, x1, y1: 140, conf: 90, ...extra });
/** A line whose baseline is y = 140 (its box 100–150 with descenders). */
const line = (words: OcrWord[]): OcrLine => ({ x0: 50, y0: 100, x1: 900, y1: 150, slope: 0, offset: -10, xSize: 50, descenders: 10, words });

describe('raised marks read again', () => {
  // Letters from the baseline (y 140) up to the cap height (y 100); a mark "1,7" drawn as ink from
  // y 96 to 112, after the word's last letter.
  const letters: Array<[number, number, number, number]> = [[60, 100, 200, 140]];
  const mark: Array<[number, number, number, number]> = [[206, 96, 212, 112], [216, 106, 218, 114], [222, 96, 230, 112]];

  it('finds a mark after a word: ink above the letters’ lower half, nothing below it', () => {
    const grey = pageWith(1000, 300, [...letters, ...mark]);
    const zones = markZones(grey, 1000, 300, [line([word('Salami', 60, 200)])]);
    expect(zones.map((z) => [z.word.text, z.x0, z.y0, z.x1, z.y1, z.tail])).toEqual([['Salami', 206, 96, 230, 114, 0]]);
  });

  it('takes no next word, comma, middle dot or speck for a mark', () => {
    // The next word (ink down to the baseline), a comma (low), a middle dot (small, at mid-height).
    const next = pageWith(1000, 300, [...letters, [215, 100, 300, 140]]);
    expect(markZones(next, 1000, 300, [line([word('Salami', 60, 200)])])).toEqual([]);
    const comma = pageWith(1000, 300, [...letters, [203, 132, 207, 146]]);
    expect(markZones(comma, 1000, 300, [line([word('Salami', 60, 200)])])).toEqual([]);
    const dot = pageWith(1000, 300, [...letters, [210, 118, 215, 123]]);
    expect(markZones(dot, 1000, 300, [line([word('Salami', 60, 200)])])).toEqual([]);
    // The line above reaching down into the band is no mark either, nor does it widen one.
    const above = pageWith(1000, 300, [...letters, ...mark, [190, 60, 400, 84]]);
    expect(markZones(above, 1000, 300, [line([word('Salami', 60, 200)])]).map((z) => [z.x0, z.y0, z.x1, z.y1])).toEqual([[206, 96, 230, 114]]);
  });

  it('cuts the signs the page pass read the mark as off the word, and replaces its specks', () => {
    const grey = pageWith(1000, 300, [...letters, ...mark]);
    const chars = [...'Salami'].map((c, i) => ({ text: c, x0: 60 + i * 23, y0: 100, x1: 83 + i * 23, y1: 140 }));
    const glued = word('Salami”', 60, 230, { chars: [...chars, { text: '”', x0: 206, y0: 96, x1: 230, y1: 112 }] });
    const speck = word('°', 210, 220, { y0: 96, y1: 104, conf: 10 });
    const far = word('°', 300, 310, { y0: 96, y1: 104, conf: 10 });
    const page = [line([glued, speck, far])];
    const zones = markZones(grey, 1000, 300, page);
    expect(zones.map((z) => [z.x0, z.tail])).toEqual([[206, 1]]);
    // The sheet: one row per mark, enlarged to about 40 px of ink.
    const sheet = markSheet(grey, 1000, zones);
    expect(sheet.pgm.subarray(0, 2).toString('latin1')).toBe('P5');
    expect(sheet.rows[0]!.y1 - sheet.rows[0]!.y0).toBeGreaterThan(40);
    // What Tesseract read on the sheet's row becomes the mark; the glued sign goes.
    const found: OcrLine[] = [{ ...line([{ text: '1,7', x0: 30, y0: sheet.rows[0]!.y0 + 8, x1: 120, y1: sheet.rows[0]!.y1 - 8, conf: 80 }]), y0: sheet.rows[0]!.y0 + 8, y1: sheet.rows[0]!.y1 - 8 }];
    expect(placeMarks(found, zones, sheet, page)).toBe(1);
    expect(page[0]!.words.map((w) => [w.text, w.x0, w.x1])).toEqual([['Salami', 60, 205], ['1,7', 206, 230], ['°', 300, 310]]);
  });

  it('keeps what the page pass read when the sheet reads no codes there', () => {
    const grey = pageWith(1000, 300, [...letters, ...mark]);
    const page = [line([word('Salami', 60, 200)])];
    const zones = markZones(grey, 1000, 300, page);
    const sheet = markSheet(grey, 1000, zones);
    const found: OcrLine[] = [{ ...line([{ text: 'Salami', x0: 30, y0: sheet.rows[0]!.y0, x1: 120, y1: sheet.rows[0]!.y1, conf: 80 }]), y0: sheet.rows[0]!.y0, y1: sheet.rows[0]!.y1 }];
    expect(placeMarks(found, zones, sheet, page)).toBe(0);
    expect(page[0]!.words.map((w) => w.text)).toEqual(['Salami']);
  });

  it('counts the glyphs between the commas in the ink, a comma touching its digit too', () => {
    // "1,2,3": commas reach below the digits' foot (y 112); the second touches the "2".
    const codes: Array<[number, number, number, number]> = [[206, 96, 212, 112], [214, 106, 216, 116], [218, 96, 224, 112], [224, 106, 227, 116], [230, 96, 236, 112]];
    const zones = markZones(pageWith(1000, 300, [...letters, ...codes]), 1000, 300, [line([word('Salami', 60, 200)])]);
    expect(zones.map((z) => z.groups)).toEqual([[1, 1, 1]]);
    // The mark of the first test: "1" "," "7".
    expect(markZones(pageWith(1000, 300, [...letters, ...mark]), 1000, 300, [line([word('Salami', 60, 200)])])[0]?.groups).toEqual([1, 1]);
  });

  it('takes a raised comma that reaches into the letters’ lower half for the mark’s, not the next word', () => {
    // Baseline 140: the comma comes down to y 130, into the letters' lower half (below y 126) but
    // above their foot (y 134); the mark goes on after it.
    const raised: Array<[number, number, number, number]> = [[206, 96, 212, 112], [214, 108, 216, 130], [220, 96, 226, 112]];
    const zones = markZones(pageWith(1000, 300, [...letters, ...raised]), 1000, 300, [line([word('Salami', 60, 200)])]);
    expect(zones.map((z) => [z.x0, z.x1])).toEqual([[206, 226]]);
  });

  it('starts the mark after the last letter’s ink, wherever Tesseract’s boxes end', () => {
    // A "T" whose bar reaches past the word's box is the letter's, not the mark's.
    const bar = pageWith(1000, 300, [...letters, [190, 100, 208, 105], ...mark.map(([x0, y0, x1, y1]) => [x0 + 8, y0, x1 + 8, y1] as [number, number, number, number])]);
    expect(markZones(bar, 1000, 300, [line([word('SALAT', 60, 200)])]).map((z) => z.x0)).toEqual([214]);
    // The mark read as signs and digits glued on the name, its box starting inside the last letter.
    const chars = [...'Stew'].map((c, i) => ({ text: c, x0: 60 + i * 35, y0: 100, x1: 95 + i * 35, y1: 140 }));
    const glued = word("Stew'?4", 60, 230, {
      chars: [...chars, { text: "'", x0: 190, y0: 96, x1: 200, y1: 104 }, { text: '?', x0: 200, y0: 96, x1: 215, y1: 112 }, { text: '4', x0: 215, y0: 96, x1: 230, y1: 112 }],
    });
    expect(markZones(pageWith(1000, 300, [...letters, ...mark]), 1000, 300, [line([glued])]).map((z) => [z.x0, z.tail])).toEqual([[206, 3]]);
  });

  it('puts the commas OCR lost back where the ink has them, and keeps the ones it read', () => {
    expect(regroupDigits('123', [1, 1, 1])).toBe('1,2,3');
    expect(regroupDigits('13,14', [1, 1, 2])).toBe('1,3,14');
    // A comma that does not reach below the digits is not seen in the ink: what OCR read stays.
    expect(regroupDigits('1,7,10', [4])).toBe('1,7,10');
    // Touching digits count as one glyph: the counts differ, the reading stays.
    expect(regroupDigits('712', [1, 1])).toBe('712');
    expect(regroupDigits('GM', [1, 1])).toBe('GM');
  });
});
