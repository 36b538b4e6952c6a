import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  ensureContrast,
  formatRatio,
  normalizeHex,
  parseHex,
  qrContrast,
  readableTextColor,
  relativeLuminance,
} from './contrast.ts';

const seed = Number(process.env.FC_SEED ?? 20261125);
console.log('fast-check seed', seed);
const hexColor = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('parseHex / normalizeHex', () => {
  it.each([
    ['#000000', [0, 0, 0], '#000000'],
    ['#FFFFFF', [255, 255, 255], '#ffffff'],
    ['0f766e', [15, 118, 110], '#0f766e'],
    ['#abc', [170, 187, 204], '#aabbcc'],
    ['  #1A2b3C ', [26, 43, 60], '#1a2b3c'],
  ])('%s', (input, rgb, hex) => {
    expect(parseHex(input)).toEqual(rgb);
    expect(normalizeHex(input)).toBe(hex);
  });

  it.each(['', '#', '#12345', '#1234567', 'red', '#gggggg', 'rgb(0,0,0)'])('rejects %j', (input) => {
    expect(parseHex(input)).toBeNull();
    expect(normalizeHex(input)).toBeNull();
  });
});

describe('relativeLuminance', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
    // Mid grey: 0x80 / 255 = 0.50196 → ((0.50196 + 0.055) / 1.055) ^ 2.4
    ['#808080', 0.21586],
  ])('%s → %d', (color, expected) => {
    expect(relativeLuminance(color)).toBeCloseTo(expected, 4);
  });

  it('uses the linear segment below the 0.04045 threshold', () => {
    // 10 / 255 = 0.0392 → 0.0392 / 12.92
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 6);
  });

  it('throws on a value that is not a hex colour', () => {
    expect(() => relativeLuminance('teal')).toThrow(/hex/);
  });
});

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#0f766e', '#ffffff', 5.47],
    ['#ffff00', '#ffffff', 1.07],
  ])('%s vs %s ≈ %d', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 1);
    expect(contrastRatio(b, a)).toBeCloseTo(contrastRatio(a, b), 10);
  });
});

describe('qrContrast', () => {
  it.each([
    ['#000000', 'good'],
    ['#767676', 'good'],
    ['#777777', 'low'],
    ['#949494', 'low'], // ≈ 3.03
    ['#959595', 'fail'], // ≈ 2.99
    ['#ffff00', 'fail'],
    ['not a colour', 'fail'],
  ])('%s is %s', (color, level) => {
    expect(qrContrast(color).level).toBe(level);
  });
});

describe('readableTextColor', () => {
  it.each([
    ['#000000', '#ffffff'],
    ['#ffffff', '#000000'],
    ['#ffff00', '#000000'],
    ['#0f766e', '#ffffff'],
    ['#e11d48', '#ffffff'],
    ['#22c55e', '#000000'],
    ['', '#000000'],
  ])('on %s → %s', (bg, text) => {
    expect(readableTextColor(bg)).toBe(text);
  });
});

describe('formatRatio', () => {
  it('never rounds a failing ratio up', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});

describe('ensureContrast (the guest page brand colour)', () => {
  it.each([
    ['#ffe600', '#ffffff'],
    ['#0b1f44', '#111827'],
    ['#ffffff', '#ffffff'],
    ['#000000', '#111827'],
  ])('%s on %s reaches WCAG AA', (color, background) => {
    expect(contrastRatio(ensureContrast(color, background), background)).toBeGreaterThanOrEqual(4.45);
  });

  it('keeps a colour that already passes, and falls back to teal for no colour', () => {
    expect(ensureContrast('#0f766e', '#ffffff')).toBe('#0f766e');
    expect(ensureContrast('', '#ffffff')).toBe('#0f766e');
    expect(readableTextColor('#ffe600')).toBe('#000000');
    expect(readableTextColor('#0b1f44')).toBe('#ffffff');
  });

  it('always ends near AA on the light and the dark guest background', () => {
    fc.assert(
      fc.property(
        hexColor,
        fc.constantFrom('#ffffff', '#111827'),
        (color, background) => contrastRatio(ensureContrast(color, background), background) >= 4.4,
      ),
      { seed },
    );
  });
});

describe('contrast properties', () => {
  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(hexColor, hexColor, (a, b) => {
        const ratio = contrastRatio(a, b);
        return ratio >= 1 && ratio <= 21 && Math.abs(ratio - contrastRatio(b, a)) < 1e-12;
      }),
      { seed },
    );
  });
});
