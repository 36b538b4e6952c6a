import { describe, expect, it } from 'vitest';
import type { OcrLine } from './hocr.ts';
import { linesOfPiece, stackPieces } from './sheet.ts';

const piece = (w: number, h: number, shade: number) => ({ pixels: new Uint8Array(w * h).fill(shade), w, h });
const lineAt = (x0: number, y0: number, x1: number, y1: number, text: string): OcrLine => ({
  x0, y0, x1, y1, slope: 0, offset: 0, xSize: y1 - y0, descenders: 0,
  words: [{ text, x0, y0, x1, y1, conf: 90, chars: [{ text: text[0]!, x0, y0, x1: x0 + 5, y1 }] }],
});

describe('pieces of a page read on one sheet', () => {
  it('stacks the pieces with white between them and gives each its place', () => {
    const sheet = stackPieces([piece(100, 40, 0), piece(60, 20, 50)], 24);
    expect(sheet.rows).toEqual([{ x0: 24, y0: 24, y1: 64 }, { x0: 24, y0: 112, y1: 132 }]);
    const [header, size] = [sheet.pgm.subarray(0, 15).toString('latin1'), 148 * 156];
    expect(header).toBe('P5\n148 156\n255\n');
    const pixels = sheet.pgm.subarray(header.length);
    expect(pixels.length).toBe(size);
    // Inside the first piece, between the pieces, inside the second.
    expect([pixels[30 * 148 + 30], pixels[80 * 148 + 30], pixels[120 * 148 + 30], pixels[120 * 148 + 100]]).toEqual([0, 255, 50, 255]);
  });

  it('sorts what was read back to its piece, in the piece’s own coordinates', () => {
    const sheet = stackPieces([piece(100, 40, 0), piece(60, 20, 0)], 24);
    const found = [lineAt(30, 30, 90, 58, 'first'), lineAt(26, 114, 70, 130, 'second')];
    expect(linesOfPiece(found, sheet, 0).map((l) => [l.words[0]!.text, l.x0, l.y0, l.words[0]!.chars![0]!.x1])).toEqual([['first', 6, 6, 11]]);
    expect(linesOfPiece(found, sheet, 1).map((l) => [l.words[0]!.text, l.x0, l.y0, l.y1])).toEqual([['second', 2, 2, 18]]);
    expect(linesOfPiece(found, sheet, 2)).toEqual([]);
  });
});
