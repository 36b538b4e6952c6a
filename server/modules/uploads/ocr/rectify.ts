import { groundFromEdges, paperLevel } from './ground.ts';

/**
 * A photographed page seen at an angle, made flat again: the page (bright paper on a darker
 * table) is found in the photo, its four corners taken, and the quadrilateral mapped back onto a
 * rectangle by a homography (a perspective warp). A deskew alone leaves the lines of a photo taken
 * from below converging, so a name and its price drift onto different lines. Pure.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Quad {
  tl: Point;
  tr: Point;
  br: Point;
  bl: Point;
}

/** The photo is looked at this small (its long side, pixels) to find the page. */
const LOOK_SIDE = 400;

/** Box-averaged copy of the image whose long side is about LOOK_SIDE, and its step. */
function shrink(grey: Uint8Array, width: number, height: number): { small: Uint8Array; sw: number; sh: number; step: number } {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / LOOK_SIDE));
  const sw = Math.max(1, Math.floor(width / step));
  const sh = Math.max(1, Math.floor(height / step));
  const small = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      let sum = 0;
      for (let dy = 0; dy < step; dy++) {
        const row = (y * step + dy) * width + x * step;
        for (let dx = 0; dx < step; dx++) sum += grey[row + dx] as number;
      }
      small[y * sw + x] = sum / (step * step);
    }
  return { small, sw, sh, step };
}

/**
 * The page's corners in the photo, or null when there is no page on a darker ground to find: the
 * ground is what is darker than the paper and reaches the photo's edge (flood-filled from the
 * edges); it must hold most of the edge and between 5 % and 70 % of the photo, and the page left
 * must be a convex quadrilateral with corners near right angles.
 */
export function findPage(grey: Uint8Array, width: number, height: number): Quad | null {
  const { small, sw, sh, step } = shrink(grey, width, height);
  // The ground is well below the paper's brightness.
  const ground = groundFromEdges(small, sw, sh, 0.7 * paperLevel(small));
  let edge = 0;
  for (let x = 0; x < sw; x++) edge += (ground[x] as number) + (ground[(sh - 1) * sw + x] as number);
  for (let y = 0; y < sh; y++) edge += (ground[y * sw] as number) + (ground[y * sw + sw - 1] as number);
  if (edge < 0.5 * 2 * (sw + sh)) return null;
  let groundCount = 0;
  for (const g of ground) groundCount += g;
  if (groundCount < 0.05 * small.length || groundCount > 0.7 * small.length) return null;
  // The corners: the page pixels furthest towards each corner of the photo.
  const best = { tl: Infinity, br: -Infinity, tr: -Infinity, bl: Infinity };
  const quad: Quad = { tl: { x: 0, y: 0 }, tr: { x: 0, y: 0 }, br: { x: 0, y: 0 }, bl: { x: 0, y: 0 } };
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      if (ground[y * sw + x]) continue;
      const [sum, diff] = [x + y, x - y];
      if (sum < best.tl) [best.tl, quad.tl] = [sum, { x, y }];
      if (sum > best.br) [best.br, quad.br] = [sum, { x, y }];
      if (diff > best.tr) [best.tr, quad.tr] = [diff, { x, y }];
      if (diff < best.bl) [best.bl, quad.bl] = [diff, { x, y }];
    }
  const scaled: Quad = {
    tl: { x: quad.tl.x * step, y: quad.tl.y * step },
    tr: { x: (quad.tr.x + 1) * step, y: quad.tr.y * step },
    br: { x: (quad.br.x + 1) * step, y: (quad.br.y + 1) * step },
    bl: { x: quad.bl.x * step, y: (quad.bl.y + 1) * step },
  };
  return plausible(scaled, width, height) ? scaled : null;
}

