import { parsePrices } from './prices.ts';
import type { TextRun } from './types.ts';

/**
 * Variant-price tables: a header row of labels (Small/Large, 0,2 l/0,5 l, Calice/Bottiglia,
 * Banco/Tavolo …) above columns of prices. Labels are learnt from the page, not from a word
 * list: a row of short cells standing over the price columns of the rows below, each price then
 * labelled with the cell above it. Pure.
 */

export interface HeaderCell {
  label: string;
  x0: number;
  x1: number;
}

export interface Span {
  x0: number;
  x1: number;
}

const right = (r: TextRun) => r.x + r.width;

/** A line's runs grouped into cells where the gap is wider than 1.5 em (as tabs in the text). */
export function cellsOf(runs: TextRun[]): HeaderCell[] {
  const cells: HeaderCell[] = [];
  let last: TextRun | null = null;
  for (const r of [...runs].sort((a, b) => a.x - b.x)) {
    const cell = cells[cells.length - 1];
    if (cell && last && r.x - right(last) <= 1.5 * Math.max(r.size, last.size)) {
      cell.label = `${cell.label} ${r.text}`.replace(/\s+/g, ' ').trim();
      cell.x1 = Math.max(cell.x1, right(r));
    } else cells.push({ label: r.text.trim(), x0: r.x, x1: right(r) });
    last = r;
  }
  return cells;
}

/** A cell that can be a variant label: short, no sentence, no price. */
export function isLabelCell(label: string): boolean {
  const t = label.trim();
  if (!t || t.length > 24 || t.split(/\s+/).length > 3) return false;
  // A sentence ends with a stop; an abbreviation ("Stk.", "6 Stk.") may too.
  if (/[.!?;:]$/.test(t) && !(/\b\p{L}{1,4}\.$/u.test(t) && t.split(/\s+/).length <= 2)) return false;
  const p = parsePrices(t);
  return !(p && !p.rest.trim()) && /[\p{L}\d]/u.test(t);
}

/** Where each character of a run stands, assuming the run's width is shared out evenly. */
function pieceOf(r: TextRun, from: number, to: number): Span {
  const per = r.text.length ? r.width / r.text.length : 0;
  return { x0: r.x + from * per, x1: r.x + to * per };
}

const PRICE_TOKEN = /(?:[€$£]\s?)?\d{1,4}(?:[.,](?:\d{1,2}|--?|–|—))?(?:\s?(?:€|EUR|CHF|£|\$))?/gu;

/**
 * The prices of a row, left to right: runs that are one price and nothing else, and runs holding
 * several prices ("3,20   5,60" drawn as one piece), each price at its share of the run's width.
 */
export function priceSpans(runs: TextRun[]): Span[] {
  const spans: Array<Span & { bare: boolean }> = [];
  for (const r of runs) {
    const p = parsePrices(r.text);
    if (!p || p.rest.replace(/\t/g, '').trim()) continue;
    const bare = p.prices.every((x) => x.bare);
    if (p.prices.length === 1) {
      spans.push({ x0: r.x, x1: right(r), bare });
      continue;
    }
    const found = [...r.text.matchAll(PRICE_TOKEN)].filter((m) => m[0].trim());
    if (found.length === p.prices.length) for (const m of found) spans.push({ ...pieceOf(r, m.index ?? 0, (m.index ?? 0) + m[0].length), bare });
  }
  // A whole number beside decimal prices is part of the name ("Tawny 10 anos   5,00   35,00").
  const kept = spans.some((s) => !s.bare) ? spans.filter((s) => !s.bare) : spans;
  return kept.map(({ x0, x1 }) => ({ x0, x1 })).sort((a, b) => a.x0 - b.x0);
}

