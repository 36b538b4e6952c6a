import { describe, expect, it } from 'vitest';
import { findPage, homography, warpPage, type Quad } from './rectify.ts';

/** A dark table with a bright page on it, the page a quadrilateral (inside test by half-planes). */
function photo(width: number, height: number, q: Quad, ink: (u: number, v: number) => boolean = () => false): Uint8Array {
  const grey = new Uint8Array(width * height).fill(70);
  const corners = [q.tl, q.tr, q.br, q.bl];
  const inside = (x: number, y: number) =>
    corners.every((a, i) => {
      const b = corners[(i + 1) % 4]!;
      return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= 0;
    });
  // The page's own coordinates (u, v in 0..1) by inverting the homography of the unit square.
  const m = homography(q, 1, 1);
  const inv = invert(m);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!inside(x + 0.5, y + 0.5)) continue;
      const d = inv[6]! * x + inv[7]! * y + inv[8]!;
      const u = (inv[0]! * x + inv[1]! * y + inv[2]!) / d;
      const v = (inv[3]! * x + inv[4]! * y + inv[5]!) / d;
      grey[y * width + x] = ink(u, v) ? 20 : 230;
    }
  return grey;
}

function invert(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g, c * d - a * f, d * h - e * g, b * g - a * h, a * e - b * d].map((v) => v / det);
}

const seenAtAngle: Quad = { tl: { x: 90, y: 60 }, tr: { x: 500, y: 80 }, br: { x: 540, y: 700 }, bl: { x: 60, y: 650 } };

describe('a photographed page made flat', () => {
  it('finds the corners of a page seen at an angle on a darker table', () => {
    const q = findPage(photo(600, 760, seenAtAngle), 600, 760);
    expect(q).not.toBeNull();
    // Each corner within a few pixels (a cell of the small copy the page is looked for in).
    for (const k of ['tl', 'tr', 'br', 'bl'] as const) {
      expect(Math.abs(q![k].x - seenAtAngle[k].x), k).toBeLessThanOrEqual(4);
      expect(Math.abs(q![k].y - seenAtAngle[k].y), k).toBeLessThanOrEqual(4);
    }
  });

  it('finds no page on a scan (no darker ground at its edges), nor in a photo of the table alone', () => {
    expect(findPage(new Uint8Array(600 * 800).fill(235), 600, 800)).toBeNull();
    const table = new Uint8Array(600 * 800).fill(70);
    table.fill(230, 600 * 390, 600 * 410);
    expect(findPage(table, 600, 800)).toBeNull();
  });

  it('maps the page onto a rectangle: a rule across the page comes out level', () => {
    // A rule across the page at v = 0.3, drawn in the page's own coordinates.
    const grey = photo(600, 760, seenAtAngle, (u, v) => Math.abs(v - 0.3) < 0.006 && u > 0.1 && u < 0.9);
    const q = findPage(grey, 600, 760)!;
    const flat = warpPage(grey, 600, 760, q, 800);
    expect(Math.max(flat.width, flat.height)).toBeLessThanOrEqual(800);
    // The rows the rule darkens, at its left and at its right end: the same rows.
    const rowsAt = (x: number) => {
      const rows: number[] = [];
      for (let y = 0; y < flat.height; y++) if (flat.grey[y * flat.width + x]! < 128) rows.push(y);
      return rows;
    };
    const left = rowsAt(Math.round(flat.width * 0.15));
    const right = rowsAt(Math.round(flat.width * 0.85));
    expect(left.length).toBeGreaterThan(0);
    expect(Math.abs(left[0]! - right[0]!)).toBeLessThanOrEqual(2);
    expect(Math.abs(left[0]! / flat.height - 0.3)).toBeLessThan(0.02);
    // The matrix takes the flat page's corners to the photo's.
    const [h11, h12, h13, h21, h22, h23, h31, h32] = flat.matrix;
    const map = (x: number, y: number) => {
      const d = h31! * x + h32! * y + 1;
      return [(h11! * x + h12! * y + h13!) / d, (h21! * x + h22! * y + h23!) / d];
    };
    const [bx, by] = map(flat.width, flat.height);
    expect(Math.abs(bx! - q.br.x)).toBeLessThan(1);
    expect(Math.abs(by! - q.br.y)).toBeLessThan(1);
  });
});
