import { endsInPriceOnRequestNote } from './price-notes.ts';
import { parsePrices } from './prices.ts';
import type { TextRun } from './types.ts';

/**
 * Column detection (1–3 columns) from where lines start: a column is a left edge many lines
 * start at, with (almost) no text running across the vertical line just left of it, and menu
 * text (words, not only prices) on both sides. A right price column or a variant-price table is
 * not a column (only prices start there); a table of names and regions is not two columns (its
 * sides share baselines and only one side has prices). Pure.
 */

const right = (r: TextRun) => r.x + r.width;
const isPriceOnly = (text: string) => {
  const p = parsePrices(text);
  return Boolean(p && !p.rest.replace(/\t/g, '').trim());
};
const hasWords = (r: TextRun) => /\p{L}{2,}/u.test(r.text) && !isPriceOnly(r.text);

/** Joins pieces of one phrase (text drawn glyph by glyph or in kerned fragments) into one run. */
export function mergeFragments(runs: TextRun[]): TextRun[] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const out: TextRun[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    const gap = last ? r.x - right(last) : Infinity;
    if (last && Math.abs(r.y - last.y) <= 0.3 * Math.max(r.size, last.size) && gap < 0.3 * Math.max(r.size, last.size) && gap > -0.5 * r.size) {
      const space = gap > 0.15 * r.size || last.spaceAfter || r.spaceBefore;
      out[out.length - 1] = { ...last, text: last.text + (space ? ' ' : '') + r.text, width: Math.max(right(r), right(last)) - last.x, size: Math.max(last.size, r.size) };
    } else out.push({ ...r });
  }
  return out;
}

/** The pieces that start a line or a column's line: nothing on their baseline just to their left. */
function lineStarts(pieces: TextRun[]): TextRun[] {
  return pieces.filter((p) => !pieces.some((q) => q !== p && Math.abs(q.y - p.y) <= 0.4 * Math.max(p.size, q.size) && right(q) <= p.x + 0.5 && p.x - right(q) < 0.9 * p.size));
}

interface Side {
  pieces: TextRun[];
}

/**
 * Most of the side's text is the same words again and again ("Incluido en el menú" beside each
 * course of a set menu, "Market price"): notes standing in for prices, not a column of a menu,
 * whose lines are names and descriptions that differ.
 */
function repetitive(s: Side): boolean {
  const words = s.pieces.filter(hasWords).length;
  const most = mostRepeated(s);
  return words >= 3 && most >= 2 && most >= 0.5 * words;
}

/**
 * The longest run of lines in a row that carry the same short text ("Incluido" beside each course;
 * a variant header repeated over each table is lines apart, not in a row).
 */
function noteRows(s: Side): number {
  const ys = new Map<string, number[]>();
  for (const r of s.pieces.filter(hasWords)) {
    const t = textKey(r);
    if (t.split(' ').length <= 4) ys.set(t, [...(ys.get(t) ?? []), r.y]);
  }
  let best = 0;
  for (const [t, list] of ys) {
    const size = s.pieces.find((r) => textKey(r) === t)?.size ?? 10;
    const sorted = list.sort((a, b) => a - b);
    let run = 1;
    for (let i = 1; i < sorted.length; i++) {
      run = (sorted[i] as number) - (sorted[i - 1] as number) <= 2.5 * size ? run + 1 : 1;
      best = Math.max(best, run);
    }
  }
  return best;
}

