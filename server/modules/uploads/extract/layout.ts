import type { PageText, TextRun } from './types.ts';
import { findGutters } from './columns.ts';
import { superscriptDiets } from './diets.ts';
export { mergeFragments } from './columns.ts';

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
    // A small run set lower than a large one is no superscript of it: a raised mark under a
    // heading, after the first name below it ("Mariscos" / "PERCEBES²" on a photo), goes with that
    // name (`attachRaisedMarks`), not into the heading's text.
    const below = ref !== null && run.size < 0.8 * ref.size && run.y > ref.y + 0.1 * ref.size;
    if (ref && !below && Math.abs(run.y - ref.y) <= 0.45 * Math.max(ref.size, run.size)) {
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

/**
 * Small runs raised so high that they form a line of their own ("G,E,Mu" above the end of a
 * name): attached as superscripts to the line right below when they sit just after one of its runs
 * (any run larger than the mark: a name may end in small capitals).
 */
export function attachRaisedMarks(clusters: TextRun[][]): TextRun[][] {
  const out: TextRun[][] = [];
  for (let i = 0; i < clusters.length; i++) {
    const cluster = clusters[i] as TextRun[];
    const next = clusters[i + 1];
    if (next) {
      const size = Math.max(...next.map((r) => r.size));
      const baseline = median(next.map((r) => r.y));
      const fits = cluster.every((m) => m.size < 0.8 * size && m.y < baseline && baseline - m.y <= 1.1 * size && next.some((r) => r.size > 1.15 * m.size && Math.abs(m.x - right(r)) <= 0.6 * size));
      if (fits) {
        clusters[i + 1] = [...next, ...cluster];
        continue;
      }
    }
    out.push(cluster);
  }
  return out;
}

export function buildLines(runs: TextRun[], page: number, flow: string, columnX0: number, columnX1: number): Line[] {
  const lines: Line[] = [];
  for (const cluster of attachRaisedMarks(clusterByBaseline(runs))) {
    const size = Math.max(...cluster.map((r) => r.size));
    const main = cluster.filter((r) => r.size >= 0.8 * size).sort((a, b) => a.x - b.x);
    const baseline = median(main.map((r) => r.y));
    // Raised small print after a name is its marks; so are diet markers set small on the baseline
    // ("Raclette  V GF"): read as text they would open the description.
    const sup = cluster.filter((r) => r.size < 0.8 * size && (r.y < baseline - 0.15 * size || superscriptDiets(r.text) !== null));
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

/** The first gutter of the page (see `findGutters`), or null for a single column. */
export function findGutter(pieces: TextRun[]): number | null {
  return findGutters(pieces)[0] ?? null;
}

/**
 * Lines centred on the page above every column's first line, that fit inside the middle column
 * (a venue's name, a subtitle or an address over a three-column page: "Bar Snacks" under "The Fox
 * & Hounds"). Not crossing a gutter, they would be read as the top of the middle column, and a
 * subtitle there became the heading of its items. They belong above all the columns. A line of the
 * middle column with text of that column above it (a heading further down) is never one.
 */
function centredMasthead(runs: TextRun[], bounds: number[], spanning: Set<TextRun>, minX: number, maxX: number): TextRun[][] {
  const columnOf = (r: TextRun) => bounds.findIndex((b, i) => i > 0 && r.x + 0.5 * r.width <= b) - 1;
  const tops = new Map<number, number>();
  const lefts = new Map<number, number>();
  for (const r of runs) {
    if (spanning.has(r)) continue;
    const c = columnOf(r);
    tops.set(c, Math.min(tops.get(c) ?? Infinity, r.y));
    lefts.set(c, Math.min(lefts.get(c) ?? Infinity, r.x));
  }
  if (tops.size < 2) return [];
  const centre = (minX + maxX) / 2;
  const out: TextRun[][] = [];
  for (const cluster of clusterByBaseline(runs.filter((r) => !spanning.has(r)))) {
    const columns = new Set(cluster.map(columnOf));
    if (columns.size !== 1) break;
    const column = [...columns][0] as number;
    const size = Math.max(...cluster.map((r) => r.size));
    const x0 = Math.min(...cluster.map((r) => r.x));
    const x1 = Math.max(...cluster.map(right));
    const y = Math.min(...cluster.map((r) => r.y));
    const centred = Math.abs((x0 + x1) / 2 - centre) <= 0.5 * size && x0 > (lefts.get(column) ?? x0) + size;
    const aboveOthers = [...tops].every(([c, top]) => c === column || y < top - 0.5 * size);
    // In reading order: only the lines from the top of the page down, until one is not such a line.
    if (!centred || !aboveOthers) break;
    out.push(cluster);
  }
  return out;
}

/**
 * The page's lines in reading order. With two columns, lines that cross the gutter (a centred
 * title, a full-width heading, a footer) split the page into bands; each band is read left
 * column first, then right.
 */
export function layoutPage(page: PageText): Line[] {
  const runs = page.runs.filter((r) => r.text.trim());
  if (!runs.length) return [];
  const gutters = findGutters(runs);
  const minX = Math.min(...runs.map((r) => r.x));
  const maxX = Math.max(...runs.map(right));
  if (!gutters.length) return buildLines(runs, page.page, `${page.page}:0`, minX, maxX);
  // Words that run across a gutter (a centred title drawn in pieces) make their line's whole
  // chunk spanning: runs are chained while the gaps between them stay below a space or two.
  const spanningSet = new Set<TextRun>();
  for (const cluster of clusterByBaseline(runs)) {
    const sorted = [...cluster].sort((a, b) => a.x - b.x);
    let chunk: TextRun[] = [];
    const flush = () => {
      const x0 = Math.min(...chunk.map((r) => r.x));
      const x1 = Math.max(...chunk.map(right));
      if (chunk.length && gutters.some((g) => x0 < g - 1 && x1 > g + 1)) for (const r of chunk) spanningSet.add(r);
      chunk = [];
    };
    for (const r of sorted) {
      const last = chunk[chunk.length - 1];
      if (last && r.x - right(last) > 0.6 * Math.max(r.size, last.size)) flush();
      chunk.push(r);
    }
    flush();
  }
  const bounds = [-Infinity, ...gutters, Infinity];
  for (const line of centredMasthead(runs, bounds, spanningSet, minX, maxX)) for (const r of line) spanningSet.add(r);
  const spanning = runs.filter((r) => spanningSet.has(r));
  const columns = gutters.concat(Infinity).map((_, i) => runs.filter((r) => !spanningSet.has(r) && r.x + 0.5 * r.width > (bounds[i] as number) && r.x + 0.5 * r.width <= (bounds[i + 1] as number)));
  const spanLines = buildLines(spanning, page.page, `${page.page}:s`, minX, maxX);
  const out: Line[] = [];
  let band = 0;
  let previousY = -Infinity;
  const emitBand = (untilY: number) => {
    const inBand = (r: TextRun) => r.y > previousY && r.y <= untilY;
    columns.forEach((col, i) => {
      if (!col.length) return;
      const x0 = Math.min(...col.map((r) => r.x));
      const x1 = Math.max(...col.map(right));
      out.push(...buildLines(col.filter(inBand), page.page, `${page.page}:${band}:${i}`, x0, x1));
    });
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