/** A convex quadrilateral covering a fair part of the photo, its corners within 25° of square. */
function plausible(q: Quad, width: number, height: number): boolean {
  const corners = [q.tl, q.tr, q.br, q.bl];
  let area = 0;
  for (let i = 0; i < 4; i++) {
    const a = corners[i] as Point;
    const b = corners[(i + 1) % 4] as Point;
    area += a.x * b.y - b.x * a.y;
  }
  if (Math.abs(area) / 2 < 0.25 * width * height) return false;
  for (let i = 0; i < 4; i++) {
    const prev = corners[(i + 3) % 4] as Point;
    const at = corners[i] as Point;
    const next = corners[(i + 1) % 4] as Point;
    const [ax, ay, bx, by] = [prev.x - at.x, prev.y - at.y, next.x - at.x, next.y - at.y];
    const cos = (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by) || 1);
    if (Math.abs(cos) > Math.sin((25 * Math.PI) / 180)) return false;
    // Convex, the same turn at every corner (clockwise in image coordinates).
    if (ax * by - ay * bx > 0) return false;
  }
  return true;
}

/** The homography taking (0,0), (w,0), (w,h), (0,h) to the quad's corners (a 3 × 3 matrix, row-major, h33 = 1). */
export function homography(q: Quad, w: number, h: number): number[] {
  const src = [[0, 0], [w, 0], [w, h], [0, h]] as const;
  const dst = [q.tl, q.tr, q.br, q.bl];
  // Eight equations in h11..h32: x' (h31 x + h32 y + 1) = h11 x + h12 y + h13, same for y'.
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i] as readonly [number, number];
    const { x: u, y: v } = dst[i] as Point;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss–Jordan elimination with partial pivoting.
  for (let c = 0; c < 8; c++) {
    let pivot = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs((rows[r] as number[])[c] as number) > Math.abs((rows[pivot] as number[])[c] as number)) pivot = r;
    [rows[c], rows[pivot]] = [rows[pivot] as number[], rows[c] as number[]];
    const p = rows[c] as number[];
    const div = p[c] as number;
    for (let k = c; k < 9; k++) p[k] = (p[k] as number) / div;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const row = rows[r] as number[];
      const f = row[c] as number;
      if (f) for (let k = c; k < 9; k++) row[k] = (row[k] as number) - f * (p[k] as number);
    }
  }
  return [...rows.map((r) => r[8] as number), 1];
}

/**
 * The page cut out of the photo and made rectangular: its size from the quad's sides (the longer
 * of each opposite pair), scaled so its long side is `longSide` at most; each pixel sampled from
 * the photo (bilinear) where the homography (returned as `matrix`) puts it.
 */
export function warpPage(grey: Uint8Array, width: number, height: number, q: Quad, longSide: number): { grey: Uint8Array; width: number; height: number; matrix: number[] } {
  const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const qw = Math.max(dist(q.tl, q.tr), dist(q.bl, q.br));
  const qh = Math.max(dist(q.tl, q.bl), dist(q.tr, q.br));
  const scale = Math.min(longSide / Math.max(qw, qh), 2);
  const w = Math.max(1, Math.round(qw * scale));
  const h = Math.max(1, Math.round(qh * scale));
  const m = homography(q, w, h);
  const out = new Uint8Array(w * h);
  const [h11, h12, h13, h21, h22, h23, h31, h32] = m as [number, number, number, number, number, number, number, number];
  for (let y = 0; y < h; y++) {
    const cy = y + 0.5;
    for (let x = 0; x < w; x++) {
      const cx = x + 0.5;
      const d = h31 * cx + h32 * cy + 1;
      const sx = (h11 * cx + h12 * cy + h13) / d - 0.5;
      const sy = (h21 * cx + h22 * cy + h23) / d - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        out[y * w + x] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = (grey[i] as number) * (1 - fx) + (grey[i + 1] as number) * fx;
      const low = (grey[i + width] as number) * (1 - fx) + (grey[i + width + 1] as number) * fx;
      out[y * w + x] = top * (1 - fy) + low * fy;
    }
  }
  return { grey: out, width: w, height: h, matrix: m };
}