/** How often the side's most frequent text occurs. */
function mostRepeated(s: Side): number {
  const counts = new Map<string, number>();
  for (const r of s.pieces.filter(hasWords)) {
    const t = textKey(r);
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

const textKey = (r: TextRun) => r.text.normalize('NFKC').toLowerCase().replace(/[^\p{L}]+/gu, ' ').trim();

function sideOk(left: Side, rightSide: Side, all: number): boolean {
  const words = (s: Side) => s.pieces.filter(hasWords).length;
  if (words(left) < 3 || words(rightSide) < 3) return false;
  if (words(left) < 0.3 * left.pieces.length || words(rightSide) < 0.3 * rightSide.pieces.length) return false;
  if (repetitive(left) || repetitive(rightSide)) return false;
  // A set menu's courses carry the same short note where prices would stand ("Incluido").
  const priced = (s: Side) => s.pieces.some((r) => parsePrices(r.text)) || noteRows(s) >= 3;
  if (priced(left) && priced(rightSide)) return true;
  // Without prices on both sides: both substantial, and not a table (rows sharing baselines).
  const lb = new Set(left.pieces.map((r) => Math.round(r.y)));
  const rb = [...new Set(rightSide.pieces.map((r) => Math.round(r.y)))];
  const shared = rb.filter((y) => lb.has(y) || lb.has(y - 1) || lb.has(y + 1)).length / Math.max(1, Math.min(lb.size, rb.length));
  const share = Math.min(left.pieces.length, rightSide.pieces.length) / all;
  return shared <= 0.3 && share >= 0.2 && lb.size >= 3 && rb.length >= 3;
}

/** The x positions of the gutters between columns (0–2 of them), left to right. */
export function findGutters(runs: TextRun[]): number[] {
  const pieces = mergeFragments(runs.filter((r) => r.text.trim()));
  if (pieces.length < 8) return [];
  const minX = Math.min(...pieces.map((r) => r.x));
  const maxX = Math.max(...pieces.map(right));
  const width = maxX - minX;
  if (width < 200) return [];
  // A column's lines start with words (or with a price followed by words: "prices left"); a
  // column of prices alone is part of a table.
  const starts = lineStarts(pieces).filter(
    (s) =>
      hasWords(s) ||
      pieces.some((q) => hasWords(q) && Math.abs(q.y - s.y) <= 0.4 * Math.max(s.size, q.size) && q.x >= right(s) && q.x - right(s) < 3 * s.size),
  );
  const sizes = pieces.map((p) => p.size).sort((a, b) => a - b);
  const typical = sizes[Math.floor(sizes.length / 2)] as number;
  const body = pieces.filter((p) => p.size < 1.6 * typical);
  // Left edges shared by several line starts (3 pt tolerance), most used first.
  const edges: Array<{ x: number; n: number; ys: number[] }> = [];
  for (const s of [...starts].sort((a, b) => a.x - b.x)) {
    const last = edges[edges.length - 1];
    if (last && s.x - last.x <= 3) {
      last.n++;
      last.ys.push(s.y);
    } else edges.push({ x: s.x, n: 1, ys: [s.y] });
  }
  const allowed = Math.max(2, Math.floor(0.05 * new Set(pieces.map((p) => Math.round(p.y))).size));
  const candidates = edges
    .filter((e) => e.n >= 3 && e.x > minX + 0.15 * width && e.x < minX + 0.85 * width)
    .map((e) => {
      const g = e.x - 1.5;
      // Only text where both sides have text counts: a title above the columns or a footer below
      // them spans the page.
      const leftYs = pieces.filter((p) => right(p) <= g + 0.5).map((p) => p.y);
      const rightYs = pieces.filter((p) => p.x >= g - 0.5).map((p) => p.y);
      const y0 = Math.max(Math.min(...leftYs), Math.min(...rightYs)) - 2;
      const y1 = Math.min(Math.max(...leftYs), Math.max(...rightYs)) + 2;
      // (A title's words, drawn one by one across the page, are not text across a column; nor is an
      // address line or a legend above or below the lines that start at the edge.)
      const top = Math.max(y0, Math.min(...e.ys) - 2 * typical);
      const bottom = Math.min(y1, Math.max(...e.ys) + 2 * typical);
      const crossing = body.filter((p) => p.y >= top && p.y <= bottom && p.x < g - 0.5 && right(p) > g + 0.5).length;
      // Most lines right of a column edge start at it; centred text only meets it now and then.
      const near = starts.filter((p) => hasWords(p) && p.y >= y0 && p.y <= y1 && p.x >= g && p.x < g + 0.25 * width).length;
      return { g, n: e.n, crossing, aligned: e.n >= 0.3 * near };
    })
    .filter((c) => c.crossing <= allowed && c.aligned)
    .sort((a, b) => b.n - a.n || a.crossing - b.crossing);
  const gutters: number[] = [];
  const sidesOk = (next: number[]) => {
    const bounds = [-Infinity, ...next, Infinity];
    return next.every((_, i) => {
      const [left, mid, r] = [bounds[i] as number, bounds[i + 1] as number, bounds[i + 2] as number];
      return sideOk({ pieces: pieces.filter((p) => p.x >= left - 1 && right(p) <= mid + 1) }, { pieces: pieces.filter((p) => p.x >= mid - 1 && right(p) <= r + 1) }, pieces.length);
    });
  };
  for (const c of candidates) {
    if (gutters.length >= 2) break;
    if (gutters.some((g) => Math.abs(g - c.g) < 0.15 * width)) continue;
    const next = [...gutters, c.g].sort((a, b) => a - b);
    const ok = sidesOk(next);
    if (ok) gutters.splice(0, gutters.length, ...next);
  }
  if (gutters.length === 1) {
    const short = shortColumn(pieces, starts, edges, gutters[0] as number, minX, width);
    if (short !== null) return [gutters[0] as number, short].sort((a, b) => a - b);
  }
  if (gutters.length) return gutters;
  const spill = spilledColumn(pieces, starts, minX, width);
  if (spill !== null) return [spill];
  // Centred columns share no left edge: the widest clear vertical gap instead.
  const gap = widestGap(pieces, minX, width);
  if (gap === null || !sidesOk([gap])) return [];
  // Only labels over prices right of the gap ("Pichet  Bouteille" above two price columns): a
  // variant table, not a column. A column holds some text of two words or more.
  const phrases = pieces.filter((p) => p.x >= gap - 1 && hasWords(p) && /\p{L}{2,}\s+\S*\p{L}{2,}/u.test(p.text)).length;
  return phrases >= 2 ? [gap] : [];
}

/**
 * The last column of a page already cut in two, when the flow left only a line or two in it
 * (LaTeX's multicol balances the text, so a third column can hold just the end of a section):
 * two line starts at one edge right of the gutter, each a name with its price on its baseline, all
 * text right of the edge on those lines (nothing above or below it there), and a clear gap, nothing
 * crossing the edge, between it and the column to its left.
 */
function shortColumn(pieces: TextRun[], starts: TextRun[], edges: Array<{ x: number; n: number; ys: number[] }>, gutter: number, minX: number, width: number): number | null {
  for (const e of edges) {
    if (e.n !== 2 || e.x < gutter + 0.15 * width || e.x > minX + 0.85 * width) continue;
    const g = e.x - 1.5;
    const lineStarts = starts.filter((s) => Math.abs(s.x - e.x) <= 3 && hasWords(s));
    if (lineStarts.length !== 2) continue;
    const size = Math.max(...lineStarts.map((s) => s.size));
    const onLine = (p: TextRun, s: TextRun) => Math.abs(p.y - s.y) <= 0.4 * Math.max(p.size, s.size);
    // Right of the edge: only these two lines, each a name and a price.
    const rightSide = pieces.filter((p) => p.x >= g - 0.5);
    if (!rightSide.every((p) => lineStarts.some((s) => onLine(p, s)))) continue;
    if (!lineStarts.every((s) => rightSide.some((p) => p !== s && onLine(p, s) && isPriceOnly(p.text)))) continue;
    // Nothing crosses the edge anywhere, and text left of it on those lines ends a space or more before it.
    if (pieces.some((p) => p.x < g - 0.5 && right(p) > g + 0.5)) continue;
    const leftEnds = pieces.filter((p) => right(p) <= g + 0.5 && p.y >= Math.min(...e.ys) - 2 * size && p.y <= Math.max(...e.ys) + 2 * size).map(right);
    if (leftEnds.length && e.x - Math.max(...leftEnds) < size) continue;
    // The column to its left holds a menu of its own (names and prices on more lines than this one).
    const leftSide = pieces.filter((p) => p.x >= gutter - 1 && right(p) <= g + 0.5);
    if (leftSide.filter(hasWords).length < 3 || !leftSide.some((p) => isPriceOnly(p.text))) continue;
    return g;
  }
  return null;
}

/**
 * A second column that holds only the last line or two of the menu (a word processor's column
 * break left one dish for the right column: "Eierspeise mit Schnittlauch ... 7,90" at its top).
 * Too few lines for a column edge; read as part of the left column's lines it was taken for the
 * raised marks of the heading beside it and lost. It is a column when: one or two lines start at
 * one edge in the right half, each a name with a price or a price note at its end; nothing else
 * lies right of that edge; the lines stand at the top of the body (level with the left column's
 * first line under the masthead); nothing crosses the edge between them and the left column's
 * last price; and the left column is a menu of its own that ends a clear space before the edge.
 */
function spilledColumn(pieces: TextRun[], starts: TextRun[], minX: number, width: number): number | null {
  const onLine = (p: TextRun, s: TextRun) => Math.abs(p.y - s.y) <= 0.4 * Math.max(p.size, s.size);
  for (const start of starts) {
    if (!hasWords(start) || start.x < minX + 0.4 * width || start.x > minX + 0.85 * width) continue;
    const g = start.x - 1.5;
    const lineStarts = starts.filter((s) => Math.abs(s.x - start.x) <= 3 && hasWords(s));
    if (lineStarts.length > 2) continue;
    const size = Math.max(...lineStarts.map((s) => s.size));
    // Raised marks sit above their line's baseline: they count as on it.
    const onALine = (p: TextRun) => lineStarts.some((s) => onLine(p, s) || (p.size < 0.8 * s.size && p.y < s.y && s.y - p.y <= 1.1 * s.size));
    const rightSide = pieces.filter((p) => p.x >= g - 0.5);
    if (!rightSide.every(onALine)) continue;
    const top = Math.min(...lineStarts.map((s) => s.y));
    const bottom = Math.max(...lineStarts.map((s) => s.y));
    const priced = lineStarts.every((s) => {
      const line = rightSide.filter((p) => onLine(p, s) && p !== s).sort((a, b) => a.x - b.x);
      const last = line[line.length - 1];
      return last !== undefined && (isPriceOnly(last.text) || endsInPriceOnRequestNote(last.text));
    });
    if (!priced) continue;
    // The masthead above crosses the edge; below it, the left column's first line is level with these.
    const crossing = pieces.filter((p) => p.x < g - 0.5 && right(p) > g + 0.5);
    const mastheadEnd = Math.max(-Infinity, ...crossing.filter((p) => p.y < top - 0.5 * size).map((p) => p.y));
    const leftSide = pieces.filter((p) => right(p) <= g + 0.5 && p.y > mastheadEnd);
    const leftPrices = leftSide.filter((p) => isPriceOnly(p.text) || /\d[.,]\d{2}\s*(?:€|CHF|\$|£)?\s*$/u.test(p.text));
    if (leftSide.filter(hasWords).length < 6 || !leftPrices.length) continue;
    const leftTop = Math.min(...leftSide.map((p) => p.y));
    if (top > leftTop + size || bottom > leftTop + 6 * size) continue;
    const lastPrice = Math.max(...leftPrices.map((p) => p.y));
    if (crossing.some((p) => p.y > mastheadEnd && p.y <= lastPrice)) continue;
    if (start.x - Math.max(...leftSide.map(right)) < size) continue;
    return g;
  }
  return null;
}

/** The middle of the widest vertical stretch (8+ pt) crossed by as few pieces as possible, or null. */
export function widestGap(pieces: TextRun[], minX: number, width: number): number | null {
  const narrow = pieces.filter((r) => r.width < 0.55 * width);
  const allowed = Math.max(2, Math.floor(narrow.length * 0.04));
  const xs: number[] = [];
  const crossing: number[] = [];
  for (let x = minX + 0.2 * width; x <= minX + 0.8 * width; x += 1) {
    xs.push(x);
    crossing.push(narrow.filter((r) => r.x - 1 < x && right(r) + 1 > x).length);
  }
  for (let c = 0; c <= allowed; c++) {
    let best: { g: number; w: number } | null = null;
    for (let i = 0; i < xs.length; ) {
      if ((crossing[i] as number) > c) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < xs.length && (crossing[j + 1] as number) <= c) j++;
      const w = (xs[j] as number) - (xs[i] as number);
      if (w >= 8 && (!best || w > best.w)) best = { g: ((xs[i] as number) + (xs[j] as number)) / 2, w };
      i = j + 1;
    }
    if (best) return best.g;
  }
  return null;
}
