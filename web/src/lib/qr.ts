import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';
import { fill, guestChrome, type GuestChrome } from '../../../shared/i18n/guest-chrome.ts';

/**
 * QR codes for a venue's guest link: the URL they encode, and the SVG, PNG and PDF table card
 * the QR code dialog downloads. Encoding is done by the `qrcode` library, the PDF by `pdf-lib`
 * (loaded on demand); this module only composes them (colours, centre logo, layout).
 */

/** Quiet zone in modules around the code (ISO/IEC 18004 asks for 4). */
export const QR_MARGIN = 4;
/** Side of the downloaded PNG in pixels. */
export const QR_PNG_SIZE = 1024;
/** The logo covers this share of the code's width (≈ 5 % of its area; level H restores 30 %). */
const LOGO_SHARE = 0.22;

export interface QrStyle {
  /** The dark colour (`#rrggbb`); the light colour is always white. */
  color: string;
  /** A data URL of the logo drawn in the centre, if any. */
  logo?: string | null;
}

/** H when a logo hides part of the code, otherwise M (smaller, easier to scan). */
export function errorCorrectionFor(withLogo: boolean): QRCodeErrorCorrectionLevel {
  return withLogo ? 'H' : 'M';
}

/** The URL a printed QR code opens: the guest link with `?src=qr` and, for a table, `&t=<table>`. */
export function qrTargetUrl(guestUrl: string, table?: string): string {
  const url = new URL(guestUrl);
  url.searchParams.set('src', 'qr');
  const t = table?.trim();
  if (t) url.searchParams.set('t', t);
  else url.searchParams.delete('t');
  return url.toString();
}

/** The link as people type it: host and path, no scheme, query or trailing slash. */
export function shortUrl(url: string): string {
  const u = new URL(url);
  return `${u.host}${u.pathname.replace(/\/$/, '')}`;
}

/** A file name stem such as `qr-cafe-central-table-12`. */
export function qrFileName(title: string, table?: string): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const parts = ['qr', slug(title) || 'menu'];
  const t = table?.trim() ? slug(table) : '';
  if (t) parts.push('table', t);
  return parts.join('-').slice(0, 80);
}

/** The centre box (in modules) that the logo and its white backing cover. */
function logoBox(size: number) {
  const inner = size - 2 * QR_MARGIN;
  const side = Math.round(inner * LOGO_SHARE);
  const pad = 0.75;
  const start = (size - side) / 2;
  return { x: start, y: start, side, pad };
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

const qrOptions = (style: QrStyle) => ({
  margin: QR_MARGIN,
  errorCorrectionLevel: errorCorrectionFor(Boolean(style.logo)),
  color: { dark: style.color, light: '#ffffff' },
});

/** A standalone SVG document of the code (1024 px nominal size), with the logo embedded. */
export async function qrSvg(text: string, style: QrStyle): Promise<string> {
  const svg = await QRCode.toString(text, { ...qrOptions(style), type: 'svg', width: QR_PNG_SIZE });
  if (!style.logo) return svg;
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  if (!size) return svg;
  const { x, y, side, pad } = logoBox(size);
  const overlay =
    `<rect x="${x - pad}" y="${y - pad}" width="${side + 2 * pad}" height="${side + 2 * pad}" rx="${pad}" fill="#ffffff"/>` +
    `<image x="${x}" y="${y}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet" href="${escapeAttr(style.logo)}"/>`;
  return svg.replace(/<\/svg>\s*$/, `${overlay}</svg>`);
}

/** Loads an image (a data URL or same-origin URL) for drawing on a canvas. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The logo could not be loaded.'));
    img.src = src;
  });
}

function canvasBlob(canvas: HTMLCanvasElement, type = 'image/png'): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be created.'))), type),
  );
}

/** A square PNG (1024 × 1024 by default) rendered by `qrcode` onto a canvas, logo drawn on top. */
export async function qrPng(text: string, style: QrStyle, size = QR_PNG_SIZE): Promise<Blob> {
  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, text, { ...qrOptions(style), width: size });
  // qrcode rounds the module size down, so the code can be a pixel short: centre it on the exact size.
  const out = document.createElement('canvas');
  out.width = size;
  out.height = size;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available in this browser.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  const offset = Math.floor((size - code.width) / 2);
  ctx.drawImage(code, offset, offset);
  if (style.logo) {
    const modules = QRCode.create(text, { errorCorrectionLevel: errorCorrectionFor(true) }).modules.size + 2 * QR_MARGIN;
    const scale = code.width / modules;
    const { x, y, side, pad } = logoBox(modules);
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.roundRect(offset + (x - pad) * scale, offset + (y - pad) * scale, (side + 2 * pad) * scale, (side + 2 * pad) * scale, pad * scale);
    ctx.fill();
    const img = await loadImage(style.logo);
    const w = img.naturalWidth || 1;
    const h = img.naturalHeight || 1;
    const fit = Math.min(side / w, side / h) * scale;
    const dw = w * fit;
    const dh = h * fit;
    ctx.drawImage(img, offset + x * scale + (side * scale - dw) / 2, offset + y * scale + (side * scale - dh) / 2, dw, dh);
  }
  return canvasBlob(out);
}

/** A6 portrait in PDF points (105 × 148 mm). */
export const A6 = { width: 297.64, height: 419.53 } as const;

export interface TableCard {
  /** Venue name, printed at the top. */
  title: string;
  /** The URL the code encodes (only its short form is printed). */
  url: string;
  /** The QR code as a PNG. */
  png: Blob;
  /** Accent colour (`#rrggbb`). */
  color: string;
  table?: string;
  /** The language of the card's own texts ("Scan for the menu", "Table 4"); English by default. */
  lang?: string;
}

