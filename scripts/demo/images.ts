/**
 * Generated demo pictures: simple SVG drawings rasterised with sharp. No fonts are needed (the
 * logo letter is drawn with strokes), so the output is the same on every machine.
 */
import sharp from 'sharp';
import type { ImageStyle } from './menu-data.ts';

export const ITEM_IMAGE_WIDTH = 480;
export const ITEM_IMAGE_HEIGHT = 320;
const LOGO_SIZE = 256;

/** A small deterministic PRNG (mulberry32) seeded from a string, so each dish gets its own picture. */
function randomFrom(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353) >>> 0;
  return () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length) % list.length] as T;
const round = (n: number) => Math.round(n * 10) / 10;

/** Table-top backgrounds (gradient pairs) and food colours per section style. */
const TABLES: ReadonlyArray<[string, string]> = [
  ['#8d5b3a', '#5d3a22'],
  ['#c9b79c', '#9c8566'],
  ['#35524a', '#1f332d'],
  ['#7a2e2e', '#4a1a1a'],
  ['#d8cfc4', '#b3a897'],
  ['#3b4a6b', '#232c40'],
  ['#a0703f', '#6e4a27'],
  ['#556b2f', '#37461e'],
];
const FOOD: Record<ImageStyle, readonly string[]> = {
  antipasti: ['#c0392b', '#e74c3c', '#f5e6c8', '#6b8e23', '#d35400', '#8e5b3a'],
  soup: ['#d35400', '#e67e22', '#c0392b', '#f39c12', '#6b8e23'],
  salad: ['#27ae60', '#2ecc71', '#6b8e23', '#e74c3c', '#f1c40f', '#f39c12'],
  pasta: ['#f4d03f', '#f7dc6f', '#e9c46a', '#c0392b', '#6b8e23', '#8e5b3a'],
  pizza: ['#c0392b', '#f5e6c8', '#6b8e23', '#8e2c1f', '#2c3e50', '#f1c40f'],
  main: ['#8e5b3a', '#6e3b1f', '#d35400', '#27ae60', '#f5e6c8', '#a04000'],
  dessert: ['#f5e6c8', '#6e3b1f', '#8e44ad', '#c0392b', '#fdebd0', '#f1948a'],
  drink: ['#f39c12', '#7b241c', '#f7dc6f', '#d4ac0d', '#aed6f1', '#e74c3c'],
};

function background(rnd: () => number): string {
  const [a, b] = pick(rnd, TABLES);
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="${ITEM_IMAGE_WIDTH}" height="${ITEM_IMAGE_HEIGHT}" fill="url(#bg)"/>`
  );
}

function plate(cx: number, cy: number, r: number): string {
  return (
    `<ellipse cx="${cx + 8}" cy="${cy + 12}" rx="${r}" ry="${r * 0.96}" fill="#000" fill-opacity="0.25"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fbfaf7"/><circle cx="${cx}" cy="${cy}" r="${r * 0.74}" fill="#efebe4"/>`
  );
}

/** Blobs of food scattered inside a circle. */
function blobs(
  rnd: () => number,
  colors: readonly string[],
  cx: number,
  cy: number,
  spread: number,
  count: number,
  size: [number, number],
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const angle = rnd() * Math.PI * 2;
    const dist = Math.sqrt(rnd()) * spread;
    const r = size[0] + rnd() * (size[1] - size[0]);
    out += `<circle cx="${round(cx + Math.cos(angle) * dist)}" cy="${round(cy + Math.sin(angle) * dist)}" r="${round(r)}" fill="${pick(rnd, colors)}" fill-opacity="${round(0.75 + rnd() * 0.25)}"/>`;
  }
  return out;
}