/** The words of a line with the extent each covers (a run's width shared out by characters). */
export function wordsOf(runs: TextRun[]): HeaderCell[] {
  const words: HeaderCell[] = [];
  for (const r of [...runs].sort((a, b) => a.x - b.x)) {
    for (const m of r.text.matchAll(/\S+/g)) {
      // A dash or bar between labels ("Individual — Mediana"; OCR reads a rule as one) is no label.
      if (/^[-–—|·/]+$/u.test(m[0])) continue;
      const span = pieceOf(r, m.index ?? 0, (m.index ?? 0) + m[0].length);
      words.push({ label: m[0], ...span });
    }
  }
  return words;
}

/**
 * The price columns of the rows below a header: each row's price spans, clustered where they
 * overlap (or nearly). Null unless every row's prices fall into distinct columns.
 */
export function priceColumns(rows: Span[][], em: number): Span[] | null {
  const all = rows.flat().sort((a, b) => a.x0 - b.x0);
  const columns: Span[] = [];
  for (const s of all) {
    const last = columns[columns.length - 1];
    if (last && s.x0 <= last.x1 + 0.3 * em) last.x1 = Math.max(last.x1, s.x1);
    else columns.push({ ...s });
  }
  const columnOf = (s: Span) => columns.findIndex((c) => s.x0 >= c.x0 - 0.01 && s.x1 <= c.x1 + 0.01);
  for (const row of rows) {
    const idx = row.map(columnOf);
    if (new Set(idx).size !== idx.length) return null;
  }
  return columns;
}

/**
 * A header row read against the price columns below it: the words standing over each column
 * (split half-way between columns) are its label, whatever gaps the producer left between them
 * ("Regular Jumbo" set a space apart over two right-aligned columns). Words left of the first
 * column are a heading printed on the same line when they start at the column's left edge.
 * Null when a column has no words, a word stands outside the price area, or a label is no label.
 */
export function headerOverColumns(
  runs: TextRun[],
  columns: Span[],
  columnX0: number,
  columnX1: number,
  em: number,
): { lead: string | null; cells: HeaderCell[] } | null {
  if (columns.length < 2) return null;
  const first = columns[0] as Span;
  const last = columns[columns.length - 1] as Span;
  // A run the producer drew as one piece ("2 boules") stays one label when it stands over one
  // column; only runs reaching over several columns ("Regular Jumbo") are split into words.
  const centres = columns.map((c) => (c.x0 + c.x1) / 2);
  const words = [...runs]
    .sort((a, b) => a.x - b.x)
    .flatMap((r) => {
      const spans = centres.filter((c) => c > r.x && c < right(r)).length;
      return r.text.trim() && spans <= 1 && r.x >= first.x0 - 6 * em ? [{ label: r.text.trim().replace(/\s+/g, ' '), x0: r.x, x1: right(r) }] : wordsOf([r]);
    });
  const leadWords = words.filter((w) => w.x1 < first.x0 - 2 * em);
  const width = Math.max(1, columnX1 - columnX0);
  if (leadWords.length && (leadWords[0] as HeaderCell).x0 > columnX0 + 0.25 * width) return null;
  const rest = words.filter((w) => !leadWords.includes(w));
  if (!rest.length || rest.some((w) => w.x0 > last.x1 + 2 * em)) return null;
  // A heading and the labels are separate cells, not one sentence running over the columns.
  const lastLead = leadWords[leadWords.length - 1];
  if (lastLead && (rest[0] as HeaderCell).x0 - lastLead.x1 < 1.5 * em) return null;
  const groups: HeaderCell[][] = columns.map(() => []);
  for (const w of rest) {
    const centre = (w.x0 + w.x1) / 2;
    let i = 0;
    while (i < columns.length - 1 && centre > ((columns[i] as Span).x1 + (columns[i + 1] as Span).x0) / 2) i++;
    groups[i]?.push(w);
  }
  const cells: HeaderCell[] = [];
  for (const [i, g] of groups.entries()) {
    const col = columns[i] as Span;
    if (!g.length) return null;
    if (g.some((w, k) => k > 0 && w.x0 - (g[k - 1] as HeaderCell).x1 > 1.5 * em)) return null;
    const x0 = Math.min(...g.map((w) => w.x0));
    const x1 = Math.max(...g.map((w) => w.x1));
    if (x1 < col.x0 - 2 * em || x0 > col.x1 + 2 * em) return null;
    const label = g.map((w) => w.label).join(' ');
    if (!isLabelCell(label)) return null;
    cells.push({ label, x0: Math.min(x0, col.x0), x1: Math.max(x1, col.x1) });
  }
  return { lead: leadWords.length ? leadWords.map((w) => w.label).join(' ') : null, cells };
}