/**
 * A print-ready A6 table card: venue name, the code, "Scan for the menu" and the table in the card's
 * language (the guest page's chrome texts), the short URL.
 */
export async function qrTableCardPdf(card: TableCard): Promise<Blob> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`${card.title} – QR menu`);
  const page = doc.addPage([A6.width, A6.height]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const words = cardWords(card.lang ?? 'en', (text) => encodable(bold, text) && encodable(regular, text));
  doc.setSubject(words.text.scanForMenu);
  doc.setLanguage(words.lang);
  doc.setCreator('QR Menu');
  const hex = /^#[0-9a-f]{6}$/i.test(card.color) ? card.color : '#000000';
  const accent = rgb(...([1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number]));
  const ink = rgb(0.07, 0.09, 0.15);
  const grey = rgb(0.36, 0.4, 0.47);

  // The standard fonts only know WinAnsi: other characters (e.g. CJK) are left out, not misprinted.
  const printable = (font: typeof bold, text: string) =>
    [...text]
      .filter((ch) => {
        try {
          font.encodeText(ch);
          return true;
        } catch {
          return false;
        }
      })
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  const margin = 22;
  const maxWidth = A6.width - 2 * margin;
  const widthOf = (font: typeof bold, text: string, size: number) => font.widthOfTextAtSize(text, size);
  /** Cuts `text` with an ellipsis until it fits. */
  const ellipsize = (font: typeof bold, text: string, size: number) => {
    let t = text;
    while (t.length > 1 && widthOf(font, t, size) > maxWidth) t = `${t.slice(0, -2).trimEnd()}…`;
    return t;
  };
  /** Greedy word wrap at `size`. */
  const wrap = (font: typeof bold, text: string, size: number) => {
    const lines: string[] = [];
    for (const word of text.split(' ')) {
      const last = lines[lines.length - 1];
      if (last !== undefined && widthOf(font, `${last} ${word}`, size) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines;
  };
  /** One line if it fits at ≥ 16 pt, else up to two lines (≥ 12 pt), the second cut with an ellipsis. */
  const titleLines = (text: string): { lines: string[]; size: number } => {
    for (let size = 22; size >= 16; size -= 1) if (widthOf(bold, text, size) <= maxWidth) return { lines: [text], size };
    for (let size = 18; size >= 12; size -= 1) {
      const lines = wrap(bold, text, size);
      if (lines.length <= 2 && lines.every((l) => widthOf(bold, l, size) <= maxWidth)) return { lines, size };
    }
    const lines = wrap(bold, text, 12);
    return { lines: [ellipsize(bold, lines[0] ?? '', 12), ellipsize(bold, lines.slice(1).join(' '), 12)].filter(Boolean), size: 12 };
  };
  const centered = (font: typeof bold, raw: string, y: number, size: number, color = ink) => {
    const text = ellipsize(font, printable(font, raw), size);
    page.drawText(text, { x: (A6.width - widthOf(font, text, size)) / 2, y, size, font, color });
  };

  page.drawRectangle({ x: 0, y: A6.height - 10, width: A6.width, height: 10, color: accent });
  const title = titleLines(printable(bold, card.title));
  const firstBaseline = title.lines.length > 1 ? A6.height - 40 : A6.height - 52;
  title.lines.forEach((line, i) => {
    page.drawText(line, {
      x: (A6.width - widthOf(bold, line, title.size)) / 2,
      y: firstBaseline - i * title.size * 1.2,
      size: title.size,
      font: bold,
      color: ink,
    });
  });

  const qrSide = 220;
  const png = await doc.embedPng(new Uint8Array(await card.png.arrayBuffer()));
  const qrY = A6.height - 78 - qrSide;
  page.drawImage(png, { x: (A6.width - qrSide) / 2, y: qrY, width: qrSide, height: qrSide });

  centered(bold, words.text.scanForMenu, qrY - 26, 16, accent);
  const table = card.table?.trim();
  if (table) centered(regular, fill(words.text.table, { table }), qrY - 46, 13);
  page.drawLine({ start: { x: margin, y: 44 }, end: { x: A6.width - margin, y: 44 }, thickness: 0.5, color: rgb(0.85, 0.87, 0.9) });
  centered(regular, shortUrl(card.url), 26, 9, grey);

  const bytes = await doc.save();
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

/** Whether a standard PDF font can print every character of `text` (they know WinAnsi only). */
function encodable(font: { encodeText(text: string): unknown }, text: string): boolean {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The card's texts in `lang`, or in English when the standard fonts cannot print that language's
 * letters (Greek, Polish, Czech …): a call to action with letters missing would be a misprint.
 */
export function cardWords(lang: string, printable: (text: string) => boolean): { lang: string; text: GuestChrome } {
  const chosen = guestChrome(lang);
  if (printable(chosen.text.scanForMenu) && printable(chosen.text.table)) return chosen;
  return guestChrome('en');
}

/** Reads a (same-origin) image URL into a data URL, so it can be embedded in SVGs and canvases. */
export async function imageDataUrl(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error('The logo could not be loaded.');
  const blob = await res.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The logo could not be loaded.'));
    reader.readAsDataURL(blob);
  });
}

/** Saves a blob under `filename` through a temporary download link. */
export function downloadBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Copies text to the clipboard (with a fallback for browsers without the async clipboard API). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or not a secure context: try the legacy way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copying is not available in this browser. Select the link and copy it by hand.');
}
