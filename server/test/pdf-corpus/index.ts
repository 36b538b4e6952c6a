import {
  asian,
  bistro,
  brunch,
  cafe,
  diner,
  drinks,
  fineDining,
  gasthaus,
  pub,
  seafood,
  steakhouse,
  swiss,
  tapas,
  trattoria,
  wineList,
} from './menus.ts';
import { renderMenu, type CorpusSection } from './render.ts';
import { encryptPdf, notAPdf, scannedPdf, withJavaScript } from './special.ts';
import { UPLOAD_MESSAGES } from '../../modules/uploads/pdf.ts';

export type { CorpusItem, CorpusMenu, CorpusPrice, CorpusSection } from './render.ts';

/** What a corpus file must produce: a menu (scored) or a given error at upload or extraction. */
export type CorpusExpectation =
  | { kind: 'menu'; sections: CorpusSection[]; currency?: string; pages: number }
  | { kind: 'error'; stage: 'upload' | 'extraction'; message: string };

export interface CorpusCase {
  /** File name, also the case's name in reports. */
  file: string;
  about: string;
  build(): Promise<Uint8Array>;
  expected: CorpusExpectation;
}

const menu = (sections: CorpusSection[], pages: number, currency?: string): CorpusExpectation => ({
  kind: 'menu',
  sections,
  pages,
  ...(currency ? { currency } : {}),
});

/**
 * The extraction corpus: every file is generated here by code (pdf-lib, standard fonts), with the
 * sections, items and prices it must yield. Layouts and price formats vary per file.
 */
