import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { ApiError } from '../../core/errors.ts';
import { perSheet, tableUrl, type PrintKitParams, type PrintKitTemplate } from '../../../shared/print-kit.ts';
import { qrContrast, normalizeHex } from '../../../shared/contrast.ts';
import { QUIET_ZONE, qrRuns } from './qr-modules.ts';

/**
 * The print kit as one vector PDF, drawn with pdfkit: every code is a set of filled rectangles,
 * every text is set in DejaVu Sans (embedded and subset; it has the Latin, Greek and Cyrillic
 * letters of every guest language, where PDF's standard fonts know Latin-1 only). Pages are
 * drawn one sheet per event-loop turn, so a 500-table kit streams out without holding the CPU.
 */

/** Where Debian's fonts-dejavu-core puts the fonts (installed by .ci/run and the Dockerfile). */
const FONT_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/dejavu', '/usr/share/fonts/TTF'];
export const FONT_MISSING = 'Printing needs the DejaVu Sans font: install the Debian package fonts-dejavu-core.';

/** The regular and bold DejaVu Sans files, or a 503 saying which package to install. */
export function printFonts(): { regular: string; bold: string } {
  for (const dir of FONT_DIRS) {
    const regular = `${dir}/DejaVuSans.ttf`;
    const bold = `${dir}/DejaVuSans-Bold.ttf`;
    if (existsSync(regular) && existsSync(bold)) return { regular, bold };
  }
  throw new ApiError(503, FONT_MISSING);
}

const MM = 72 / 25.4;
/** A code with its quiet zone is never printed smaller than this (about 2 cm of code proper). */
export const MIN_QR_MM = 26;
const INK = '#111827';
const GREY = '#4b5563';
const MARK = '#000000';

export interface KitTexts {
  venue: string;
  /** "Table {table}" in the first menu language. */
  table: string;
  /** The call to action, one line per menu language (already cut to what the kit prints). */
  cta: string[];
  /** "Wi-Fi: Name" and "Password: secret" lines, when asked for. */
  wifi: string[];
  /** The guest link as people type it (host/m/slug). */
  shortUrl: string;
  /** The document's language (the first menu language). */
  lang: string;
}

export interface KitInput {
  template: PrintKitTemplate;
  params: PrintKitParams;
  appUrl: string;
  slug: string;
  color: string;
  texts: KitTexts;
  /** Stops drawing when the client went away. */
  aborted: () => boolean;
}

interface Style {
  pad: number;
  name: number;
  table: number;
  cta: number;
  wifi: number;
  url: number;
  maxCta: number;
}

/** Type sizes (pt) and padding (mm) per template. */
const STYLES: Record<PrintKitTemplate['id'], Style> = {
  a6: { pad: 8, name: 15, table: 20, cta: 8.5, wifi: 9, url: 7.5, maxCta: 4 },
  'a4-8': { pad: 5, name: 10, table: 15, cta: 6.5, wifi: 7, url: 6, maxCta: 3 },
  'a4-12': { pad: 4, name: 8.5, table: 12, cta: 6, wifi: 6, url: 5.5, maxCta: 2 },
  'a5-tent': { pad: 9, name: 15, table: 22, cta: 8.5, wifi: 9, url: 7.5, maxCta: 4 },
};

/** The sheet's size (pt) and where its grid of cells starts: crop marks widen single-card sheets by 10 mm a side. */
function sheetGeometry(t: PrintKitTemplate, cropMarks: boolean) {
  const single = perSheet(t) === 1;
  const slug = single && cropMarks ? 10 : 0;
  const width = t.page.width + 2 * slug;
  const height = t.page.height + 2 * slug;
  const gridW = t.columns * t.cell.width;
  const gridH = t.rows * t.cell.height;
  return { width, height, left: (width - gridW) / 2, top: (height - gridH) / 2, gridW, gridH };
}

type Doc = PDFKit.PDFDocument;

