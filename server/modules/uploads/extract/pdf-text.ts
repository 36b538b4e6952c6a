import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfJs } from '../pdf.ts';
import { normalizeRuns } from './runs.ts';
import type { PageText, TextRun } from './types.ts';

interface PdfTextItem { str: string; transform: number[]; width: number; height: number; fontName: string }

const BOLD = /bold|black|heavy|semibold|demibold|extrabold|ultrabold|[-,]bd\b|[-,]sb\b/i;
const ITALIC = /italic|oblique|[-,]it\b/i;

/** The font's real name (e.g. "ABCDEF+Lato-Bold") once pdfjs loaded it, else null. */
function fontFace(page: PDFPageProxy, fontName: string): { bold: boolean; italic: boolean } | null {
  try {
    if (!page.commonObjs.has(fontName)) return null;
    const font = page.commonObjs.get(fontName) as { name?: string; bold?: boolean; italic?: boolean; black?: boolean } | null;
    if (!font) return null;
    const name = String(font.name ?? '');
    return { bold: Boolean(font.bold || font.black) || BOLD.test(name), italic: Boolean(font.italic) || ITALIC.test(name) };
  } catch {
    return null;
  }
}

/** Splits a run where a producer aligned text with spaces (3+ spaces or a tab). */
function splitRun(run: TextRun): TextRun[] {
  if (!/\s{3,}|\t/.test(run.text)) return [run];
  const perChar = run.text.length ? run.width / run.text.length : 0;
  const out: TextRun[] = [];
  const re = /[^\s](?:.*?[^\s])?(?=\s{3,}|\t|$)/gs;
  for (const m of run.text.matchAll(re)) {
    const text = m[0].trim();
    if (!text) continue;
    out.push({ ...run, text, x: run.x + (m.index ?? 0) * perChar, width: text.length * perChar });
  }
  return out.length ? out : [run];
}

/** The positioned text of one page (horizontal text only), in reading coordinates. */
export async function readPageText(page: PDFPageProxy): Promise<PageText> {
  const { Util } = await loadPdfJs();
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = content.items.filter((i): i is typeof i & PdfTextItem => 'str' in i);
  // Real font names (bold/italic) need the fonts loaded, which building the operator list does;
  // a page set in a single font does not need them.
  const fontIds = new Set(items.filter((i) => i.str.trim()).map((i) => i.fontName));
  if (fontIds.size > 1) await page.getOperatorList().catch(() => undefined);
  const faces = new Map<string, { bold: boolean; italic: boolean } | null>();
  const widthScale = Math.hypot(viewport.transform[0] ?? 1, viewport.transform[1] ?? 0);
  const runs: TextRun[] = [];
  // Spaces drawn on their own, to check afterwards that no glyph was drawn over them.
  const spaces: Array<{ run: TextRun; x: number; y: number; width: number }> = [];
  for (const item of items) {
    const m = Util.transform(viewport.transform, item.transform) as number[];
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
    // Horizontal text only (rotated watermarks and vertical labels are not menu rows).
    if (Math.abs(b) > 0.01 * Math.abs(a) || Math.abs(c) > 0.01 * Math.abs(d) || a <= 0) continue;
    const size = Math.hypot(c, d) || item.height;
    if (!(size > 0.5)) continue;
    const previous = runs[runs.length - 1];
    if (!item.str.trim()) {
      // A space drawn on its own: the words around it are separate.
      if (previous && Math.abs(previous.y - f) < 0.3 * size) {
        previous.spaceAfter = true;
        spaces.push({ run: previous, x: e, y: f, width: item.width * widthScale });
      }
      continue;
    }
    if (!faces.has(item.fontName)) faces.set(item.fontName, fontFace(page, item.fontName));
    const face = faces.get(item.fontName);
    const width = item.width * widthScale;
    // Spaces are not ink: measured at a typical 0.25 em, they are cut from the run's box.
    const space = 0.25 * size;
    const lead = item.str.length - item.str.trimStart().length;
    const trail = item.str.length - item.str.trimEnd().length;
    const cut = Math.min(width * 0.9, (lead + trail) * space);
    const run: TextRun = {
      text: item.str.trim().replace(/\u00a0/g, ' '),
      x: e + (lead ? Math.min(lead * space, cut) : 0), y: f, width: width - cut, size,
      font: item.fontName, bold: face?.bold ?? false, italic: face?.italic ?? false,
      ...(lead ? { spaceBefore: true } : {}), ...(trail ? { spaceAfter: true } : {}),
    };
    runs.push(...splitRun(run));
  }
  // A glyph the font lacks ("ẞ" in "WEIẞBURGUNDER") is drawn from a fallback font over a blank
  // of the main font: that blank is no space between words.
  for (const sp of spaces) {
    const covered = runs.some((r) => r !== sp.run && Math.abs(r.y - sp.y) < 0.3 * r.size && r.x >= sp.x - 0.5 && r.x < sp.x + 0.5 * Math.max(sp.width, 0.1 * r.size));
    if (covered) delete sp.run.spaceAfter;
  }
  return { page: page.pageNumber, width: viewport.width, height: viewport.height, runs: normalizeRuns(runs) };
}

export interface ReadOptions {
  /** Called after each page (1-based count) with the text read so far, e.g. to report progress. */
  onPage?: (done: number, total: number, read?: PageText[]) => void | Promise<void>;
  /** Checked between pages: stop early (shutdown). */
  shouldStop?: () => boolean;
}

/** Reads every page's positioned text. */
export async function readPdfText(doc: PDFDocumentProxy, options: ReadOptions = {}): Promise<PageText[]> {
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    if (options.shouldStop?.()) throw Object.assign(new Error('stopped'), { name: 'ExtractionStopped' });
    const page = await doc.getPage(n);
    try {
      pages.push(await readPageText(page));
    } finally {
      page.cleanup();
    }
    await options.onPage?.(n, doc.numPages, pages);
  }
  return pages;
}
