import { allergenCodes, dietMarker, formatAmount, legendLines, type TruthItem, type TruthMenu, type TruthSection } from '../truth.ts';

/**
 * What every producer prints for a menu, independent of the tool: the pieces of an item line
 * (name, diet markers, allergen codes, description, price text) and the furniture lines. Each
 * producer lays these pieces out its own way (columns, tables, leaders, fonts).
 */

/** A small deterministic number from a string (picks fonts and variants per menu, stable across builds). */
export function pick(seed: string, n: number): number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) % n;
}

export interface ItemPieces {
  name: string;
  /** "V", "VG GF" — printed after the name. */
  markers: string;
  /** Allergen codes as printed after the name ("1,3,7"); raised by producers that can. */
  codes: string;
  description: string;
  /** The price text for a line (single price, labelled prices, or a note); empty in variant tables. */
  price: string;
  /** In a variant-table section: one cell per header column, "" where not offered. */
  cells: string[];
}

export function itemPieces(menu: TruthMenu, section: TruthSection, item: TruthItem): ItemPieces {
  const markers = item.diet.map(dietMarker).join(' ');
  const codes = allergenCodes(menu, item).join(',');
  let price = '';
  let cells: string[] = [];
  if (section.variants) {
    const variants = section.variants;
    cells = variants.map((label) => {
      const p = item.prices.find((x) => x.label === label);
      return p ? formatAmount(menu, p.amount, false) : '';
    });
    // A price whose label is not a column of the table is printed on the line (e.g. "6 pcs 10.00").
    const extra = item.prices.filter((p) => !variants.includes(p.label));
    if (extra.length) price = extra.map((p) => `${p.label} ${formatAmount(menu, p.amount)}`).join('  ');
  } else if (item.prices.length === 1 && item.prices[0]?.label === '') {
    price = formatAmount(menu, item.prices[0].amount);
  } else if (item.prices.length) {
    price = item.prices.map((p) => `${p.label} ${formatAmount(menu, p.amount)}`).join(' / ');
  }
  if (!item.prices.length && item.priceNote) price = item.priceNote;
  return { name: item.name, markers, codes, description: item.description, price, cells };
}

/** The allergen legend as printed at the end ("1 gluten · 2 crustaceans ..."), or nothing. */
export function legendBlock(menu: TruthMenu): { title: string; lines: string[] } | null {
  return menu.legend ? { title: menu.legend.title, lines: legendLines(menu.legend) } : null;
}

/** Sections grouped by page: a page starts at every index in style.pageBreaks. */
export function pages(menu: TruthMenu): TruthSection[][] {
  const out: TruthSection[][] = [[]];
  menu.sections.forEach((s, i) => {
    if (menu.style.pageBreaks.includes(i)) out.push([]);
    out[out.length - 1]?.push(s);
  });
  return out;
}

export const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Simulated small capitals as some tools do it: capitals at full size, lower case raised to smaller capitals. */
export function smallCapsRuns(text: string): Array<{ text: string; small: boolean }> {
  const runs: Array<{ text: string; small: boolean }> = [];
  for (const ch of text) {
    const small = ch !== ch.toUpperCase();
    const t = small ? ch.toUpperCase() : ch;
    const last = runs[runs.length - 1];
    if (last && last.small === small) last.text += t;
    else runs.push({ text: t, small });
  }
  return runs;
}
