import type { Face, PageWriter, TextStyle } from './menu-writer.ts';
import { MenuWriter } from './menu-writer.ts';
import { ALLERGENS } from '../../../shared/constants.ts';

export type AllergenKey = (typeof ALLERGENS)[number]['key'];

/** What a corpus menu contains: the truth the extractor is scored against. */
export interface CorpusPrice {
  label: string;
  amount: number;
}
export interface CorpusItem {
  name: string;
  description?: string;
  prices: CorpusPrice[];
  allergens?: AllergenKey[];
  /** The prices exactly as printed, when they differ from the menu's format (e.g. `small 4 / large 6`). */
  printed?: string;
}
export interface CorpusSection {
  name: string;
  items: CorpusItem[];
}
export interface CorpusMenu {
  title?: string;
  tagline?: string;
  sections: CorpusSection[];
}

export type PriceFormat = 'eu' | 'euPlain' | 'us' | 'dot' | 'euroPrefix' | 'swiss' | 'int' | 'eurSuffix' | 'gbp';
export type ItemLayout = 'leaders' | 'right' | 'descPrice' | 'left' | 'inline' | 'variantTable' | 'centered';

export interface RenderOptions {
  columns?: 1 | 2;
  layout: ItemLayout;
  priceFormat: PriceFormat;
  heading?: { face?: Face; size?: number; caps?: boolean; letterSpaced?: boolean; centered?: boolean; rule?: boolean };
  name?: { face?: Face; size?: number };
  description?: { face?: Face; size?: number };
  /** Allergen codes after the name: EU letters in parentheses, or numbers as superscripts with a legend. */
  allergens?: 'letters' | 'superscript';
  /** Text of the legend printed at the end (superscript numbering: Annex II order). */
  legend?: boolean;
  /** Repeated running header/footer with page numbers. */
  runningHeader?: string;
  pageNumbers?: boolean;
  /** Variant tables: the column labels printed above the prices. */
  variantLabels?: string[];
  /** Text printed instead of a price for items without one. */
  noPriceText?: string;
  pageSize?: [number, number];
  title?: { face?: Face; size?: number };
  /** Text drawn in fragments with kerning (like many PDF producers). */
  fragmented?: boolean;
  /** A note printed under a section's heading ("All pizzas with …"). */
  sectionNotes?: Record<string, string>;
}

const DOT = (n: number) => (n / 100).toFixed(2);

export function formatPrice(amount: number, format: PriceFormat): string {
  const whole = amount % 100 === 0;
  switch (format) {
    case 'eu':
      return `${DOT(amount).replace('.', ',')} €`;
    case 'euPlain':
      return DOT(amount).replace('.', ',');
    case 'us':
      return `$${DOT(amount)}`;
    case 'dot':
      return DOT(amount);
    case 'euroPrefix':
      return whole ? `€${amount / 100}` : `€${DOT(amount)}`;
    case 'swiss':
      return whole ? `${amount / 100}.–` : DOT(amount);
    case 'int':
      return String(Math.round(amount / 100));
    case 'eurSuffix':
      return `${DOT(amount)} EUR`;
    case 'gbp':
      return `£${DOT(amount)}`;
  }
}

/** Prices as printed: `0,3 l 3,50 / 0,5 l 5,00`, or one plain price. */
export function formatPrices(prices: CorpusPrice[], format: PriceFormat): string {
  return prices.map((p) => (p.label ? `${p.label} ${formatPrice(p.amount, format)}` : formatPrice(p.amount, format))).join(' / ');
}

function allergenNumbers(keys: AllergenKey[]): string {
  return keys.map((k) => ALLERGENS.findIndex((a) => a.key === k) + 1).join(',');
}

function allergenLetters(keys: AllergenKey[]): string {
  return `(${keys.map((k) => ALLERGENS.find((a) => a.key === k)?.code).join(', ')})`;
}

interface Frame {
  x0: number;
  x1: number;
}

