import type { DraftItem, DraftPrice, DraftSection, MenuDraft, PageText, TextRun } from './types.ts';
import { layoutPage, type Line } from './layout.ts';
import { isDepositNote, isLabel, mentionedCurrency, normalizeLeaders, parsePrices, type ParsedPrice, type PriceParse } from './prices.ts';
import { cellsOf, headerInOrder, headerOf, headerOverColumns, labelsFor, priceColumns, priceSpans, type HeaderCell, type Span } from './variants.ts';
import { takeDietMarkers, superscriptDiets, isDietLegend, markerLine } from './diets.ts';
import { unmarkedAllergenHints } from '../../../../shared/allergen-hints.ts';
import { DIETS, type DietKey } from '../../../../shared/diets.ts';
import { allergenFromName, isLegendHeading, mergeLegends, parseLegendLine, superscriptCodes, takeAllergenCodes, type AllergenLegend } from './allergens.ts';
import { itemConfidence, itemFeatures, type ItemFacts } from './confidence.ts';
import { detectLanguage, detectMoney } from './detect.ts';
import { endsInPriceOnRequestNote } from './price-notes.ts';
import { isCaps } from './letter-case.ts';

/**
 * From positioned text to a menu draft: lines in reading order (columns, pages), running
 * headers/footers and allergen legends set aside, headings told apart from item names by size,
 * weight, capitals, spacing and how often a style occurs, then items (name, description lines,
 * prices) segmented in order. Pure: no I/O, deterministic.
 */

type Role = 'heading' | 'title' | 'legend' | 'skip' | 'variantHeader';

interface Row extends Line {
  price: PriceParse | null;
  kind: 'priced' | 'priceOnly' | 'text';
  /** The text without its prices. */
  body: string;
  /** Runs that carry the text (a leading price run excluded). */
  textRuns: TextRun[];
  style: string;
  bold: boolean;
  italic: boolean;
  caps: boolean;
  letterSpaced: boolean;
  role?: Role;
  /** Variant labels printed on this row (a header row, or a heading with labels at its right). */
  cells?: HeaderCell[];
}

interface ItemBuilder {
  nameRow: Row;
  name: string;
  descriptions: string[];
  prices: ParsedPrice[];
  allergens: Set<string>;
  diets: Set<DietKey>;
  rows: Row[];
  section: SectionBuilder;
  priceFromSeparateLine: boolean;
  labelsFromHeader: boolean;
  /** The row the prices were read from; lines the name took. */
  priceRow: Row | null;
  nameLines: number;
}

interface SectionBuilder {
  name: string;
  heading: Row | null;
  description: string[];
  items: ItemBuilder[];
}