/** Creates the document (nothing drawn yet); `drawKit` fills and ends it. */
export function createKitDocument(input: Pick<KitInput, 'texts' | 'params'>): Doc {
  const fonts = printFonts();
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    lang: input.texts.lang,
    displayTitle: true,
    info: {
      Title: `${input.texts.venue} – QR codes, tables ${input.params.from}–${input.params.to}`,
      Creator: 'QR Menu print kit',
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  return doc;
}

/** Draws every sheet of the kit, yielding to the event loop between sheets, then ends the document. */
export async function drawKit(doc: Doc, input: KitInput): Promise<void> {
  const { template: t, params } = input;
  const geo = sheetGeometry(t, params.cropMarks);
  const hex = normalizeHex(input.color);
  // The accent (bar and table line) only when it reads on white; the code itself is always black.
  const accent = hex && qrContrast(hex).level !== 'fail' ? hex : INK;
  const tables = Array.from({ length: params.to - params.from + 1 }, (_, i) => params.from + i);
  const per = perSheet(t);
  for (let start = 0; start < tables.length; start += per) {
    if (input.aborted()) break;
    doc.addPage({ size: [geo.width * MM, geo.height * MM], margin: 0 });
    tables.slice(start, start + per).forEach((table, i) => {
      const x = geo.left + (i % t.columns) * t.cell.width;
      const y = geo.top + Math.floor(i / t.columns) * t.cell.height;
      drawCell(doc, input, { x, y, w: t.cell.width, h: t.cell.height }, table, accent);
    });
    if (params.cropMarks) drawCropMarks(doc, t, geo);
    if (t.tent) drawFoldMarks(doc, geo);
    await new Promise((resolve) => setImmediate(resolve));
  }
  doc.end();
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Line {
  text: string;
  font: 'regular' | 'bold';
  size: number;
  color: string;
  /** May break into two lines (the call to action). */
  wrap?: boolean;
}

function drawCell(doc: Doc, input: KitInput, box: Box, table: number, accent: string): void {
  const url = tableUrl(input.appUrl, input.slug, table);
  const style = STYLES[input.template.id];
  const texts = { ...input.texts, table: input.texts.table.replace('{table}', String(table)) };
  if (input.template.tent) {
    // A tent: the lower half faces the guest; the upper half, upside down, faces the other side of the table.
    const half = { ...box, h: box.h / 2 };
    const lower = { ...half, y: box.y + half.h };
    drawFace(doc, lower, url, texts, style, accent, 'landscape');
    doc.save();
    doc.rotate(180, { origin: [(half.x + half.w / 2) * MM, (half.y + half.h / 2) * MM] });
    drawFace(doc, half, url, texts, style, accent, 'landscape');
    doc.restore();
    return;
  }
  drawFace(doc, box, url, texts, style, accent, box.w / box.h > 1.2 ? 'landscape' : 'portrait');
}

/** One card face: name, code, table, call to action, Wi-Fi and link, stacked or beside the code. */
function drawFace(doc: Doc, box: Box, url: string, texts: KitTexts, s: Style, accent: string, shape: 'portrait' | 'landscape'): void {
  const inner = { x: box.x + s.pad, y: box.y + s.pad, w: box.w - 2 * s.pad, h: box.h - 2 * s.pad };
  const head: Line[] = texts.venue ? [{ text: texts.venue, font: 'bold', size: s.name, color: INK }] : [];
  const cta = texts.cta.slice(0, s.maxCta);
  const tail = (ctaLines: string[]): Line[] => [
    { text: texts.table, font: 'bold', size: s.table, color: accent },
    ...ctaLines.map((text): Line => ({ text, font: 'regular', size: s.cta, color: INK, wrap: true })),
    ...texts.wifi.map((text): Line => ({ text, font: 'regular', size: s.wifi, color: INK })),
    { text: texts.shortUrl, font: 'regular', size: s.url, color: GREY },
  ];
  // A thin band in the venue's colour along the top edge.
  doc.rect(box.x * MM, box.y * MM, box.w * MM, Math.min(2.5, box.h * 0.03) * MM).fill(accent);

  if (shape === 'portrait') {
    const gap = 1.5;
    const top = setLines(doc, head, inner.w);
    let lines = setLines(doc, tail(cta), inner.w);
    const room = () => Math.min(inner.w, inner.h - heightOf(top) - heightOf(lines) - 2 * gap);
    // Fewer languages of the call to action before the code shrinks below its minimum.
    while (room() < MIN_QR_MM && cta.length > 1) {
      cta.pop();
      lines = setLines(doc, tail(cta), inner.w);
    }
    const qr = Math.max(room(), Math.min(MIN_QR_MM, inner.w));
    const y = drawLines(doc, top, inner.x, inner.y, inner.w);
    drawQr(doc, url, inner.x + (inner.w - qr) / 2, y + gap, qr);
    drawLines(doc, lines, inner.x, y + gap + qr + gap, inner.w);
    return;
  }
  // Landscape: the code on the left, at the full inner height; the texts centred beside it.
  const qr = Math.min(inner.h, inner.w * 0.55);
  drawQr(doc, url, inner.x, inner.y + (inner.h - qr) / 2, qr);
  const textX = inner.x + qr + 2;
  const textW = inner.x + inner.w - textX;
  let lines = setLines(doc, [...head, ...tail(cta)], textW);
  while (heightOf(lines) > inner.h && cta.length > 1) {
    cta.pop();
    lines = setLines(doc, [...head, ...tail(cta)], textW);
  }
  drawLines(doc, lines, textX, inner.y + Math.max(0, (inner.h - heightOf(lines)) / 2), textW, 'left');
}

/** A line as it will be printed: its text fitted to the width, its size and its height in mm. */
interface SetLine {
  text: string;
  font: Line['font'];
  size: number;
  color: string;
}

const lineHeight = (size: number) => (size * 1.3) / MM;
const heightOf = (lines: SetLine[]) => lines.reduce((sum, l) => sum + lineHeight(l.size), 0);

/**
 * Fits lines to `width` mm: a wrapping line (the call to action) breaks at spaces into at most two
 * lines; any line still too wide gets smaller type (down to 80 %), then an ellipsis.
 */
function setLines(doc: Doc, lines: Line[], width: number): SetLine[] {
  const max = width * MM;
  const out: SetLine[] = [];
  for (const line of lines) {
    const clean = line.text.replace(/\s+/g, ' ').trim();
    doc.font(line.font).fontSize(line.size);
    const parts: string[] = [];
    if (line.wrap && doc.widthOfString(clean) > max) {
      const words = clean.split(' ');
      let current = '';
      for (const word of words) {
        const next = current ? `${current} ${word}` : word;
        if (current && doc.widthOfString(next) > max && parts.length < 1) {
          parts.push(current);
          current = word;
        } else current = next;
      }
      parts.push(current);
    } else parts.push(clean);
    for (const part of parts) out.push({ ...fit(doc, { ...line, text: part }, max), font: line.font, color: line.color });
  }
  return out;
}

/** The code with its quiet zone as a `side` mm square at (x, y): one filled path of rectangles. */
function drawQr(doc: Doc, url: string, x: number, y: number, side: number): void {
  const code = qrRuns(url);
  const m = side / (code.size + 2 * QUIET_ZONE);
  for (const r of code.runs) {
    doc.rect((x + (r.col + QUIET_ZONE) * m) * MM, (y + (r.row + QUIET_ZONE) * m) * MM, r.len * m * MM, m * MM);
  }
  doc.fill(MARK);
}

/** Set lines from (x, y) down, centred or left-aligned in `width` mm; returns the y below them. */
function drawLines(doc: Doc, lines: SetLine[], x: number, y: number, width: number, align: 'center' | 'left' = 'center'): number {
  let top = y;
  for (const line of lines) {
    doc.font(line.font).fontSize(line.size);
    const w = doc.widthOfString(line.text);
    const left = align === 'center' ? x * MM + (width * MM - w) / 2 : x * MM;
    doc.fillColor(line.color).text(line.text, left, top * MM, { lineBreak: false });
    top += lineHeight(line.size);
  }
  return top;
}

function fit(doc: Doc, line: Line, maxWidth: number): { text: string; size: number } {
  doc.font(line.font);
  let size = line.size;
  const clean = line.text;
  for (; size >= line.size * 0.8; size -= 0.25) {
    doc.fontSize(size);
    if (doc.widthOfString(clean) <= maxWidth) return { text: clean, size };
  }
  doc.fontSize(size);
  let text = clean;
  while (text.length > 1 && doc.widthOfString(text) > maxWidth) text = `${text.slice(0, -2).trimEnd()}…`;
  return { text, size };
}

/** Corner marks outside the trim (3 mm away, 6 mm long): around the card, or at every cut line of a sheet's grid. */
function drawCropMarks(doc: Doc, t: PrintKitTemplate, geo: ReturnType<typeof sheetGeometry>): void {
  const gap = 3;
  const len = 6;
  const xs = Array.from({ length: t.columns + 1 }, (_, i) => geo.left + i * t.cell.width);
  const ys = Array.from({ length: t.rows + 1 }, (_, i) => geo.top + i * t.cell.height);
  const top = geo.top;
  const bottom = geo.top + geo.gridH;
  const left = geo.left;
  const right = geo.left + geo.gridW;
  doc.save().lineWidth(0.25).strokeColor(MARK);
  for (const x of xs) {
    doc.moveTo(x * MM, (top - gap) * MM).lineTo(x * MM, Math.max(0, top - gap - len) * MM);
    doc.moveTo(x * MM, (bottom + gap) * MM).lineTo(x * MM, Math.min(geo.height, bottom + gap + len) * MM);
  }
  for (const y of ys) {
    doc.moveTo((left - gap) * MM, y * MM).lineTo(Math.max(0, left - gap - len) * MM, y * MM);
    doc.moveTo((right + gap) * MM, y * MM).lineTo(Math.min(geo.width, right + gap + len) * MM, y * MM);
  }
  doc.stroke().restore();
}

/** Short dashed ticks at both edges of a tent's fold line (a line across the face would show). */
function drawFoldMarks(doc: Doc, geo: ReturnType<typeof sheetGeometry>): void {
  const y = (geo.top + geo.gridH / 2) * MM;
  doc.save().lineWidth(0.4).strokeColor('#9ca3af').dash(2, { space: 2 });
  doc.moveTo(geo.left * MM, y).lineTo((geo.left + 8) * MM, y);
  doc.moveTo((geo.left + geo.gridW - 8) * MM, y).lineTo((geo.left + geo.gridW) * MM, y);
  doc.stroke().undash().restore();
}
