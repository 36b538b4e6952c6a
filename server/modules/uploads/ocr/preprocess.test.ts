import { describe, expect, it } from 'vitest';
import { eraseLeaders, estimateSkew } from './preprocess.ts';

const W = 800;
const H = 400;
const ink = (grey: Uint8Array, x0: number, y0: number, x1: number, y1: number, value = 0) => {
  for (let y = y0; y < y1; y++) grey.fill(value, y * W + x0, y * W + x1);
};
const dark = (grey: Uint8Array, x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if ((grey[y * W + x] as number) < 200) n++;
  return n;
};
/** "Letters": 6 × 20 px bars 4 px apart from x0 to x1, standing on `base`. */
const letters = (grey: Uint8Array, x0: number, x1: number, base: number) => {
  for (let x = x0; x + 6 <= x1; x += 10) ink(grey, x, base - 20, x + 6, base);
};

describe('dot leaders', () => {
  it('erases a leader a scan broke into dashes, with the grey between them, and keeps the name, the price and its decimal point', () => {
    const grey = new Uint8Array(W * H).fill(255);
    letters(grey, 100, 300, 120);
    // The leader: flat pieces of different lengths, 3 px tall, faint grey dots between them.
    for (const [x0, x1] of [[310, 330], [340, 380], [392, 410], [420, 470], [480, 500], [512, 560], [570, 600]] as const) ink(grey, x0, 116, x1, 119);
    for (const x of [334, 386, 415, 475, 506, 565]) ink(grey, x, 117, x + 2, 119, 170);
    // The price "4.50": digits, and a decimal point between them.
    letters(grey, 610, 630, 120);
    ink(grey, 632, 115, 636, 119);
    letters(grey, 640, 670, 120);
    eraseLeaders(grey, W, H);
    expect(dark(grey, 305, 110, 605, 122)).toBe(0);
    expect(dark(grey, 100, 100, 300, 120)).toBe(20 * 20 * 6);
    expect(dark(grey, 632, 115, 636, 119)).toBe(16);
    expect(dark(grey, 610, 100, 670, 120)).toBe(5 * 20 * 6 + 16);
  });
});

describe('skew', () => {
  const PW = 1700;
  const PH = 2200;
  /** A column of text lines: 12 px tall letters 5 px apart, lines `pitch` apart, sloped by `deg` (positive: rising to the right). */
  const column = (grey: Uint8Array, x0: number, x1: number, firstBase: number, lines: number, deg = 0, pitch = 36) => {
    const t = Math.tan((deg * Math.PI) / 180);
    for (let k = 0; k < lines; k++)
      for (let x = x0; x + 4 <= x1; x += 9) {
        const base = Math.round(firstBase + k * pitch - x * t);
        for (let y = base - 12; y < base; y++) grey.fill(0, y * PW + x, y * PW + x + 4);
      }
  };

  it('finds the slant of the lines', () => {
    const grey = new Uint8Array(PW * PH).fill(255);
    column(grey, 100, 800, 300, 30, 1.5);
    column(grey, 900, 1600, 300, 30, 1.5);
    expect(Math.abs(estimateSkew(grey, PW, PH) - 1.5)).toBeLessThan(0.1);
  });

  it('keeps a straight page straight whose right column sets its lines lower than the left ones', () => {
    // Two columns on the left, one on the right a few pixels lower (a variant header over it):
    // over the whole width, a slant lining the columns up makes the sharpest rows.
    const grey = new Uint8Array(PW * PH).fill(255);
    column(grey, 100, 500, 300, 20);
    column(grey, 560, 1000, 300, 20);
    column(grey, 1100, 1600, 314, 20);
    expect(Math.abs(estimateSkew(grey, PW, PH))).toBeLessThan(0.3);
  });
});
