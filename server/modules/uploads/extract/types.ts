import type {
  DraftBox, DraftItem as StoredDraftItem, DraftSection as StoredDraftSection, MenuDraft as StoredMenuDraft,
} from '../../../../shared/schemas/upload-draft.ts';

import type { Features, ItemFacts } from './confidence.ts';

export type { DraftBox, DraftPrice } from '../../../../shared/schemas/upload-draft.ts';

/** A piece of text as placed on a page: top-left origin, PDF points. */
export interface TextRun {
  text: string;
  /** Left edge. */
  x: number;
  /** Baseline, measured from the top of the page. */
  y: number;
  width: number;
  /** Font size (the glyphs' em height). */
  size: number;
  /** The document's font id: runs in the same face share it. */
  font: string;
  bold: boolean;
  italic: boolean;
  /** The text had a space before/after it (the words next to it are separate). */
  spaceBefore?: boolean;
  spaceAfter?: boolean;
  /** Read by OCR: how sure Tesseract was of the run's least sure word (0–100). Absent in a text layer. */
  conf?: number;
  /** Read by OCR: a second engine read the same amount in it (`ocr/price-check.ts`). */
  checked?: boolean;
}

export interface PageText {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
}

/*
 * The extractor's output is a stored draft (shared/schemas/upload-draft.ts) in which everything a
 * reviewer's edit may drop is always filled in: confidence, flag, page and box of every item.
 */
export type DraftItem = StoredDraftItem &
  Required<Pick<StoredDraftItem, 'confidence' | 'flagged' | 'page'>> & {
    bbox: DraftBox | null;
    /** Only with `ExtractOptions.features` (calibration): what the confidence was computed from. */
    features?: Features;
    /** Only with `ExtractOptions.features`: the raw facts the features were computed from. */
    facts?: ItemFacts;
  };
export type DraftSection = Omit<StoredDraftSection, 'items'> & { items: DraftItem[] };
export type MenuDraft = Omit<StoredMenuDraft, 'version' | 'pages' | 'pageSizes' | 'sections'> & {
  version: 1;
  pages: number;
  pageSizes: Array<{ width: number; height: number }>;
  sections: DraftSection[];
};
