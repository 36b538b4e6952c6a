/**
 * WCAG 2.x colour contrast: relative luminance, contrast ratio and the readable text colour on a
 * coloured background. Used by the QR code dialog (a dark colour on white must scan) and by tag
 * chips (text on the tag's colour must stay readable).
 */

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/** `#rgb` / `#rrggbb` (with or without `#`) → [r, g, b] in 0..255, or null when not a hex colour. */
export function parseHex(color: string): [number, number, number] | null {
  const value = color.trim();
  const short = HEX3.exec(value)?.[1];
  const hex = short ? short.split('').map((c) => c + c).join('') : HEX6.exec(value)?.[1];
  if (!hex) return null;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** `#rgb`, `#RRGGBB` or `rrggbb` → `#rrggbb` (lower case), or null when not a hex colour. */
export function normalizeHex(color: string): string | null {
  const rgb = parseHex(color);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : null;
}

/** sRGB channel (0..255) → linear light (WCAG 2.x definition, threshold 0.04045). */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a hex colour: 0 for black, 1 for white. Throws on a non-hex value. */
export function relativeLuminance(color: string): number {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  const [r, g, b] = rgb.map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (none) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background` (white on invalid input is never chosen). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  if (!parseHex(background)) return '#000000';
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** Minimum contrast against white for a QR code colour that we recommend (WCAG AA for text). */
export const QR_CONTRAST_GOOD = 4.5;
/** Below this the QR code is refused: many phone cameras cannot separate the modules from white. */
export const QR_CONTRAST_MIN = 3;

export type QrContrast = { ratio: number; level: 'good' | 'low' | 'fail' };

/** How well a QR code in `color` on white will scan: good (≥ 4.5), low (≥ 3) or fail. */
export function qrContrast(color: string): QrContrast {
  if (!parseHex(color)) return { ratio: 1, level: 'fail' };
  const ratio = contrastRatio(color, '#ffffff');
  return { ratio, level: ratio >= QR_CONTRAST_GOOD ? 'good' : ratio >= QR_CONTRAST_MIN ? 'low' : 'fail' };
}

/** "4.53:1" style rounding that never rounds a failing ratio up to a passing one. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
