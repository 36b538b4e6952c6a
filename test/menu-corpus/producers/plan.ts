import type { TruthMenu } from '../truth.ts';

/**
 * Which file each menu becomes, and what kind of layout it is. Every menu is printed by two of
 * the four text producers (a different pair as the index moves on), short menus also as a Draw
 * poster; every fifth text PDF is also scanned, and every tenth menu photographed twice: as a
 * photo sent on at 110 dpi (`photo`) and as a phone camera takes it, 200 dpi (`phone`).
 */
export const TEXT_PRODUCERS = ['chromium', 'writer', 'pdfkit', 'latex'] as const;
export const PRODUCERS = [...TEXT_PRODUCERS, 'draw', 'scan', 'photo', 'phone'] as const;
export type Producer = (typeof PRODUCERS)[number];
export type TextProducer = (typeof TEXT_PRODUCERS)[number] | 'draw';

export const LAYOUT_CLASSES = [
  '1col',
  '2col',
  '3col',
  'variant-table',
  'leaders',
  'smallcaps',
  'letterspaced',
  'footnote-allergens',
  'diet-markers',
  'no-price',
  'long-names',
  'multipage',
  'wine-list',
  'poster',
  'scan',
  'photo',
  'phone',
] as const;
export type LayoutClass = (typeof LAYOUT_CLASSES)[number];

export interface ManifestEntry {
  /** File name under files/. */
  file: string;
  menu: string;
  producer: Producer;
  language: string;
  /** For scans and photos: the text file they were made from. */
  source?: string;
  /** Scan/photo settings, for the record. */
  raster?: { dpi?: number; angle?: number; quality?: number; format?: string };
  pages: number;
  classes: LayoutClass[];
}

export interface Manifest {
  note: string;
  files: ManifestEntry[];
}

export interface PlannedText {
  menu: TruthMenu;
  producer: TextProducer;
  file: string;
}

const itemCount = (m: TruthMenu) => m.sections.reduce((n, s) => n + s.items.length, 0);

export function planText(menus: TruthMenu[]): PlannedText[] {
  const out: PlannedText[] = [];
  menus.forEach((menu, i) => {
    const first = TEXT_PRODUCERS[i % 4] ?? 'chromium';
    const second = TEXT_PRODUCERS[(i + 1 + (Math.floor(i / 4) % 3)) % 4] ?? 'latex';
    for (const producer of [first, second]) out.push({ menu, producer, file: `${menu.id}.${producer}.pdf` });
    if (i % 3 === 0 && itemCount(menu) <= 16 && !menu.style.pageBreaks.length)
      out.push({ menu, producer: 'draw', file: `${menu.id}.draw.pdf` });
  });
  return out;
}

/** The layout classes a truth file shows in any producer's rendering (pages are added from the file). */
export function contentClasses(menu: TruthMenu): LayoutClass[] {
  const items = menu.sections.flatMap((s) => s.items);
  const c: LayoutClass[] = [`${menu.style.columns}col` as LayoutClass];
  if (menu.sections.some((s) => s.variants)) c.push('variant-table');
  if (menu.style.leaders) c.push('leaders');
  if (menu.style.smallcaps) c.push('smallcaps');
  if (menu.style.letterspaced) c.push('letterspaced');
  if (menu.legend) c.push('footnote-allergens');
  if (items.some((i) => i.diet.length)) c.push('diet-markers');
  if (items.some((i) => !i.prices.length)) c.push('no-price');
  if (items.some((i) => i.name.length > 45)) c.push('long-names');
  if (menu.kind === 'wine-list') c.push('wine-list');
  return c;
}
