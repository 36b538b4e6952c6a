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
}

export interface PageText {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
}

export interface DraftPrice { label: string; amount: number }

/** Where an item is printed: top-left origin, PDF points at scale 1 (as a pdfjs viewport draws). */
export interface DraftBox { x: number; y: number; width: number; height: number }

export interface DraftItem {
  name: string;
  description: string;
  /** Amounts in minor units; empty when no price was detected (then `flagged`). Never invented. */
  prices: DraftPrice[];
  /** EU-14 allergen keys. */
  allergens: string[];
  /** 0–1: how sure the extractor is about this row. */
  confidence: number;
  /** Needs a look: no price, or low confidence. */
  flagged: boolean;
  page: number;
  bbox: DraftBox | null;
}

export interface DraftSection {
  name: string;
  description?: string;
  items: DraftItem[];
}

export interface MenuDraft {
  version: 1;
  /** The menu's printed title, when one was recognised (a name suggestion). */
  title?: string;
  /** ISO code when the prices name a currency (€, $, £, CHF …). */
  currency?: string;
  pages: number;
  /** Page sizes in points, for drawing item boxes over the rendered pages. */
  pageSizes: Array<{ width: number; height: number }>;
  sections: DraftSection[];
}
