import type { PageText, TextRun } from './types.ts';
import { parsePrices } from './prices.ts';

/** A line of text in reading order, with the geometry and style the menu parser needs. */
export interface Line {
  page: number;
  /** Lines of one column band share a flow; gaps are measured within a flow. */
  flow: string;
  /** Main-size runs left to right. */
  runs: TextRun[];
  /** Small raised runs (allergen markers, footnote marks). */
  sup: TextRun[];
  /** Runs joined with spaces; `\t` where the page had a wide gap. */
  text: string;
  x0: number;
  x1: number;
  /** Baseline from the top of the page. */
  y: number;
  size: number;
  /** Distance from the previous line's baseline in the same flow (null for a flow's first line). */
  gapAbove: number | null;
  /** Left/right edges of the column the line belongs to. */
  columnX0: number;
  columnX1: number;
}

const median = (values: number[]): number => {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

const right = (r: TextRun) => r.x + r.width;

/** Collapses letter-spaced words ("S T A R T E R S" → "STARTERS"; words were 2+ spaces apart). */
export function collapseLetterSpacing(text: string): string {
  const words = text.trim().split(/\s{2,}/);
  if (!words.every((w) => /^\p{L}(?: \p{L})+$/u.test(w)) || words.join('').replace(/ /g, '').length < 4) return text;
  return words.map((w) => w.replace(/ /g, '')).join(' ');
}

/** Groups runs into lines by baseline; small raised runs join the line below them as superscripts. */
function clusterByBaseline(runs: TextRun[]): TextRun[][] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const clusters: TextRun[][] = [];
  let current: TextRun[] = [];
  let ref: TextRun | null = null;
  for (const run of sorted) {
    if (ref && Math.abs(run.y - ref.y) <= 0.45 * Math.max(ref.size, run.size)) {
      current.push(run);
      if (run.size > ref.size) ref = run;
      continue;
    }
    if (current.length) clusters.push(current);
    current = [run];
    ref = run;
  }
  if (current.length) clusters.push(current);
  return clusters;
}

export function buildLines(runs: TextRun[], page: number, flow: string, columnX0: number, columnX1: number): Line[] {
  const lines: Line[] = [];
  for (const cluster of clusterByBaseline(runs)) {
    const size = Math.max(...cluster.map((r) => r.size));
    const main = cluster.filter((r) => r.size >= 0.8 * size).sort((a, b) => a.x - b.x);
    const baseline = median(main.map((r) => r.y));
    const sup = cluster.filter((r) => r.size < 0.8 * size && r.y < baseline - 0.15 * size);
    const subs = cluster.filter((r) => r.size < 0.8 * size && !sup.includes(r));
    const all = [...main, ...subs].sort((a, b) => a.x - b.x);
    let text = '';
    let last: TextRun | null = null;
    for (const r of all) {
      if (last) {
        const gap = r.x - right(last);
        const em = Math.max(r.size, last.size);
        if (gap > 1.5 * em) text += '\t';
        else if ((gap > 0.18 * em || last.spaceAfter || r.spaceBefore) && !/\s$/.test(text) && !/^\s/.test(r.text)) text += ' ';
      }
      text += r.text;
      last = r;
    }
    text = collapseLetterSpacing(text.replace(/\u00a0/g, ' ')).replace(/ {2,}/g, ' ').trim();
    if (!text) continue;
    lines.push({
      page, flow, runs: all, sup, text,
      x0: Math.min(...all.map((r) => r.x)), x1: Math.max(...all.map(right)),
      y: baseline, size, gapAbove: null, columnX0, columnX1,
    });
  }
  lines.forEach((l, i) => { if (i > 0) l.gapAbove = l.y - (lines[i - 1] as Line).y; });
  return lines;
}

const isPriceOnly = (text: string) => {
  const p = parsePrices(text);
  return Boolean(p && !p.rest);
};
const hasPrice = (text: string) => Boolean(parsePrices(text));

/** Joins pieces of one phrase (text drawn glyph by glyph or in kerned fragments) into one run. */
export function mergeFragments(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const cluster of clusterByBaseline(runs)) {
    const merged: TextRun[] = [];
    for (const r of [...cluster].sort((a, b) => a.x - b.x)) {
      const last = merged[merged.length - 1];
      const gap = last ? r.x - right(last) : Infinity;
      if (last && gap < 0.3 * Math.max(r.size, last.size)) {
        const space = gap > 0.15 * r.size || last.spaceAfter || r.spaceBefore;
        merged[merged.length - 1] = { ...last, text: last.text + (space ? ' ' : '') + r.text, width: right(r) - last.x, size: Math.max(last.size, r.size), spaceAfter: r.spaceAfter };
      } else merged.push({ ...r });
    }
    out.push(...merged);
  }
  return out;
}

/**
 * A vertical gutter splitting the page into two columns, or null. A gutter must have text on both
 * sides, and each side must look like a menu column of its own: words, and prices or lines that
 * do not share baselines with the other side. A single column with a price column on the right
 * (names left, prices right) is not two columns.
 */