/**
 * Renders a menu with one of the corpus layouts: a flowing cursor over columns and pages,
 * keeping a heading together with its first item.
 */
export async function renderMenu(menu: CorpusMenu, options: RenderOptions): Promise<Uint8Array> {
  const writer = await MenuWriter.create(menu.title ?? 'Menu');
  const [pw, ph] = options.pageSize ?? [595, 842];
  const margin = 48;
  const columns = options.columns ?? 1;
  const gutter = 28;
  const colWidth = (pw - 2 * margin - (columns - 1) * gutter) / columns;
  const frames: Frame[] = Array.from({ length: columns }, (_, i) => ({
    x0: margin + i * (colWidth + gutter),
    x1: margin + i * (colWidth + gutter) + colWidth,
  }));
  const headingStyle: TextStyle = { face: options.heading?.face ?? 'bold', size: options.heading?.size ?? 15 };
  const nameStyle: TextStyle = { face: options.name?.face ?? 'bold', size: options.name?.size ?? 11 };
  const descStyle: TextStyle = { face: options.description?.face ?? 'italic', size: options.description?.size ?? 9, grey: 0.25 };
  const bottom = ph - margin - (options.pageNumbers ? 20 : 0);
  const pages: PageWriter[] = [];
  let page!: PageWriter;
  let col = 0;
  let top = 0;
  let firstTop = margin;

  const newPage = () => {
    page = writer.addPage(pw, ph, options.fragmented ?? false);
    pages.push(page);
    col = 0;
    top = margin;
    if (options.runningHeader) {
      page.center(options.runningHeader, pw / 2, margin - 16, { face: 'regular', size: 8, grey: 0.4 });
    }
    if (pages.length === 1 && menu.title) {
      top += 22;
      page.center(menu.title, pw / 2, top, { face: options.title?.face ?? 'bold', size: options.title?.size ?? 24 });
      top += 8;
      if (menu.tagline) {
        top += 16;
        page.center(menu.tagline, pw / 2, top, { face: 'italic', size: 10, grey: 0.3 });
      }
      top += 26;
    }
    firstTop = top;
  };
  const ensure = (height: number) => {
    if (top + height <= bottom) return;
    if (col < columns - 1) {
      col++;
      top = firstTop;
    } else newPage();
  };
  newPage();

  const frame = () => frames[col] as Frame;
  const descLines = (text: string | undefined, width: number) => (text ? page.wrap(text, width, descStyle) : []);
  const nameText = (item: CorpusItem) => {
    if (!item.allergens?.length || options.allergens !== 'letters') return item.name;
    return `${item.name} ${allergenLetters(item.allergens)}`;
  };
  const priceText = (item: CorpusItem) =>
    item.printed ?? (item.prices.length ? formatPrices(item.prices, options.priceFormat) : (options.noPriceText ?? ''));
  const lineGap = (s: TextStyle) => s.size * 1.3;

  const itemHeight = (item: CorpusItem): number => {
    const f = frame();
    const width =
      f.x1 -
      f.x0 -
      (options.layout === 'left' ? 56 : 0) -
      (options.layout === 'descPrice' ? 60 : 0) -
      (options.layout === 'centered' ? 120 : 0);
    const nameLines = page.wrap(nameText(item), options.layout === 'centered' ? f.x1 - f.x0 - 40 : width - 60, nameStyle).length;
    return (
      nameLines * lineGap(nameStyle) +
      (descLines(item.description, width).length + (options.layout === 'centered' ? 1 : 0)) * lineGap(descStyle) +
      8
    );
  };

  const drawItem = (item: CorpusItem) => {
    const f = frame();
    const name = nameText(item);
    const price = priceText(item);
    top += lineGap(nameStyle);
    let after = 0;
    let extraNameLines: string[] = [];
    switch (options.layout) {
      case 'leaders': {
        // A name too long for one line wraps; the leaders run on its last line.
        const style = { ...nameStyle, face: 'regular' as const };
        const lines = page.wrap(name, f.x1 - f.x0 - (price ? page.measure(price, style) + 30 : 0), style);
        lines.slice(0, -1).forEach((text) => {
          page.text(text, f.x0, top, style);
          top += lineGap(nameStyle);
        });
        const last = lines[lines.length - 1] ?? name;
        if (price) page.leaders(last, price, f.x0, f.x1, top, style);
        else page.text(last, f.x0, top, style);
        break;
      }
      case 'right':
      case 'variantTable': {
        const room = f.x1 - f.x0 - (price ? page.measure(price, { ...nameStyle, face: 'regular' }) + 24 : 0);
        const [firstLine = name, ...more] = page.wrap(name, room, nameStyle);
        after = page.text(firstLine, f.x0, top, nameStyle);
        extraNameLines = more;
        if (options.layout === 'variantTable') {
          // One price per column, right-aligned under its label.
          const labels = options.variantLabels ?? [];
          labels.forEach((label, i) => {
            const p = item.prices.find((x) => x.label === label);
            if (p)
              page.right(formatPrice(p.amount, options.priceFormat), f.x1 - (labels.length - 1 - i) * 60, top, {
                ...nameStyle,
                face: 'regular',
              });
          });
        } else if (price) page.right(price, f.x1, top, { ...nameStyle, face: 'regular' });
        break;
      }
      case 'left': {
        if (price) page.text(price, f.x0, top, { ...nameStyle, face: 'regular' });
        const [firstLine = name, ...more] = page.wrap(name, f.x1 - f.x0 - 56, nameStyle);
        after = page.text(firstLine, f.x0 + 56, top, nameStyle);
        for (const rest of more) {
          top += lineGap(nameStyle);
          after = page.text(rest, f.x0 + 56, top, nameStyle);
        }
        break;
      }
      case 'inline': {
        const room = f.x1 - f.x0 - (price ? page.measure(price, { ...nameStyle, face: 'regular' }) + 24 : 0);
        const [firstLine = name, ...more] = page.wrap(name, room, nameStyle);
        after = page.text(firstLine, f.x0, top, nameStyle);
        for (const rest of more) {
          top += lineGap(nameStyle);
          after = page.text(rest, f.x0, top, nameStyle);
        }
        if (price) page.right(price, f.x1, top - more.length * lineGap(nameStyle), { ...nameStyle, face: 'regular' });
        if (item.description) {
          // The description continues on the name's line and wraps below it, clear of the price.
          const style = { ...descStyle, size: nameStyle.size - 1 };
          const room = f.x1 - after - (price ? page.measure(price, { ...nameStyle, face: 'regular' }) + 16 : 0);
          const words = ` – ${item.description}`.split(' ');
          let line = '';
          while (words.length && page.measure(`${line} ${words[0]}`, style) < room) line = `${line} ${words.shift()}`;
          if (line.trim()) page.text(line, after, top, style);
          for (const more of words.length ? page.wrap(words.join(' '), f.x1 - f.x0, style) : []) {
            top += lineGap(style);
            page.text(more, f.x0, top, style);
          }
        }
        break;
      }
      case 'descPrice': {
        const [firstLine = name, ...more] = page.wrap(name, f.x1 - f.x0 - 60, nameStyle);
        after = page.text(firstLine, f.x0, top, nameStyle);
        extraNameLines = more;
        break;
      }
      case 'centered': {
        const cx = (f.x0 + f.x1) / 2;
        const names = page.wrap(name, f.x1 - f.x0 - 40, nameStyle);
        names.forEach((text, i) => {
          if (i) top += lineGap(nameStyle);
          page.center(text, cx, top, nameStyle);
          after = cx + page.measure(text, nameStyle) / 2;
        });
        for (const text of descLines(item.description, f.x1 - f.x0 - 120)) {
          top += lineGap(descStyle);
          page.center(text, cx, top, descStyle);
        }
        if (price) {
          top += lineGap(descStyle) + 2;
          page.center(price, cx, top, { ...descStyle, face: 'regular', grey: 0 });
        }
        break;
      }
    }
    for (const more of extraNameLines) {
      top += lineGap(nameStyle);
      after = page.text(more, f.x0, top, nameStyle);
    }
    if (options.allergens === 'superscript' && item.allergens?.length) {
      page.superscript(allergenNumbers(item.allergens), after, top, nameStyle);
    }
    if (options.layout !== 'inline' && options.layout !== 'centered') {
      const indent = options.layout === 'left' ? 56 : 0;
      const width = f.x1 - f.x0 - indent - (options.layout === 'descPrice' ? 60 : 0);
      const lines = descLines(item.description, width);
      lines.forEach((text, i) => {
        top += lineGap(descStyle);
        page.text(text, f.x0 + indent, top, descStyle);
        if (options.layout === 'descPrice' && i === lines.length - 1 && price)
          page.right(price, f.x1, top, { ...nameStyle, face: 'regular' });
      });
      if (options.layout === 'descPrice' && !lines.length && price) page.right(price, f.x1, top, { ...nameStyle, face: 'regular' });
    }
    top += 8;
  };

  const drawHeading = (name: string) => {
    const f = frame();
    let text = options.heading?.caps ? name.toUpperCase() : name;
    if (options.heading?.letterSpaced) text = [...text].join(' ');
    top += headingStyle.size * 1.6;
    if (options.heading?.centered) page.center(text, (f.x0 + f.x1) / 2, top, headingStyle);
    else page.text(text, f.x0, top, headingStyle);
    if (options.heading?.rule) page.line(f.x0, f.x1, top + 5);
    top += 10;
    const note = options.sectionNotes?.[name];
    if (note) {
      top += lineGap(descStyle);
      if (options.heading?.centered) page.center(note, (f.x0 + f.x1) / 2, top, descStyle);
      else page.text(note, f.x0, top, descStyle);
      top += 4;
    }
    if (options.layout === 'variantTable' && options.variantLabels) {
      top += lineGap(descStyle);
      const labels = options.variantLabels;
      labels.forEach((label, i) => page.right(label, f.x1 - (labels.length - 1 - i) * 60, top, { ...descStyle, face: 'bold' }));
    }
  };

  for (const section of menu.sections) {
    const first = section.items[0];
    ensure(
      headingStyle.size * 1.6 +
        10 +
        (first ? itemHeight(first) : 0) +
        (options.variantLabels ? 14 : 0) +
        (options.sectionNotes?.[section.name] ? 16 : 0),
    );
    drawHeading(section.name);
    for (const item of section.items) {
      const h = itemHeight(item);
      const before = `${pages.length}:${col}`;
      ensure(h);
      if (`${pages.length}:${col}` !== before && options.layout === 'variantTable') drawHeadingLabels();
      drawItem(item);
    }
  }

  function drawHeadingLabels() {
    const f = frame();
    const labels = options.variantLabels ?? [];
    top += lineGap(descStyle);
    labels.forEach((label, i) => page.right(label, f.x1 - (labels.length - 1 - i) * 60, top, { ...descStyle, face: 'bold' }));
  }

  if (options.legend) {
    const legend = `Allergens: ${ALLERGENS.map((a, i) => `${options.allergens === 'letters' ? a.code : i + 1} ${a.name}`).join(' · ')}`;
    const style: TextStyle = { face: 'regular', size: 7, grey: 0.3 };
    const lines = page.wrap(legend, pw - 2 * margin, style);
    if (top + lines.length * 10 + 20 > bottom) newPage();
    top = bottom - lines.length * 10;
    for (const l of lines) {
      page.text(l, margin, top, style);
      top += 10;
    }
  }

  if (options.pageNumbers) {
    pages.forEach((p, i) =>
      p.center(`Page ${i + 1} of ${pages.length}`, pw / 2, ph - margin + 10, { face: 'regular', size: 8, grey: 0.4 }),
    );
  }
  return writer.save();
}