function dish(style: ImageStyle, rnd: () => number): string {
  const colors = FOOD[style];
  const cx = 240 + (rnd() - 0.5) * 40;
  const cy = 160 + (rnd() - 0.5) * 16;
  switch (style) {
    case 'pizza':
      return (
        plate(cx, cy, 135) +
        `<circle cx="${cx}" cy="${cy}" r="112" fill="#d9a05b"/><circle cx="${cx}" cy="${cy}" r="98" fill="#c0392b"/>` +
        blobs(rnd, ['#f5e6c8', '#fff3d6'], cx, cy, 70, 14, [10, 20]) +
        blobs(rnd, colors, cx, cy, 80, 18, [4, 9])
      );
    case 'pasta': {
      let strands = '';
      for (let i = 0; i < 26; i++) {
        const x = cx + (rnd() - 0.5) * 130;
        const y = cy + (rnd() - 0.5) * 110;
        strands += `<path d="M${round(x)} ${round(y)} q ${round((rnd() - 0.5) * 90)} ${round((rnd() - 0.5) * 90)} ${round((rnd() - 0.5) * 90)} ${round((rnd() - 0.5) * 60)}" stroke="${pick(rnd, colors.slice(0, 3))}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
      }
      return plate(cx, cy, 135) + strands + blobs(rnd, colors.slice(3), cx, cy, 45, 9, [5, 11]);
    }
    case 'soup':
      return (
        plate(cx, cy, 135) +
        `<circle cx="${cx}" cy="${cy}" r="95" fill="#f4f1ea"/><circle cx="${cx}" cy="${cy}" r="80" fill="${pick(rnd, colors)}"/>` +
        blobs(rnd, ['#6b8e23', '#f5e6c8', '#8e5b3a'], cx, cy, 55, 10, [3, 7])
      );
    case 'drink': {
      const liquid = pick(rnd, colors);
      const x = cx - 55;
      return (
        `<ellipse cx="${cx + 10}" cy="292" rx="90" ry="16" fill="#000" fill-opacity="0.25"/>` +
        `<rect x="${x}" y="40" width="110" height="250" rx="14" fill="#ffffff" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.8" stroke-width="4"/>` +
        `<rect x="${x + 6}" y="${round(90 + rnd() * 40)}" width="98" height="${round(190 - rnd() * 40)}" rx="10" fill="${liquid}" fill-opacity="0.9"/>` +
        blobs(rnd, ['#ffffff'], cx, 200, 35, 12, [2, 5])
      );
    }
    case 'salad':
      return (
        plate(cx, cy, 135) + blobs(rnd, colors.slice(0, 3), cx, cy, 80, 40, [10, 22]) + blobs(rnd, colors.slice(3), cx, cy, 70, 12, [6, 12])
      );
    case 'dessert':
      return (
        plate(cx, cy, 125) +
        `<rect x="${cx - 60}" y="${cy - 40}" width="120" height="80" rx="16" fill="${pick(rnd, colors.slice(1, 4))}"/>` +
        blobs(rnd, colors, cx, cy - 10, 50, 10, [5, 11])
      );
    default:
      return plate(cx, cy, 135) + blobs(rnd, colors, cx, cy, 70, 24, [8, 20]);
  }
}

/** A 480×320 WebP "photo" of a dish: a plate (or glass) on a table, different for every name. */
export async function dishImage(name: string, style: ImageStyle): Promise<Buffer> {
  const rnd = randomFrom(`${style}:${name}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${ITEM_IMAGE_WIDTH}" height="${ITEM_IMAGE_HEIGHT}" viewBox="0 0 ${ITEM_IMAGE_WIDTH} ${ITEM_IMAGE_HEIGHT}">${background(rnd)}${dish(style, rnd)}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 72 }).toBuffer();
}

/** Stroke outlines of a few capital letters in a 100×100 box; unknown letters get a ring. */
const GLYPHS: Record<string, string> = {
  A: 'M20 90 L50 10 L80 90 M31 62 L69 62',
  D: 'M25 10 L25 90 L50 90 Q80 90 80 50 Q80 10 50 10 Z',
  H: 'M25 10 L25 90 M75 10 L75 90 M25 50 L75 50',
  M: 'M18 90 L18 10 L50 60 L82 10 L82 90',
  T: 'M15 10 L85 10 M50 10 L50 90',
};

/** A square PNG logo: the venue colour with a white letter. */
export async function logoImage(letter: string, color: string): Promise<Buffer> {
  const glyph = GLYPHS[letter.toUpperCase()];
  const mark = glyph
    ? `<path d="${glyph}" transform="translate(68 68) scale(1.2)" fill="none" stroke="#fff" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/>`
    : '<circle cx="128" cy="128" r="50" fill="none" stroke="#fff" stroke-width="14"/>';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 256 256">` +
    `<rect width="256" height="256" rx="40" fill="${color}"/>` +
    '<circle cx="128" cy="128" r="100" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="6"/>' +
    `${mark}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