export function findGutter(pieces: TextRun[]): number | null {
  const runs = mergeFragments(pieces);
  if (runs.length < 8) return null;
  const minX = Math.min(...runs.map((r) => r.x));
  const maxX = Math.max(...runs.map(right));
  const width = maxX - minX;
  if (width < 200) return null;
  const narrow = runs.filter((r) => r.width < 0.55 * width);
  // A few runs may cross (a centred title, a tagline): they become spanning lines.
  const allowed = Math.max(3, Math.floor(narrow.length * 0.06));
  const from = minX + 0.2 * width;
  const to = minX + 0.8 * width;
  const xs: number[] = [];
  const crossing: number[] = [];
  for (let x = from; x <= to; x += 1) {
    xs.push(x);
    crossing.push(narrow.filter((r) => r.x - 1 < x && right(r) + 1 > x).length);
  }
  // Candidates: every maximal stretch crossed by at most c runs, for c = 0 … allowed.
  const intervals: Array<[number, number, number]> = [];
  for (let c = 0; c <= allowed; c++) {
    for (let i = 0; i < xs.length;) {
      if ((crossing[i] as number) > c) { i++; continue; }
      let j = i;
      while (j + 1 < xs.length && (crossing[j + 1] as number) <= c) j++;
      if (!intervals.some(([a, b]) => a === xs[i] && b === xs[j])) intervals.push([xs[i] as number, xs[j] as number, c]);
      i = j + 1;
    }
  }
  let best: { g: number; score: number } | null = null;
  for (const [a, b, crossed] of intervals) {
    if (b - a < 8) continue;
    const g = (a + b) / 2;
    const left = runs.filter((r) => right(r) <= g + 1);
    const rightSide = runs.filter((r) => r.x >= g - 1);
    if (!left.length || !rightSide.length) continue;
    const baselines = (side: TextRun[]) => new Set(side.map((r) => Math.round(r.y)));
    const lb = baselines(left);
    const rb = baselines(rightSide);
    const words = (side: TextRun[]) => side.filter((r) => /\p{L}{2,}/u.test(r.text) && !isPriceOnly(r.text)).length / side.length;
    if (words(rightSide) < 0.3 || words(left) < 0.3) continue;
    const priced = (side: TextRun[]) => side.some((r) => hasPrice(r.text));
    const shared = [...rb].filter((y) => lb.has(y) || lb.has(y - 1) || lb.has(y + 1)).length / Math.min(lb.size, rb.size);
    const bothPriced = priced(left) && priced(rightSide);
    // Menu columns have names and prices on both sides (an overflow column may be short).
    // Without prices on both sides, both sides must be substantial and read independently.
    const share = Math.min(left.length, rightSide.length) / runs.length;
    if (!bothPriced && (shared > 0.3 || share < 0.25 || lb.size < 3 || rb.size < 3)) continue;
    // Two menu columns (prices on both sides) beat a wide gap inside one column.
    const score = (bothPriced ? 1000 : 0) + Math.min(b - a, 60) - 10 * crossed;
    if (!best || score > best.score) best = { g, score };
  }
  return best?.g ?? null;
}

/**
 * The page's lines in reading order. With two columns, lines that cross the gutter (a centred
 * title, a full-width heading, a footer) split the page into bands; each band is read left
 * column first, then right.
 */
export function layoutPage(page: PageText): Line[] {
  const runs = page.runs.filter((r) => r.text.trim());
  if (!runs.length) return [];
  const gutter = findGutter(runs);
  const minX = Math.min(...runs.map((r) => r.x));
  const maxX = Math.max(...runs.map(right));
  if (gutter === null) return buildLines(runs, page.page, `${page.page}:0`, minX, maxX);
  // Words that run across the gutter (a centred title drawn in pieces) make their line's whole
  // chunk spanning: runs are chained while the gaps between them stay below a space or two.
  const spanningSet = new Set<TextRun>();
  for (const cluster of clusterByBaseline(runs)) {
    const sorted = [...cluster].sort((a, b) => a.x - b.x);
    let chunk: TextRun[] = [];
    const flush = () => {
      if (chunk.length && Math.min(...chunk.map((r) => r.x)) < gutter - 1 && Math.max(...chunk.map(right)) > gutter + 1) for (const r of chunk) spanningSet.add(r);
      chunk = [];
    };
    for (const r of sorted) {
      const last = chunk[chunk.length - 1];
      if (last && r.x - right(last) > 0.6 * Math.max(r.size, last.size)) flush();
      chunk.push(r);
    }
    flush();
  }
  const spanning = runs.filter((r) => spanningSet.has(r));
  const left = runs.filter((r) => !spanningSet.has(r) && right(r) <= gutter + 1);
  const rightRuns = runs.filter((r) => !spanningSet.has(r) && !left.includes(r));
  const spanLines = buildLines(spanning, page.page, `${page.page}:s`, minX, maxX);
  const out: Line[] = [];
  let band = 0;
  let previousY = -Infinity;
  const emitBand = (untilY: number) => {
    const inBand = (r: TextRun) => r.y > previousY && r.y <= untilY;
    const leftX1 = Math.max(...left.map(right));
    const rightX0 = Math.min(...rightRuns.map((r) => r.x));
    out.push(...buildLines(left.filter(inBand), page.page, `${page.page}:${band}:L`, minX, leftX1));
    out.push(...buildLines(rightRuns.filter(inBand), page.page, `${page.page}:${band}:R`, rightX0, maxX));
    band++;
  };
  for (const s of spanLines) {
    emitBand(s.y - 0.5 * s.size);
    out.push({ ...s, flow: `${page.page}:${band}:S`, gapAbove: null });
    previousY = s.y - 0.5 * s.size;
  }
  emitBand(Infinity);
  return out;
}