export const corpus: CorpusCase[] = [
  {
    file: 'one-column-leaders.pdf',
    about: 'one column, dot leaders in one text run, European prices with a euro sign after the amount',
    build: () => renderMenu(trattoria, { layout: 'leaders', priceFormat: 'eu', heading: { size: 15 } }),
    expected: menu(trattoria.sections, 1, 'EUR'),
  },
  {
    file: 'two-columns.pdf',
    about: 'two columns, bold names with right-aligned prices per column, caps headings with rules',
    build: () => renderMenu(bistro, { columns: 2, layout: 'right', priceFormat: 'eu', heading: { size: 12, caps: true, rule: true } }),
    expected: menu(bistro.sections, 1, 'EUR'),
  },
  {
    file: 'us-right-column.pdf',
    about: 'US dollar prices in a right column, ALL CAPS headings, regular descriptions',
    build: () =>
      renderMenu(diner, {
        layout: 'right',
        priceFormat: 'us',
        heading: { size: 13, caps: true },
        description: { face: 'regular', size: 9 },
      }),
    expected: menu(diner.sections, 1, 'USD'),
  },
  {
    file: 'prices-left.pdf',
    about: 'prices printed left of the names, plain decimal prices',
    build: () => renderMenu(cafe, { layout: 'left', priceFormat: 'dot', heading: { size: 14 } }),
    expected: menu(cafe.sections, 1),
  },
  {
    file: 'drinks-variants.pdf',
    about: 'a drinks list: variants `0,3 l 3,50 / 0,5 l 5,00`, `Glass … / Bottle …`, `small 4 / large 6`',
    build: () => renderMenu(drinks, { layout: 'right', priceFormat: 'euPlain', heading: { size: 12, caps: true } }),
    expected: menu(drinks.sections, 1),
  },
  {
    file: 'caps-headings-allergens.pdf',
    about: 'headings in bold caps at item size, prices after the description, EU allergen letters and a legend',
    build: () =>
      renderMenu(gasthaus, {
        layout: 'descPrice',
        priceFormat: 'eu',
        heading: { size: 11, caps: true },
        allergens: 'letters',
        legend: true,
      }),
    expected: menu(gasthaus.sections, 1, 'EUR'),
  },
  {
    file: 'swiss-dash-prices.pdf',
    about: 'Swiss `38.–` prices, letter-spaced caps headings in the regular face (spacing only)',
    build: () =>
      renderMenu(
        { ...swiss, tagline: 'Alle Preise in CHF inkl. MwSt.' },
        { layout: 'leaders', priceFormat: 'swiss', heading: { face: 'regular', size: 12, caps: true, letterSpaced: true } },
      ),
    expected: menu(swiss.sections, 1, 'CHF'),
  },
  {
    file: 'multi-page.pdf',
    about: 'three pages with a running header and page numbers; sections continue across pages',
    build: () =>
      renderMenu(asian, {
        layout: 'right',
        priceFormat: 'dot',
        heading: { size: 16 },
        runningHeader: 'Golden Lotus · Pan-Asian Kitchen',
        pageNumbers: true,
      }),
    expected: menu(asian.sections, 3),
  },
  {
    file: 'superscript-allergens.pdf',
    about: 'allergen numbers as superscripts with a numbered footnote legend',
    build: () => renderMenu(pub, { layout: 'right', priceFormat: 'eu', heading: { size: 14 }, allergens: 'superscript', legend: true }),
    expected: menu(pub.sections, 1, 'EUR'),
  },
  {
    file: 'market-price.pdf',
    about: 'items with "Market price" instead of a price: flagged, never priced',
    build: () => renderMenu(seafood, { layout: 'descPrice', priceFormat: 'us', heading: { size: 14 }, noPriceText: 'Market price' }),
    expected: menu(seafood.sections, 1, 'USD'),
  },
  {
    file: 'inline-euro-prefix.pdf',
    about: 'name – description on one line, euro sign before whole-number prices, centred headings',
    build: () => renderMenu(brunch, { layout: 'inline', priceFormat: 'euroPrefix', heading: { size: 13, centered: true } }),
    expected: menu(brunch.sections, 1, 'EUR'),
  },
  {
    file: 'wine-table.pdf',
    about: 'a wine list as a table: glass sizes head two price columns',
    build: () =>
      renderMenu(wineList, { layout: 'variantTable', priceFormat: 'euPlain', heading: { size: 13 }, variantLabels: ['1/8 l', '1/4 l'] }),
    expected: menu(wineList.sections, 1),
  },
  {
    file: 'embedded-javascript.pdf',
    about: 'a menu with an OpenAction script: extracted normally, the script never runs',
    build: async () => withJavaScript(await renderMenu(cafe, { layout: 'right', priceFormat: 'eu', heading: { size: 14 } })),
    expected: menu(cafe.sections, 1, 'EUR'),
  },
  {
    file: 'centered-stacked.pdf',
    about: 'a centred menu: name, description and price on their own lines, letter-spaced headings, a section note, "EUR" after prices',
    build: () =>
      renderMenu(fineDining, {
        layout: 'centered',
        priceFormat: 'eurSuffix',
        heading: { size: 13, caps: true, letterSpaced: true, centered: true },
        name: { size: 12 },
        description: { size: 10 },
        sectionNotes: { Mains: 'All mains are served with seasonal vegetables' },
      }),
    expected: menu(fineDining.sections, 1, 'EUR'),
  },
  {
    file: 'fragmented-two-columns.pdf',
    about: 'two columns, text drawn in kerned fragments, long names and descriptions wrapping over lines, pound prices',
    build: () =>
      renderMenu(steakhouse, {
        columns: 2,
        layout: 'descPrice',
        priceFormat: 'gbp',
        heading: { size: 13 },
        fragmented: true,
        pageSize: [595, 560],
      }),
    expected: menu(steakhouse.sections, 1, 'GBP'),
  },
  {
    file: 'plain-single-font.pdf',
    about: 'one font and size for everything: headings only in capitals, descriptions styled like names',
    build: () =>
      renderMenu(tapas, {
        layout: 'right',
        priceFormat: 'euPlain',
        title: { face: 'regular', size: 10 },
        heading: { face: 'regular', size: 10, caps: true },
        name: { face: 'regular', size: 10 },
        description: { face: 'regular', size: 10 },
      }),
    expected: menu(tapas.sections, 1),
  },
  {
    file: 'centered-two-columns.pdf',
    about: 'two centred columns, prices on their own lines, long names wrapping, kerned fragments',
    build: () =>
      renderMenu(steakhouse, {
        columns: 2,
        layout: 'centered',
        priceFormat: 'swiss',
        heading: { size: 15, caps: true },
        fragmented: true,
        pageSize: [595, 600],
      }),
    expected: menu(steakhouse.sections, 2),
  },
  {
    file: 'prices-left-two-columns.pdf',
    about: 'two columns with prices left of the names; the second column holds a single item',
    build: () =>
      renderMenu(gasthaus, {
        columns: 2,
        layout: 'left',
        priceFormat: 'eu',
        heading: { size: 12, caps: true },
        allergens: 'letters',
        pageSize: [595, 600],
      }),
    expected: menu(gasthaus.sections, 1, 'EUR'),
  },
  {
    file: 'scanned-image.pdf',
    about: 'a scanned menu: one image per page, no text layer',
    build: () => scannedPdf(1),
    expected: { kind: 'error', stage: 'extraction', message: UPLOAD_MESSAGES.noText },
  },
  {
    file: 'encrypted.pdf',
    about: 'a password-protected PDF (Standard security handler added by hand)',
    build: async () => encryptPdf(await renderMenu(cafe, { layout: 'right', priceFormat: 'eu' })),
    expected: { kind: 'error', stage: 'upload', message: UPLOAD_MESSAGES.encrypted },
  },
  {
    file: 'not-a-pdf.pdf',
    about: 'a text file renamed to .pdf',
    build: async () => notAPdf(),
    expected: { kind: 'error', stage: 'upload', message: UPLOAD_MESSAGES.notPdf },
  },
];

export function corpusCase(file: string): CorpusCase {
  const found = corpus.find((c) => c.file === file);
  if (!found) throw new Error(`no corpus case ${file}`);
  return found;
}
