/** WCAG colour maths for the venue's brand colour on the guest page. */

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function luminance([r, g, b]: [number, number, number]): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

const toHex = (rgb: [number, number, number]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/**
 * The brand colour adjusted (darkened or lightened in small steps, hue kept) until it reaches
 * `ratio` against the background, so text in it always meets WCAG AA.
 */
export function ensureContrast(hex: string, background: string, ratio = 4.5): string {
  const bg = parseHex(background) ?? [255, 255, 255];
  let rgb = parseHex(hex) ?? [15, 118, 110];
  const target: [number, number, number] = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let i = 0; i < 40 && contrastRatio(rgb, bg) < ratio; i++) {
    rgb = rgb.map((v, k) => v + (target[k as 0 | 1 | 2] - v) * 0.1) as [number, number, number];
  }
  return toHex(rgb);
}

/** Black or white, whichever reads better on the colour (for text on a coloured button). */
export function readableOn(hex: string): string {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  return contrastRatio(rgb, [255, 255, 255]) >= contrastRatio(rgb, [0, 0, 0]) ? '#ffffff' : '#000000';
}
