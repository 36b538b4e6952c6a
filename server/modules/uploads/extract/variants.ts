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

/** The price runs of a row (each run a price and nothing else), left to right. */
export function priceSpans(runs: TextRun[]): Span[] {
  return runs
    .filter((r) => {
      const p = parsePrices(r.text);
      return p && p.prices.length === 1 && !p.rest.replace(/\t/g, '').trim();
    })
    .sort((a, b) => a.x - b.x)
    .map((r) => ({ x0: r.x, x1: right(r) }));
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