const median = (values: number[]): number => {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

const styleOf = (run: TextRun | undefined, caps: boolean) => (run ? `${run.font}|${Math.round(run.size * 2) / 2}|${caps ? 'C' : ''}` : '');

/**
 * Labelled prices wrapped in a narrow cell ("piccolo 1,50 € / grande" over "3,50 €"): a line that
 * ends in "/ label" after a price, and a price alone right below it, are one line.
 */
function joinWrappedPrices(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (
      last && last.page === line.page && last.flow === line.flow && line.gapAbove !== null && line.gapAbove <= 1.5 * Math.max(line.size, last.size) &&
      /\d[^\t/]*\/\s*\p{L}[\p{L}\d .'’]{0,20}$/u.test(last.text) &&
      parsePrices(line.text)?.prices.length === 1 && !parsePrices(line.text)?.rest.trim()
    ) {
      out[out.length - 1] = { ...last, text: `${last.text} ${line.text.trim()}`, runs: [...last.runs, ...line.runs], x1: Math.max(last.x1, line.x1) };
      continue;
    }
    out.push(line);
  }
  return out;
}

function toRow(line: Line): Row {
  const price = parsePrices(line.text);
  const body = price ? price.rest : line.text;
  const kind: Row['kind'] = price ? (price.rest ? 'priced' : 'priceOnly') : 'text';
  // For "prices left" lines the first run is the price: the text starts after it.
  let textRuns = line.runs;
  if (price?.leading) {
    const idx = line.runs.findIndex((r) => /\p{L}/u.test(r.text) && !parsePrices(r.text)?.prices.length);
    if (idx > 0) textRuns = line.runs.slice(idx);
  }
  const first = textRuns.find((r) => /\p{L}/u.test(r.text)) ?? textRuns[0];
  // The name's case, not that of a note in the price column ("PERCEBES <gap> Según mercado").
  const caps = isCaps(body.split('\t')[0] ?? body);
  return {
    ...line, price, kind, body, textRuns,
    style: styleOf(first, caps),
    bold: first?.bold ?? false,
    italic: first?.italic ?? false,
    caps,
    letterSpaced: /^(\p{L} ){3,}/u.test(first?.text ?? ''),
  };
}

const PAGE_NUMBER = /^(?:(?:page|seite|pag\.?|p\.)\s*)?\d{1,3}(?:\s*(?:of|von|\/|di|de)\s*\d{1,3})?$|^[-–—]\s*\d{1,3}\s*[-–—]$/i;

/** Running headers/footers (same text at the same edge on several pages) and page numbers. */
function markRunning(rows: Row[], pages: PageText[]): void {
  const heightOf = new Map(pages.map((p) => [p.page, p.height]));
  const zone = (r: Row): 'top' | 'bottom' | null => {
    const h = heightOf.get(r.page) ?? 842;
    if (r.y < 0.1 * h) return 'top';
    if (r.y > 0.9 * h) return 'bottom';
    return null;
  };
  const seen = new Map<string, Set<number>>();
  const key = (r: Row) => `${zone(r)}|${r.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ')}`;
  for (const r of rows) {
    if (!zone(r)) continue;
    const k = key(r);
    if (!seen.has(k)) seen.set(k, new Set());
    seen.get(k)?.add(r.page);
  }
  for (const r of rows) {
    const z = zone(r);
    if (!z) continue;
    if (PAGE_NUMBER.test(r.text.replace(/\t/g, ' ').trim())) r.role = 'skip';
    else if (pages.length >= 2 && (seen.get(key(r))?.size ?? 0) >= 2) r.role = 'skip';
  }
}

/**
 * The allergen legend ("Allergens: A Gluten · B Crustaceans …"), possibly wrapped over lines, one
 * entry a line under a heading, or split over columns: every block is read and the codes merged.
 */
function markLegend(rows: Row[]): AllergenLegend | null {
  let legend: AllergenLegend | null = null;
  let block: Row[] = [];
  const flush = () => {
    if (block.length) legend = mergeLegends(legend, parseLegendLine(block.map((r) => r.text.replace(/\t/g, ' ')).join(' '), 1));
    block = [];
  };
  for (const r of rows) {
    if (r.role) continue;
    const last = block[block.length - 1];
    const near = last !== undefined && last.page === r.page && r.y > last.y && r.y - last.y <= 3 * Math.max(r.size, last.size);
    const text = r.text.replace(/\t/g, ' ');
    if (!near) flush();
    const heading = isLegendHeading(text) && text.length < 200;
    // The name of the last entry wrapped to a line of its own ("… 13 Lupin · 14" / "Molluscs").
    const wrappedName = near && /(?:^|\s)(?:\d{1,2}|\p{Lu}\p{Ll}{0,2})$/u.test(last.text.trim()) && wordCount(text) <= 3 && allergenFromName(text) !== null;
    if (heading || isDietLegend(text) || parseLegendLine(text, near ? 1 : 3) || (near && /^\p{Ll}/u.test(text)) || wrappedName) {
      r.role = 'legend';
      block.push(r);
    } else flush();
  }
  flush();
  // Pieces of a legend cut apart by the column layout (a part crossing a gutter is read on its
  // own): short entries beside or right below a legend line join it.
  const legendBefore = legend;
  if (legend) {
    const legendRows = rows.filter((r) => r.role === 'legend');
    for (const r of rows) {
      if (r.role) continue;
      const beside = legendRows.some((l) => l.page === r.page && Math.abs(l.y - r.y) <= 2 * Math.max(l.size, r.size));
      const entries = beside ? parseLegendLine(r.text.replace(/\t/g, ' '), 1) : null;
      if (entries) {
        r.role = 'legend';
        legend = mergeLegends(legend, entries);
      }
    }
  }
  // A legend set across the page and cut by the columns reads line by line across them ("… 9" at
  // the end of the right piece, "celery 10 …" at the start of the left piece below): the pieces in
  // page order fill in codes the pieces alone leave open.
  if (legendBefore) {
    const pieces = rows.filter((r) => r.role === 'legend').sort((a, b) => a.page - b.page || a.y - b.y);
    const lines: Row[][] = [];
    for (const r of pieces) {
      const line = lines[lines.length - 1];
      const first = line?.[0];
      if (line && first && first.page === r.page && Math.abs(first.y - r.y) <= 0.5 * Math.max(first.size, r.size)) line.push(r);
      else lines.push([r]);
    }
    const text = lines.map((l) => l.sort((a, b) => a.x0 - b.x0).map((r) => r.text.replace(/\t/g, ' ')).join(' ')).join(' ');
    legend = mergeLegends(parseLegendLine(text, 1), legend);
  }
  return legend;
}

/**
 * Variant-table headers: a row of short cells over price columns, confirmed by the priced rows
 * below it (same flow) whose prices stand under distinct cells; or a row of size/volume labels.
 * A heading printed on the same line keeps its role, with the labels attached.
 */
function markVariantHeaders(rows: Row[]): void {
  rows.forEach((r, i) => {
    if (r.role || r.kind !== 'text') return;
    let header = headerOf(r.runs, r.columnX0, r.columnX1);
    let confirmed = false;
    let unlabelled = false;
    // The price spans of the priced rows below (same flow), up to four rows with two prices or more.
    const below: Span[][] = [];
    let em = r.size;
    for (let j = i + 1, seen = 0; j < rows.length && seen < 4; j++) {
      const row = rows[j] as Row;
      if (row.flow !== r.flow || row.page !== r.page) break;
      if (row.role || row.kind === 'text') continue;
      seen++;
      const spans = priceSpans(row.runs);
      if (spans.length < 2) continue;
      below.push(spans);
      em = row.size;
      if (header && labelsFor(header.cells, spans, row.size)) confirmed = true;
      else unlabelled = true;
    }
    // Cells read by their gaps may join two labels ("Pichet Bouteille" over two columns): when a
    // row below does not fit them, the words over the price columns are read instead.
    if ((!confirmed || unlabelled) && below.length) {
      // Labels set closer than a cell gap: read the words over the price columns instead.
      const columns = priceColumns(below, em);
      const over = columns ? headerOverColumns(r.runs, columns, r.columnX0, r.columnX1, em) : null;
      if (over) {
        header = over;
        confirmed = true;
      } else if (columns) {
        // Labels out of place in a frame too narrow for its tab stops: the last one may have
        // wrapped to a line of its own at the column's left edge, right above the priced rows.
        // Right above the priced rows (the wrapped label between): a line far above is no header.
        const next = rows[i + 1];
        const after = rows[i + 2];
        const tail = next && next.kind === 'text' && !next.role && next.flow === r.flow && next.page === r.page && Math.abs(next.x0 - r.columnX0) <= r.size && cellsOf(next.runs).length === 1 && after && after.kind !== 'text' && after.y - r.y <= 3 * em ? next : null;
        const alone = next && next.kind !== 'text' && next.y - r.y <= 2 * em ? headerInOrder(r.runs, [], columns, em) : null;
        const withTail = !alone && tail ? headerInOrder(r.runs, tail.runs, columns, em) : null;
        if (withTail && tail) tail.role = 'skip';
        if (alone ?? withTail) {
          header = alone ?? withTail;
          confirmed = true;
        }
      }
    }
    if (header && confirmed) {
      // A label broken in a narrow cell ("Individua" / "l", "Pichet 50" / "cl"): its end on a line of their
      // own right below it (or taken for a raised mark of the row below).
      const next = rows[i + 1];
      if (next && next.flow === r.flow && next.page === r.page && !next.role) {
        const own = /^\p{Ll}{1,2}$/u.test(next.text.trim()) ? next.runs : [];
        for (const s of [...own, ...next.sup]) {
          // The end of a word ("Individua" + "l"), or a unit after a number ("Pichet 50" + "cl").
          const cell = header.cells.find((c) => /[\p{Ll}\d]$/u.test(c.label) && s.x >= c.x0 - 0.5 * r.size && s.x <= c.x1 + 0.5 * r.size);
          if (!cell || !/^\p{Ll}{1,2}$/u.test(s.text.trim()) || s.y - r.y > 1.5 * r.size || Math.abs(s.size - r.size) > 0.15 * r.size) continue;
          // Wrapped in its cell: set flush with the cell's right edge (or its left), not beside it.
          if (Math.abs(s.x + s.width - cell.x1) > 0.6 * r.size && Math.abs(s.x - cell.x0) > 0.6 * r.size) continue;
          cell.label += (/\d$/.test(cell.label) ? ' ' : '') + s.text.trim();
          if (own.includes(s)) next.role = 'skip';
          else next.sup.splice(next.sup.indexOf(s), 1);
        }
      }
      r.cells = header.cells;
      if (header.lead) {
        r.text = header.lead;
        r.body = header.lead;
      } else r.role = 'variantHeader';
      return;
    }
    const parts = r.text.split('\t').map((t) => t.trim()).filter(Boolean);
    if (parts.length >= 2 && parts.every(isLabel)) {
      r.role = 'variantHeader';
      r.cells = cellsOf(r.runs);
      if (r.cells.length !== parts.length) r.cells = parts.map((label) => ({ label, x0: 0, x1: 0 }));
    }
  });
}

/** A sentence of four words or more ending with a stop: a note, not a dish name. */
function isSentence(text: string): boolean {
  const t = text.replace(/\t/g, ' ').trim();
  return wordCount(t) >= 4 && /[.!?]$/.test(t);
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** How much a text row looks like a section heading (≥ 2: heading). */
function headingScore(row: Row, ctx: { bodySize: number; refSize: number; namesBold: boolean; namesCaps: boolean; pitch: number; ratio: number; nameStyle: boolean }): number {
  const text = row.body.replace(/\t/g, ' ').trim();
  if (!/^[\p{Lu}\d"'„“(]/u.test(text)) return -10;
  if (wordCount(text) > 8 || text.length > 60) return -10;
  if (/[.,;]$/.test(text)) return -10;
  // Diet markers on a line of their own belong to the name above ("(V)" under "Trufa y setas").
  if (markerLine(text)) return -10;
  // Set smaller than the item names in plain lower case, without weight or spacing: a note.
  if (row.size < 0.9 * ctx.refSize && !row.bold && !row.caps && !row.letterSpaced) return -10;
  let score = 0;
  if (row.size >= 1.3 * ctx.bodySize && row.size >= 1.12 * ctx.refSize) score += 2;
  else if (row.size >= 1.08 * ctx.refSize) score += 1;
  if (row.bold && !ctx.namesBold) score += 1;
  if (row.caps && !ctx.namesCaps) score += 1;
  if (row.letterSpaced) score += 1;
  if (/:$/.test(text)) score += 1;
  const colCenter = (row.columnX0 + row.columnX1) / 2;
  const width = row.columnX1 - row.columnX0;
  if (Math.abs((row.x0 + row.x1) / 2 - colCenter) < 0.05 * width && row.x1 - row.x0 < 0.6 * width && row.x0 - row.columnX0 > 0.1 * width) score += 0.5;
  if (row.gapAbove !== null && ctx.pitch > 0 && row.gapAbove >= 1.8 * ctx.pitch) score += 1;
  // A style as frequent as the prices is the item names' (unless clearly larger than names).
  if (ctx.ratio <= 0.5) score += 1;
  else if (ctx.ratio >= 0.8 && row.size < 1.2 * ctx.refSize) score -= 2;
  if (ctx.nameStyle && !(row.gapAbove !== null && row.gapAbove >= 1.6 * ctx.pitch)) score -= 1;
  return score;
}

/**
 * Headings over the columns of a page, printed like the item names: a line without a price at the
 * top of a column, a priced name (or a header of variant labels) right below it at an item's
 * distance. Only where two columns or more begin so, or beside a heading of another column: a
 * column that begins with a dish whose price is on a later line is one column, not a layout.
 * (OCR measures a heading set a size larger than the names within its noise: "Bread", "Pastries",
 * "Cakes" over a bakery's three columns. And a column's first line has no space above it to tell.)
 */
function markColumnHeads(live: Row[], ctx: { itemGap: number; refSize: number; isName: (r: Row) => boolean; looksLikeHeading: (r: Row) => boolean }): void {
  const heads = live.filter((r, i) => {
    if (r.role || r.kind !== 'text' || r.gapAbove !== null || wordCount(r.body) > 4 || r.size < 0.95 * ctx.refSize || !ctx.looksLikeHeading(r)) return false;
    // (A header of variant labels between them is no longer among the live rows.)
    const first = live.slice(i + 1).find((q) => q.flow === r.flow && q.page === r.page);
    return first !== undefined && !first.role && first.kind === 'priced' && ctx.isName(first) && first.y - r.y >= 0.8 * ctx.itemGap;
  });
  // Level with a heading of another column set in its style ("Clásicas" beside "Especiales"), one
  // is enough. (A dish at the top of the next column, level with a larger heading, stays a dish.)
  const besideHeading = (r: Row) => live.some((h) => h.role === 'heading' && h.style === r.style && h.page === r.page && h.flow !== r.flow && Math.abs(h.y - r.y) <= 0.5 * r.size);
  for (const r of heads) if (heads.length >= 2 || besideHeading(r)) r.role = 'heading';
}

/** Words that join two parts of a dish name in the shipped languages ("with", "und", "alla", "et" …). */
const JOINING_WORDS = 'with|and|or|mit|und|oder|con|e|di|al|alla|au|aux|à la|de|du|et';
/** A name ending like this goes on: a joining word, "in"/"on", a comma or a dash. */
const CONNECTOR = new RegExp(`(?:[,&+\\-–]|\\b(?:${JOINING_WORDS}|in|on))$`, 'i');
/**
 * A name that ends in a joining word ("Hot Beef Baguette with", "Horseradish and") cannot end
 * there: the next line goes on with it whatever its style (OCR tells bold and size of a line or
 * two of a name apart less surely than a PDF's fonts do).
 */
const JOINED_ON = new RegExp(`(?:[&+]|\\b(?:${JOINING_WORDS}))$`, 'i');

/** One- and two-letter words of the shipped languages (anything else that short is a broken word). */
const SHORT_WORDS = new Set(['a', 'e', 'i', 'o', 'u', 'y', 'à', 'è', 'é', 'al', 'an', 'as', 'at', 'au', 'da', 'de', 'di', 'do', 'du', 'el', 'em', 'en', 'et', 'in', 'la', 'le', 'lo', 'na', 'no', 'of', 'on', 'or', 'ou', 'to', 'un', 'im', 'am', 'zu', 'op', 'te']);

/**
 * A line that can end a wrapped name: a word or three, no list, lower-case or after a connector,
 * or (`overflowed`: the name's line had no room for it) a capitalised word or two ("Chardonnay,
 * Sonoma / Coast").
 */
function isNameTail(body: string, name: string, overflowed = false): boolean {
  const text = body.replace(/\t/g, ' ').replace(/\([^)]*\)/g, '').trim();
  if (/[,;:.!?]/.test(text)) return false;
  // One word; two after a connector ("Cotoletta alla / bolognese"). "with quince jelly" describes.
  const words = wordCount(text);
  return (words === 1 && /^\p{Ll}/u.test(text)) || (words <= 2 && (CONNECTOR.test(name) || (overflowed && /^\p{Lu}/u.test(text))));
}

/**
 * Whether `tail`, set flush under the name of the priced row `priced`, would have run into the
 * row's first price (or its leaders) had it stayed on the name's line: the name was wrapped there
 * because its cell was full ("Chardonnay, Sonoma <gap> 14.00 20.00" over "Coast"). A description
 * word under a short name would have fitted, with room to spare.
 */
function tailOverflowed(priced: Row, tail: Row): boolean {
  if (priced.kind !== 'priced' || priced.price?.leading || Math.abs(tail.x0 - priced.x0) > 0.5 * priced.size) return false;
  const first = priced.textRuns.find((r) => /\p{L}/u.test(r.text));
  if (!first) return false;
  // The name's runs: those before the first run that is a price or leaders.
  const after = priced.textRuns.slice(priced.textRuns.indexOf(first));
  const stop = after.findIndex((r) => /^[\s.·…_-]{3,}$/u.test(r.text) || Boolean(parsePrices(r.text)?.prices.length && !/\p{L}{2,}/u.test(r.text)));
  if (stop <= 0) return false;
  const nameRuns = after.slice(0, stop);
  const nameRight = Math.max(...nameRuns.map((r) => r.x + r.width));
  const priceLeft = (after[stop] as TextRun).x;
  return nameRight + 0.25 * priced.size + (tail.x1 - tail.x0) >= priceLeft - priced.size;
}

/** Splits "Name – description" (or a bold name followed by a regular description on one line). */
function splitNameDescription(row: Row): { name: string; description: string } {
  const body = row.body.replace(/\t+/g, ' ').trim();
  const first = row.textRuns.find((r) => /\p{L}/u.test(r.text));
  if (first) {
    const sameFont = [];
    const after = row.textRuns.slice(row.textRuns.indexOf(first));
    for (const [k, r] of after.entries()) {
      // A number or a short capitalised word in the text font stays in the name: "Tawny 10 anos",
      // "Porto LBV" (LaTeX sets digits and capitals of a small-caps name in the roman font).
      const neutral = r.font !== first.font && (
        (/^\d{1,4}$/.test(r.text.trim()) && after[k + 1]?.font === first.font) ||
        (/^\p{Lu}{2,4}$/u.test(r.text.trim()) && !after.slice(k + 1).some((q) => /\p{L}/u.test(q.text))));
      if (r.font !== first.font && !neutral) break;
      sameFont.push(r.text.trim());
    }
    const head = sameFont.join(' ').replace(/\s+/g, ' ').trim();
    const headPrice = parsePrices(head);
    const headText = headPrice ? headPrice.rest.replace(/\t+/g, ' ').trim() : head;
    if (headText && headText.length < body.length && body.startsWith(headText)) {
      const rest = body.slice(headText.length).replace(/^[\s–—:·|-]+/, '').trim();
      if (rest) return { name: headText, description: rest };
    }
  }
  const dash = /^(.{2,60}?)\s+[–—-]\s+(.{3,})$/.exec(body);
  if (dash && wordCount(dash[1] as string) <= 7) return { name: (dash[1] as string).trim(), description: (dash[2] as string).trim() };
  return { name: body, description: '' };
}

/** A name, a wide gap, and a short note towards the right of the column (where prices stand) or in another font. */
function hasPriceNote(row: Row): boolean {
  const parts = row.body.split('\t').map((p) => p.trim()).filter(Boolean);
  if (parts.length !== 2 || wordCount(parts[1] as string) > 4 || wordCount(parts[0] as string) > 8 || !/\p{L}/u.test(parts[1] as string)) return false;
  const first = row.textRuns[0];
  const last = row.textRuns[row.textRuns.length - 1];
  if (!first || !last) return false;
  return last.x > row.columnX0 + 0.3 * (row.columnX1 - row.columnX0) || last.font !== first.font;
}

/** "Lobster <gap> market price": a short note in the price column goes to the description. */
function splitNote(body: string): { name: string; description: string } {
  const parts = normalizeLeaders(body).split('\t').map((p) => p.trim()).filter(Boolean);
  const note = parts[parts.length - 1] ?? '';
  // Three single words or more a gap apart are one justified line ("Whole   Celebration   Cake").
  const justified = parts.length >= 3 && parts.every((p) => wordCount(p) === 1);
  if (parts.length >= 2 && !justified && wordCount(note) <= 4) return { name: cleanText(parts.slice(0, -1).join(' ')), description: note };
  return { name: cleanText(body), description: '' };
}

function cleanText(text: string): string {
  return text.replace(/\t+/g, ' ').replace(/\s+/g, ' ').replace(/^[\s–—:·|.-]+|[\s–—:·|-]+$/g, '').trim();
}

function joinDescription(lines: string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = cleanText(raw);
    if (!line) continue;
    if (!out) out = line;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(line)) out += line;
    else out += ` ${line}`;
  }
  return out;
}

export interface ExtractOptions {
  /** Used for items found before any heading. */
  defaultSectionName?: string;
  /** Also return each item's confidence features (`features`), for calibration. */
  features?: boolean;
}

/** What finishing an item needs to know about the document (for its confidence). */
interface DocumentFacts {
  legend: AllergenLegend | null;
  refSize: number;
  itemGap: number;
  pageHeight: Map<number, number>;
  /** Pages read by OCR (ocr/hocr.ts names the font of every word it places "ocr" or "ocr-bold"). */
  ocrPages: Set<number>;
  columns: Map<number, number>;
  priceRight: Map<string, number>;
  isName: (row: Row) => boolean;
  styleShare: (style: string) => number;
}

/** Builds the menu draft from the positioned text of every page. */
export function extractMenu(pages: PageText[], options: ExtractOptions = {}): MenuDraft {
  const rows = joinWrappedPrices(pages.flatMap((p) => layoutPage(p))).map(toRow);
  markRunning(rows, pages);
  const legend = markLegend(rows);
  markVariantHeaders(rows);
  const live = rows.filter((r) => !r.role);

  // Document statistics.
  const weighted: number[] = [];
  for (const r of live) for (let i = 0; i < Math.min(200, r.text.length); i += 4) weighted.push(r.size);
  const bodySize = median(weighted) || 10;
  const priced = live.filter((r) => r.kind === 'priced');
  const priceCount = live.filter((r) => r.kind !== 'text').length;
  const pitch = median(live.map((r) => r.gapAbove ?? 0).filter((g) => g > 0)) || bodySize * 1.3;

  const ocrPages = new Set(pages.filter((p) => p.runs.length && p.runs.every((r) => r.font.startsWith('ocr'))).map((p) => p.page));
  // Name styles: the style of a priced line, or of the stronger line above when the price sits
  // at the end of a description ("Name / description … 12.50").
  const votes = new Map<string, number>();
  const descVotes = new Map<string, number>();
  const noteVotes = new Map<string, number>();
  live.forEach((r, i) => {
    if (r.kind === 'text') {
      // "Porrusalda <gap> Incluido", "Percebes <gap> market price": a note where the price would be.
      if (hasPriceNote(r)) noteVotes.set(r.style, (noteVotes.get(r.style) ?? 0) + 1);
      return;
    }
    // A price on its own line votes through the text line right above it.
    let start = i;
    if (r.kind === 'priceOnly') {
      const above = live[i - 1];
      if (!above || above.flow !== r.flow || above.kind !== 'text' || (r.gapAbove ?? 99) > 2.5 * Math.max(r.size, above.size)) return;
      start = i - 1;
    }
    const base = live[start] as Row;
    let voted = base.style;
    for (let j = start - 1, steps = 0; j >= 0 && steps < 5; j--, steps++) {
      const q = live[j] as Row;
      const below = live[j + 1] as Row;
      if (q.flow !== base.flow || q.kind !== 'text') break;
      if (q.style === base.style) continue;
      // The name sits right above its description; a heading above the first item does not count.
      // On a page OCR read, neither does a line above a list of priced lines in this style: small
      // capitals are read as x-height letters, so names in them measure smaller than the heading
      // above them. (A PDF's fonts tell small capitals; there the style of such headings keeps
      // counting as a name style, which the headings' sizes are told apart from.)
      const tight = (below.gapAbove ?? 99) <= 1.6 * Math.max(q.size, below.size);
      const stronger = (q.bold && !base.bold) || q.size >= 1.1 * base.size;
      const next = live.slice(i + 1).find((n) => n.flow === base.flow);
      const listGoesOn = ocrPages.has(base.page) && next?.kind === 'priced' && next.style === base.style;
      if (stronger && tight && !listGoesOn) {
        voted = q.style;
        descVotes.set(base.style, (descVotes.get(base.style) ?? 0) + 1);
      }
      break;
    }
    votes.set(voted, (votes.get(voted) ?? 0) + 1);
  });
  // Where notes stand in for most prices (a set menu's courses), they tell the name style.
  const noteCount = [...noteVotes.values()].reduce((a, b) => a + b, 0);
  const notesStandIn = noteCount > [...votes.values()].reduce((a, b) => a + b, 0);
  if (notesStandIn) for (const [style, n] of noteVotes) votes.set(style, (votes.get(style) ?? 0) + n);
  const descStyles = new Set([...descVotes].filter(([style, n]) => n > (votes.get(style) ?? 0)).map(([style]) => style));
  const totalVotes = [...votes.values()].reduce((a, b) => a + b, 0);
  const nameStyles = new Set([...votes].filter(([, n]) => n >= Math.max(1, 0.2 * totalVotes)).map(([s]) => s));
  // A style whose prices all run on with the words ("Bread and cover 2,50"), set smaller than a
  // style priced across a gap, is that of priced notes, not of item names.
  const pricedOf = (style: string) => priced.filter((r) => r.style === style);
  const styleSize = (style: string) => Math.max(...pricedOf(style).map((r) => r.size));
  for (const style of [...nameStyles]) {
    const inline = pricedOf(style).length > 0 && pricedOf(style).every((r) => !r.text.includes('\t'));
    if (inline && [...nameStyles].some((o) => o !== style && pricedOf(o).some((r) => r.text.includes('\t')) && 0.9 * styleSize(o) > styleSize(style))) nameStyles.delete(style);
  }
  const nameRows = live.filter((r) => nameStyles.has(r.style));
  // The size item names are printed in: headings are told apart from it.
  const refSize = median(nameRows.map((r) => Math.max(...r.textRuns.map((t) => t.size)))) || median(priced.map((r) => r.size)) || bodySize;
  const namesBold = nameRows.length > 0 && nameRows.filter((r) => r.bold).length / nameRows.length >= 0.5;
  const namesCaps = nameRows.length > 0 && nameRows.filter((r) => r.caps).length / nameRows.length >= 0.5;
  // The usual distance before an item's first line: lines closer than that continue an item.
  const pricedNameRows = live.filter((r) => nameStyles.has(r.style) && r.kind === 'priced');
  // A name wrapped over lines above its priced last line ("Sauvignon / Blanc, / Marlborough 12.00")
  // counts from its first line: the distance between items, not the name's line spacing.
  const blockGap = (r: Row): number | null => {
    let i = live.indexOf(r);
    for (let steps = 0; steps < 3; steps++) {
      const cur = live[i] as Row;
      const above = live[i - 1];
      if (!above || above.kind !== 'text' || above.style !== r.style || above.flow !== r.flow || cur.gapAbove === null || cur.gapAbove > 1.35 * cur.size) break;
      i--;
    }
    return (live[i] as Row).gapAbove;
  };
  const itemGap = median((pricedNameRows.length ? pricedNameRows.map(blockGap) : live.filter((r) => nameStyles.has(r.style)).map((r) => r.gapAbove)).map((g) => g ?? 0).filter((g) => g > 0)) || pitch;
  const tight = (r: Row) => r.gapAbove !== null && r.gapAbove <= 1.45 * r.size && r.gapAbove < 0.8 * itemGap;
  /**
   * A line that goes on with the unpriced name above it, whose price comes on its last line
   * ("Sauvignon / Blanc, / Marlborough <gap> 12.00" in a narrow cell; "King Prawn … and Curry /
   * Leaves …… 15.95"): set at plain line spacing, in the same column, and the name cannot have
   * ended there: it ends in a connector or comma, its line is full, or the line is set clearly
   * closer than the item was to what came before it (wrapped names pull the usual item distance
   * down, so `tight` misses them).
   */
  const wrapsTo = (current: ItemBuilder, r: Row): boolean => {
    const last = current.rows[current.rows.length - 1] as Row;
    if (r.gapAbove === null || r.gapAbove > 1.35 * r.size || last.page !== r.page || last.flow !== r.flow) return false;
    const full = last.x1 >= last.columnX1 - 1.5 * last.size && last.x1 - last.x0 >= 0.8 * (last.columnX1 - last.columnX0);
    return CONNECTOR.test(current.name) || full || r.gapAbove < 0.85 * (current.nameRow.gapAbove ?? Infinity);
  };
  const textStyleCount = new Map<string, number>();
  for (const r of live) if (r.kind === 'text') textStyleCount.set(r.style, (textStyleCount.get(r.style) ?? 0) + 1);

  // Headings.
  const pricedStyles = new Set(priced.map((r) => r.style));
  // Where notes stand in for the prices (a set menu: "Incluido en el menú", "Suplemento 3,00 €"),
  // a line with a note in the price column is a course, whatever its weight (OCR may read one
  // section's names bolder than the rest).
  const carriesMenuNote = (r: Row) => notesStandIn && hasPriceNote(r);
  for (const r of live) {
    if (r.kind !== 'text' || carriesMenuNote(r)) continue;
    // (Where notes stand in for prices, they count as prices: a set menu's three headings are few.)
    const ratio = (textStyleCount.get(r.style) ?? 0) / Math.max(1, priceCount + (notesStandIn ? noteCount : 0));
    const score = headingScore(r, { bodySize, refSize, namesBold, namesCaps, pitch, ratio, nameStyle: pricedStyles.has(r.style) });
    if (score >= 2) r.role = 'heading';
  }
  // A line a heading could be, whatever its style: short, capitalised, no sentence, not a note.
  const shapedLikeHeading = (r: Row) => headingScore(r, { bodySize, refSize, namesBold: true, namesCaps: true, pitch, ratio: 0.6, nameStyle: false }) > -10;
  // Headings printed exactly like item names: clearly more space above than an item gets, and an
  // item right below.
  live.forEach((r, i) => {
    if (r.role || r.kind !== 'text' || carriesMenuNote(r) || !nameStyles.has(r.style) || r.gapAbove === null || r.gapAbove < 1.3 * itemGap) return;
    const next = live[i + 1];
    if (!next || next.flow !== r.flow || !nameStyles.has(next.style) || next.role) return;
    // Right under a heading it is that section's first item (its space is the heading's).
    const previous = live[i - 1];
    if (previous?.role === 'heading' && previous.flow === r.flow && previous.page === r.page) return;
    if (shapedLikeHeading(r)) r.role = 'heading';
  });
  const isName = (r: Row) => nameStyles.has(r.style) && !descStyles.has(r.style);
  markColumnHeads(live, { itemGap, refSize, isName, looksLikeHeading: shapedLikeHeading });
  // A line in the style of headings found so far, a style no name is set in, with a priced line
  // of a name style below it, is a heading too: one of them can lack the size or the space the
  // others were told by ("Bebidas" under the pizzas of its column, set like "Especiales").
  const headingStyles = new Set(live.filter((r) => r.role === 'heading').map((r) => r.style));
  live.forEach((r, i) => {
    if (r.role || r.kind !== 'text' || !headingStyles.has(r.style) || nameStyles.has(r.style) || !shapedLikeHeading(r)) return;
    const below = live.slice(i + 1).find((q) => q.flow === r.flow && q.page === r.page);
    if (below && !below.role && below.kind === 'priced' && nameStyles.has(below.style)) r.role = 'heading';
  });

  // The printed title: larger than every heading, on page 1 before the first heading.
  let title: string | undefined;
  const headings = live.filter((r) => r.role === 'heading');
  const firstHeadingIndex = live.findIndex((r) => r.role === 'heading' || r.kind !== 'text');
  if (headings.length >= 2 && firstHeadingIndex >= 0) {
    const candidate = live[firstHeadingIndex];
    const others = headings.filter((h) => h !== candidate);
    if (candidate?.role === 'heading' && candidate.page === 1 && candidate.size >= 1.15 * Math.max(...others.map((h) => h.size))) {
      candidate.role = 'title';
      title = cleanText(candidate.body);
    }
  }

  // Lines under the title set like headings ("Prijslijst", "Aperitivo"): on page 1 above every
  // price, with one or two lines and nothing priced after them before the next heading. They and
  // those lines are the masthead, not a section (its address or tagline would become a dish, or
  // join the section before it where the masthead's column is read after another).
  const firstPriceY = Math.min(...rows.filter((r) => r.page === 1 && r.kind !== 'text').map((r) => r.y));
  live.forEach((r, i) => {
    if (r.role !== 'heading' || r.page !== 1 || !Number.isFinite(firstPriceY) || r.y >= firstPriceY) return;
    const next = live.findIndex((q, j) => j > i && (q.role === 'heading' || q.role === 'title'));
    const body = live.slice(i + 1, next < 0 ? undefined : next).filter((q) => !q.role);
    if (body.length >= 1 && body.length <= 2 && body.every((q) => q.kind === 'text' && !hasPriceNote(q))) for (const q of [r, ...body]) q.role = 'skip';
  });

  // Segmentation.
  const sections: SectionBuilder[] = [];
  let section: SectionBuilder | null = null;
  let item: ItemBuilder | null = null;
  let labels: HeaderCell[] | null = null;
  const priceOnly: Array<{ row: Row; before: ItemBuilder | null; after: ItemBuilder | null }> = [];

  const addPrices = (target: ItemBuilder, row: Row) => {
    if (!row.price || target.prices.length) return;
    let prices = row.price.prices;
    if (labels && prices.every((p) => !p.label)) {
      const spans = priceSpans(row.runs);
      const found = (spans.length === prices.length ? labelsFor(labels, spans, row.size) : null) ?? (prices.length === labels.length ? labels.map((c) => c.label) : null);
      if (found) {
        prices = prices.map((p, i) => ({ ...p, label: found[i] ?? '' }));
        target.labelsFromHeader = true;
      }
    }
    target.prices = prices;
    target.priceRow = row;
  };
  const vIsCode = legend?.kind === 'letters' && legend.codes.has('V');
  const addCodes = (target: ItemBuilder, row: Row) => {
    for (const s of row.sup) {
      const diets = superscriptDiets(s.text, vIsCode);
      if (diets) for (const d of diets) target.diets.add(d);
      else for (const k of superscriptCodes(s.text, legend)) target.allergens.add(k);
    }
  };
  const startItem = (row: Row) => {
    if (!section) {
      section = { name: '', heading: null, description: [], items: [] };
      sections.push(section);
    }
    const split = splitNameDescription(row);
    const { name, description } = row.kind === 'text' && !split.description ? splitNote(row.body) : split;
    item = { nameRow: row, name, descriptions: description ? [description] : [], prices: [], allergens: new Set(), diets: new Set(), rows: [row], section, priceFromSeparateLine: false, labelsFromHeader: false, priceRow: null, nameLines: 1 };
    section.items.push(item);
    addPrices(item, row);
    addCodes(item, row);
  };
  const continueItem = (target: ItemBuilder, row: Row) => {
    target.rows.push(row);
    target.descriptions.push(row.body);
    addPrices(target, row);
    addCodes(target, row);
  };

  // Notes (service, prices, allergy advice, opening hours) are set smaller than the item names or
  // written as sentences; where they would start an item they are furniture and kept out.
  const isNote = (row: Row, next: Row | undefined) =>
    row.kind === 'text' &&
    !(next && next.kind === 'priceOnly' && next.flow === row.flow) &&
    (Math.max(...row.textRuns.map((t) => t.size)) < 0.9 * refSize || isSentence(row.body));

  // "Pane e coperto 2,50", "Pfand je Krug 2,00 €", "Formule midi : entrée + plat 19,50 €": a
  // priced note set smaller than the item names, its price run on with the words (no gap to a
  // price column). Where it would start an item it is furniture.
  const isPricedNote = (row: Row) =>
    row.kind === 'priced' && !row.text.includes('\t') && !nameStyles.has(row.style) && (row.price?.prices.length ?? 0) === 1 &&
    Math.max(...row.textRuns.map((t) => t.size)) < 0.9 * refSize;

  for (const [index, row] of rows.entries()) {
    if (row.role === 'heading') {
      // A heading wrapped over two lines ("KÖLSCHE / SPEZIALITÄTEN"): same style, right below.
      const open = section as SectionBuilder | null;
      const above = open?.heading;
      if (open && above && !open.items.length && !open.description.length && above.style === row.style && above.flow === row.flow &&
        row.gapAbove !== null && row.gapAbove <= 1.4 * row.size && !row.cells) {
        open.name = cleanText(`${open.name} ${row.body}`);
        continue;
      }
      section = { name: cleanText(row.body), heading: row, description: [], items: [] };
      sections.push(section);
      item = null;
      labels = row.cells ?? null;
      continue;
    }
    if (row.role === 'variantHeader') {
      labels = row.cells ?? null;
      continue;
    }
    if (row.role) continue;
    if (row.kind === 'priceOnly') {
      priceOnly.push({ row, before: item, after: null });
      continue;
    }
    const current = item as ItemBuilder | null;
    if (!section && row.kind === 'text') continue; // preamble: tagline, address, opening hours
    // Diet markers on a line of their own ("(VG)" under "Vegana de / temporada") are the item's
    // above, and end its name.
    const lineDiets = row.kind === 'text' ? markerLine(row.body, vIsCode) : null;
    if (lineDiets) {
      for (const d of lineDiets) current?.diets.add(d);
      current?.rows.push(row);
      continue;
    }
    // A deposit note ("Pfand je Krug 2,00 €") is nobody's price, description or name.
    if (row.kind === 'text' && isDepositNote(row.body)) {
      row.role = 'skip';
      continue;
    }
    const farBelow = Boolean(current && current.rows[current.rows.length - 1]?.page === row.page && row.y - (current.rows[current.rows.length - 1] as Row).y > 2.5 * pitch);
    // (A course whose note stands in for its price is complete: "Incluido en el menú".)
    if (isPricedNote(row) && (!current || current.prices.length || hasPriceNote(current.nameRow) || farBelow)) {
      row.role = 'skip';
      item = null;
      continue;
    }
    // "Seit 1921 · Handwerklich gebacken", "Via Mentana 1 · Bologna": parts split by middle dots,
    // higher on the first page than any price, are the venue's tagline or address.
    if (row.kind === 'text' && row.page === 1 && row.y < firstPriceY && / · /.test(row.body)) continue;
    const nextRow = rows.slice(index + 1).find((r) => !r.role);
    // The distance from the current item's last line (a legend or skipped line between does not
    // bring a note at the column's foot closer to the item).
    const itemLast = current?.rows[current.rows.length - 1];
    const gapToItem = row.gapAbove === null || !itemLast || itemLast.page !== row.page || itemLast.flow !== row.flow ? row.gapAbove : row.y - itemLast.y;
    if (!current) {
      const sec = section as SectionBuilder | null;
      if (sec && row.kind === 'text' && !isName(row) && sec.items.length === 0 && sec.heading) {
        sec.description.push(row.body);
        continue;
      }
      // A description line at the top of a column continues the last item of the column before
      // (notes at that column's foot in between).
      const last = sec?.items[sec.items.length - 1];
      if (last && row.kind === 'text' && !isName(row) && (descStyles.has(row.style) || row.size < 0.95 * refSize) && last.nameRow.page === row.page && last.nameRow.flow !== row.flow) {
        continueItem(last, row);
        continue;
      }
      if (isNote(row, nextRow)) {
        row.role = 'skip';
        continue;
      }
      startItem(row);
    } else if (
      row.kind === 'text' && current.prices.length && current.rows.length === current.nameLines && current.nameLines < 3 &&
      !current.descriptions.length && (row.style === current.nameRow.style || JOINED_ON.test(current.name.trim())) && row.gapAbove !== null &&
      row.gapAbove < 0.9 * itemGap && row.gapAbove <= 1.6 * Math.max(row.size, current.nameRow.size) &&
      isNameTail(row.body, current.name, row.style === current.nameRow.style && tailOverflowed(current.nameRow, row))
    ) {
      // The end of a name too long for its line, in the name's style below the priced first line:
      // short, and lower-case or after a connector ("Cotoletta alla / bolognese"). A letter or two
      // that are no word are the end of a word broken in a narrow cell ("Stoofvleessau / s").
      const piece = row.body.trim();
      const broken = /^\p{Ll}{1,2}$/u.test(piece) && !SHORT_WORDS.has(piece) && /\p{Ll}$/u.test(current.name);
      current.name = cleanText(broken ? `${current.name}${piece}` : `${current.name} ${row.body}`);
      current.nameLines++;
      current.rows.push(row);
      addCodes(current, row);
    } else if (row.kind === 'priced') {
      const sameAsName = row.style === current.nameRow.style;
      const nameWrap = !current.prices.length && sameAsName && current.rows.length === current.nameLines && (
        (current.rows.length === 1 && tight(row)) || (current.rows.length <= 3 && wrapsTo(current, row)));
      if (nameWrap) {
        current.name = cleanText(`${current.name} ${row.body}`);
        current.nameLines++;
        current.rows.push(row);
        addPrices(current, row);
        addCodes(current, row);
      } else if (current.prices.length || (isName(row) && (sameAsName || !isName(current.nameRow)))) startItem(row);
      else continueItem(current, row);
    } else if (isName(row)) {
      const wrap = !current.prices.length && current.rows.length === current.nameLines && row.style === current.nameRow.style && (
        (current.rows.length === 1 && (tight(row) || ((row.gapAbove ?? 99) <= 1.35 * row.size && (/^\p{Ll}/u.test(row.body) || CONNECTOR.test(current.name))))) ||
        // Further lines of a long name only when its priced last line follows at the same spacing.
        (current.rows.length <= 2 && wrapsTo(current, row) && nextRow?.kind === 'priced' && nextRow.style === row.style && (nextRow.gapAbove ?? 99) <= 1.35 * nextRow.size));
      if (wrap) {
        // "Whole Celebration / Cake <gap> Price on request": the note stays out of the name.
        const tail = row.kind === 'text' && hasPriceNote(row) ? splitNote(row.body) : { name: row.body, description: '' };
        current.name = cleanText(`${current.name} ${tail.name}`);
        if (tail.description) current.descriptions.push(tail.description);
        current.nameLines++;
        current.rows.push(row);
        addCodes(current, row);
      } else if (current.prices.length && current.rows.length === 1 && tight(row) && row.style === current.nameRow.style && row.bold) {
        // A bold name too long for one line, its price on the first.
        const rest = splitNameDescription(row);
        current.name = cleanText(`${current.name} ${rest.name}`);
        current.nameLines++;
        if (rest.description) current.descriptions.push(rest.description);
        current.rows.push(row);
        addCodes(current, row);
      } else if (current.prices.length && tight(row) && row.style === current.nameRow.style) {
        // Same (regular) style as the names, right below a priced item: a description line.
        continueItem(current, row);
      } else startItem(row);
    } else if (row.kind === 'text' && current.prices.length && normalizeLeaders(row.body).includes('\t') && endsInPriceOnRequestNote(row.body)) {
      // "PESCE DEL GIORNO …… Secondo il mercato" right below a priced dish: an item of its own,
      // priced on request, not that dish's description.
      startItem(row);
    } else if (
      // (A course whose note stands in for its price ends like a priced item.)
      (current.prices.length || hasPriceNote(current.nameRow)) &&
      (gapToItem === null || gapToItem > 1.6 * pitch || (gapToItem > 1.8 * Math.max(row.size, current.nameRow.size) && isNote(row, nextRow)))
    ) {
      if (isNote(row, nextRow)) {
        row.role = 'skip';
        item = null;
        continue;
      }
      startItem(row);
    } else continueItem(current, row);
    for (const p of priceOnly) if (!p.after && p.before !== item) p.after = item;
  }

  // Prices on their own line: the nearest item (same page and column) that has none.
  for (const p of priceOnly) {
    const distance = (c: ItemBuilder) => (c === p.before ? p.row.y - Math.max(...c.rows.map((r) => r.y)) : c.nameRow.y - p.row.y);
    const candidates = [p.before, p.after].filter((c): c is ItemBuilder => Boolean(c && !c.prices.length && c.nameRow.page === p.row.page && c.nameRow.flow === p.row.flow));
    const best = candidates.sort((a, b) => Math.abs(distance(a)) - Math.abs(distance(b)))[0];
    if (!best || Math.abs(distance(best)) > 3 * Math.max(p.row.size, pitch)) continue;
    const saved = labels;
    labels = null;
    addPrices(best, p.row);
    labels = saved;
    best.priceFromSeparateLine = true;
    best.rows.push(p.row);
  }

  // Currency: the prices' own signs, else one named in the text ("Prices in CHF").
  const currencies = new Map<string, number>();
  for (const s of sections) for (const it of s.items) for (const p of it.prices) if (p.currency) currencies.set(p.currency, (currencies.get(p.currency) ?? 0) + 1);
  let currency = [...currencies].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!currency) {
    for (const r of rows) {
      if (r.kind !== 'text') continue;
      const c = mentionedCurrency(r.text);
      if (c) { currency = c; break; }
    }
  }
  // The document as a whole: its language, and the currency its signs and codes name.
  const fullText = rows.map((r) => r.text).join('\n');
  const { language } = detectLanguage(fullText);
  const money = detectMoney(fullText, language);
  // The prices' own sign wins, except a bare "$", which the language tells apart (CA$, MX$ …).
  if (money.currency && (!currency || money.evidence?.sign === '$')) currency = money.currency;

  // Where prices usually end in each column: a price far from it was probably misread.
  const rightEdges = new Map<string, number[]>();
  for (const r of live) {
    if (r.kind === 'text') continue;
    const last = r.runs[r.runs.length - 1];
    if (!last) continue;
    const k = `${r.page}|${r.columnX0}`;
    rightEdges.set(k, [...(rightEdges.get(k) ?? []), last.x + last.width]);
  }
  const columnsOnPage = new Map<number, Set<number>>();
  for (const r of live) columnsOnPage.set(r.page, (columnsOnPage.get(r.page) ?? new Set()).add(Math.round(r.columnX0)));
  const facts: DocumentFacts = {
    legend, refSize, itemGap,
    pageHeight: new Map(pages.map((p) => [p.page, p.height])),
    ocrPages,
    columns: new Map([...columnsOnPage].map(([page, xs]) => [page, xs.size])),
    priceRight: new Map([...rightEdges].map(([k, xs]) => [k, median(xs)])),
    isName,
    styleShare: (style) => (totalVotes ? (votes.get(style) ?? 0) / totalVotes : 0),
  };

  const draftSections: DraftSection[] = [];
  const finished: Array<{ item: DraftItem; facts: PartialFacts; section: string }> = [];
  for (const s of sections) {
    const items: DraftItem[] = [];
    const name = s.name || options.defaultSectionName || title || 'Menu';
    s.items.forEach((it, index) => {
      const built = finishItem(it, facts, { underHeading: s.heading !== null, index, size: s.items.length });
      if (!built) return;
      items.push(built.item);
      finished.push({ ...built, section: name });
    });
    if (!items.length) continue;
    const description = joinDescription(s.description);
    draftSections.push({ name: name.slice(0, 200), ...(description ? { description: description.slice(0, 2000) } : {}), items });
  }
  // Confidence, once the whole document is known.
  const share = (list: typeof finished, test: (f: (typeof finished)[number]) => boolean) => list.filter(test).length / Math.max(1, list.length);
  const docAllergenShare = share(finished, (f) => f.item.allergens.length > 0);
  // Items unpriced on purpose ("Market price" where the price would be) do not tell of a troubled read.
  const missingPrice = (item: DraftItem) => !item.prices.length && !endsInPriceOnRequestNote(item.description);
  const docNoPriceShare = share(finished, (f) => missingPrice(f.item));
  const docOddNameShare = share(finished, (f) => !f.facts.nameStyle);
  // Per section name: its items, and those without a price (for the share among an item's siblings).
  const bySection = new Map<string, { items: number; noPrice: number }>();
  for (const f of finished) {
    const c = bySection.get(f.section) ?? { items: 0, noPrice: 0 };
    c.items++;
    if (missingPrice(f.item)) c.noPrice++;
    bySection.set(f.section, c);
  }
  for (const { item, facts: itemFacts, section } of finished) {
    const c = bySection.get(section) ?? { items: 1, noPrice: 0 };
    const allFacts: ItemFacts = {
      ...itemFacts,
      sectionName: section,
      docAllergenShare,
      docNoPriceShare,
      docOddNameShare,
      sectionNoPriceShare: (c.noPrice - (missingPrice(item) ? 1 : 0)) / Math.max(1, c.items - 1),
    };
    const features = itemFeatures(allFacts);
    const scored = itemConfidence(features);
    item.confidence = scored.confidence;
    item.fieldConfidence = scored.fields;
    item.flagged = scored.flagged;
    if (options.features) Object.assign(item, { features, facts: allFacts });
  }
  return {
    version: 1,
    ...(title ? { title } : {}),
    ...(currency ? { currency } : {}),
    ...(money.evidence && money.currency === currency ? { currencySign: money.evidence.sign } : {}),
    ...(money.decimal ? { decimal: money.decimal } : {}),
    ...(language ? { language } : {}),
    pages: pages.length,
    pageSizes: pages.map((p) => ({ width: round(p.width), height: round(p.height) })),
    sections: draftSections,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

type PartialFacts = Omit<ItemFacts, 'sectionName' | 'docAllergenShare' | 'docNoPriceShare' | 'docOddNameShare' | 'sectionNoPriceShare'>;

/** The lowest OCR word confidence among runs (100 where none was read by OCR). */
const leastSure = (runs: TextRun[]) => Math.min(100, ...runs.flatMap((r) => (r.conf === undefined ? [] : [r.conf])));

/** The item's raised marks, and how sure OCR was of its name, its amounts, its marks and of any of its text (100 for a text layer). */
function readConfidence(it: ItemBuilder): Pick<ItemFacts, 'nameConf' | 'priceConf' | 'priceChecked' | 'markConf' | 'textConf' | 'marks'> {
  const amounts = (it.priceRow?.runs ?? []).filter((r) => /\d/.test(r.text));
  return {
    priceChecked: amounts.length > 0 && amounts.every((r) => r.checked),
    marks: it.rows.reduce((n, r) => n + r.sup.filter((run) => /[\p{L}\p{N}]/u.test(run.text)).length, 0),
    nameConf: leastSure(it.nameRow.runs.filter((r) => /\p{L}/u.test(r.text))),
    priceConf: leastSure(amounts),
    markConf: leastSure(it.rows.flatMap((r) => r.sup)),
    textConf: leastSure(it.rows.flatMap((r) => [...r.runs, ...r.sup])),
  };
}

function finishItem(it: ItemBuilder, doc: DocumentFacts, place: { underHeading: boolean; index: number; size: number }): { item: DraftItem; facts: PartialFacts } | null {
  const { legend } = doc;
  const vIsCode = legend?.kind === 'letters' && legend.codes.has('V');
  const dietMarks = takeDietMarkers(it.name, vIsCode);
  const nameCodes = takeAllergenCodes(dietMarks.text, legend);
  // A badge beside the name ("Tandoori Roti [VG]") that OCR read as a piece of text of its own.
  const badges = it.descriptions.map((d) => markerLine(d, vIsCode));
  const description = joinDescription(it.descriptions.filter((_, i) => !badges[i]));
  const descCodes = takeAllergenCodes(description, legend);
  const allergens = new Set([...it.allergens, ...nameCodes.keys, ...descCodes.keys]);
  const nameDiets = takeDietMarkers(nameCodes.text, vIsCode);
  const name = cleanText(nameDiets.text);
  // A label the item's allergens contradict is a misread marker: the allergens win.
  const diets = [...new Set([...it.diets, ...badges.flatMap((b) => b ?? []), ...dietMarks.diets, ...nameDiets.diets])].filter((d) => !DIETS.find((x) => x.key === d)?.excludes.some((a) => allergens.has(a as string)));
  if (!/\p{L}/u.test(name)) return null;
  const prices: DraftPrice[] = it.prices.map((p) => ({ label: p.label, amount: p.amount }));
  const last = it.priceRow?.runs[it.priceRow.runs.length - 1];
  const facts: PartialFacts = {
    name, description,
    prices: it.prices.map((p) => ({ label: p.label, bare: p.bare, currency: p.currency })),
    leadingPrice: Boolean(it.nameRow.price?.leading),
    priceOwnLine: it.priceFromSeparateLine,
    headerLabels: it.labelsFromHeader,
    priceRight: last ? last.x + last.width : null,
    columnPriceRight: it.priceRow ? (doc.priceRight.get(`${it.priceRow.page}|${it.priceRow.columnX0}`) ?? null) : null,
    size: it.nameRow.size,
    nameLines: it.nameLines,
    rows: it.rows.length,
    nameStyle: doc.isName(it.nameRow),
    nameStyleShare: doc.styleShare(it.nameRow.style),
    refSize: doc.refSize,
    underHeading: place.underHeading,
    index: place.index,
    sectionSize: place.size,
    pageY: it.nameRow.y / (doc.pageHeight.get(it.nameRow.page) ?? 842),
    gapRatio: it.nameRow.gapAbove === null ? null : it.nameRow.gapAbove / Math.max(1, doc.itemGap),
    legendFound: legend !== null,
    raisedAllergens: it.allergens.size,
    inlineAllergens: nameCodes.keys.length + descCodes.keys.length,
    diets: diets.length,
    columns: doc.columns.get(it.nameRow.page) ?? 1,
    ocr: doc.ocrPages.has(it.nameRow.page),
    ...readConfidence(it),
    headingConf: leastSure(it.section.heading?.runs ?? []),
    unmarkedHints: unmarkedAllergenHints(`${name} ${descCodes.text}`, [...allergens]).length,
  };
  const runs = it.rows.flatMap((r) => [...r.runs, ...r.sup]);
  const bbox = runs.length ? {
    x: round(Math.min(...runs.map((r) => r.x))),
    y: round(Math.min(...runs.map((r) => r.y - r.size * 0.8))),
    width: round(Math.max(...runs.map((r) => r.x + r.width)) - Math.min(...runs.map((r) => r.x))),
    height: round(Math.max(...runs.map((r) => r.y + r.size * 0.25)) - Math.min(...runs.map((r) => r.y - r.size * 0.8))),
  } : null;
  const item: DraftItem = {
    name: name.slice(0, 200),
    description: cleanText(descCodes.text).slice(0, 2000),
    prices,
    allergens: [...allergens],
    diets,
    confidence: 0,
    flagged: false,
    page: it.nameRow.page,
    bbox,
  };
  return { item, facts };
}