/**
 * A header whose labels were pushed out of place by a frame too narrow for its tab stops
 * (LibreOffice Draw): two labels drawn against each other ("BoléePichet 50 cl", split where a
 * lower-case letter meets a capital) and the last label wrapped to the start of the next line
 * (`tail`). Read in order: the labels, as many as the price columns, each over its column. Null
 * unless the count matches, every label is a label, and they start over the price area.
 */
export function headerInOrder(runs: TextRun[], tail: TextRun[], columns: Span[], em: number): { lead: null; cells: HeaderCell[] } | null {
  const first = columns[0];
  const last = columns[columns.length - 1];
  if (!first || !last || columns.length < 2) return null;
  const cells = cellsOf(runs);
  if (!cells.length || (cells[0] as HeaderCell).x0 < first.x0 - 6 * em || cells.some((c) => c.x1 > last.x1 + 2 * em)) return null;
  const labels = [...cells.flatMap((c) => c.label.split(/(?<=\p{Ll})(?=\p{Lu})/u)), ...cellsOf(tail).map((c) => c.label)].map((l) => l.trim());
  if (labels.length !== columns.length || !labels.every(isLabelCell)) return null;
  return { lead: null, cells: columns.map((c, i) => ({ label: labels[i] as string, x0: c.x0, x1: c.x1 })) };
}

/** The cell a price stands under: overlapping, or the nearest centre / right edge within `tolerance`. */
export function cellFor(cells: HeaderCell[], price: Span, tolerance: number): number {
  let best = -1;
  let bestD = Infinity;
  cells.forEach((c, i) => {
    const overlap = Math.min(c.x1, price.x1) - Math.max(c.x0, price.x0);
    const d = overlap > 0 ? 0 : Math.min(Math.abs((c.x0 + c.x1) / 2 - (price.x0 + price.x1) / 2), Math.abs(c.x1 - price.x1), Math.abs(c.x0 - price.x0));
    if (d <= tolerance && d < bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/**
 * Labels for a row's prices from the header cells, or null when the prices do not stand under
 * distinct cells.
 */
export function labelsFor(cells: HeaderCell[], spans: Span[], em: number): string[] | null {
  if (!spans.length || !cells.length) return null;
  const idx = spans.map((s) => cellFor(cells, s, 2 * em));
  if (idx.some((i) => i < 0) || new Set(idx).size !== idx.length) return null;
  return idx.map((i) => (cells[i] as HeaderCell).label);
}

/**
 * Splits a candidate header row into an optional lead (a heading printed on the same line, at the
 * column's left) and its label cells; null when the row cannot be a header: fewer than two label
 * cells, or labels starting in the name column.
 */
export function headerOf(runs: TextRun[], columnX0: number, columnX1: number): { lead: string | null; cells: HeaderCell[] } | null {
  const cells = cellsOf(runs);
  const width = Math.max(1, columnX1 - columnX0);
  let lead: string | null = null;
  let labels = cells;
  if (cells.length >= 3 && (cells[0] as HeaderCell).x0 < columnX0 + 0.25 * width) {
    lead = (cells[0] as HeaderCell).label;
    labels = cells.slice(1);
  }
  if (labels.length < 2 || labels.length > 6 || !labels.every((c) => isLabelCell(c.label))) return null;
  if ((labels[0] as HeaderCell).x0 < columnX0 + 0.25 * width) return null;
  return { lead, cells: labels };
}
