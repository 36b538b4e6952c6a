/**
 * WCAG 2.x colour contrast: relative luminance, contrast ratio and the readable text colour on a
 * coloured background. Used by the guest page (the venue's brand colour is adjusted until text in
 * it meets WCAG AA), the QR code dialog (a dark colour on white must scan) and tag chips (text on
 * the tag's colour must stay readable).
 */

type Rgb = [number, number, number];

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/** `#rgb` / `#rrggbb` (with or without `#`) → [r, g, b] in 0..255, or null when not a hex colour. */
export function parseHex(color: string): Rgb | null {
  const value = color.trim();
  const short = HEX3.exec(value)?.[1];
  const hex = short
    ? short
        .split('')
        .map((c) => c + c)
        .join('')
    : HEX6.exec(value)?.[1];
  if (!hex) return null;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

/** `#rgb`, `#RRGGBB` or `rrggbb` → `#rrggbb` (lower case), or null when not a hex colour. */
export function normalizeHex(color: string): string | null {
  const rgb = parseHex(color);
  return rgb ? toHex(rgb) : null;
}

/** [r, g, b] (rounded) → `#rrggbb`. */
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** sRGB channel (0..255) → linear light (WCAG 2.x definition, threshold 0.04045). */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map(linear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Relative luminance of a hex colour: 0 for black, 1 for white. Throws on a non-hex value. */
export function relativeLuminance(color: string): number {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  return luminanceOf(rgb);
}

function ratioOf(a: Rgb, b: Rgb): number {
  const la = luminanceOf(a);
  const lb = luminanceOf(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast ratio of two colours, from 1 (none) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(parseHexOrThrow(a), parseHexOrThrow(b));
}

function parseHexOrThrow(color: string): Rgb {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  return rgb;
}

/** WCAG AA for normal text. */
export const WCAG_AA = 4.5;
/** The guest page's colour when a venue has none (or an invalid one). */
const FALLBACK_BRAND: Rgb = [15, 118, 110];

/**
 * The brand colour adjusted (moved towards black or white in small steps, hue kept) until it
 * reaches `ratio` against the background, so text in it always meets WCAG AA.
 */
export function ensureContrast(color: string, background: string, ratio = WCAG_AA): string {
  const bg = parseHex(background) ?? [255, 255, 255];
  let rgb = parseHex(color) ?? FALLBACK_BRAND;
  const target: Rgb = luminanceOf(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let i = 0; i < 40 && ratioOf(rgb, bg) < ratio; i++) {
    rgb = rgb.map((v, k) => v + (target[k as 0 | 1 | 2] - v) * 0.1) as Rgb;
  }
  return toHex(rgb);
}

/** Black or white, whichever reads better on `background` (white on invalid input is never chosen). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  if (!parseHex(background)) return '#000000';
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** Minimum contrast against white for a QR code colour that we recommend (WCAG AA for text). */
export const QR_CONTRAST_GOOD = WCAG_AA;
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
