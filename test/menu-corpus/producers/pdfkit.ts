import PDFDocument from 'pdfkit';
import type { TruthMenu, TruthSection } from '../truth.ts';
import { itemPieces, legendBlock, pages, pick, smallCapsRuns } from './common.ts';

/**
 * Producer "pdfkit": absolute positioning with its own column flow. Names in small caps are set
 * the way simple tools do it (capitals at full size, the rest as smaller capitals: a font-size
 * change inside the word); letter-spaced headings use `characterSpacing`; leaders are a run of
 * dots; variant prices sit in right-aligned columns under a header row; allergen codes are raised.
 */
const FONT_DIR = '/usr/share/fonts/truetype';
const FACES = [
  { regular: `${FONT_DIR}/liberation/LiberationSans-Regular.ttf`, bold: `${FONT_DIR}/liberation/LiberationSans-Bold.ttf` },
  { regular: `${FONT_DIR}/dejavu/DejaVuSerif.ttf`, bold: `${FONT_DIR}/dejavu/DejaVuSerif-Bold.ttf` },
  { regular: `${FONT_DIR}/liberation/LiberationSerif-Regular.ttf`, bold: `${FONT_DIR}/liberation/LiberationSerif-Bold.ttf` },
];

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;

export async function pdfkitPdf(menu: TruthMenu): Promise<Uint8Array> {
  const face = FACES[pick(menu.id, FACES.length)] ?? FACES[0]!;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: true, info: { Title: menu.venue, Producer: 'pdfkit' } });
  doc.registerFont('r', face.regular);
  doc.registerFont('b', face.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const cols = menu.style.columns;
  const gap = 22;
  const colWidth = (A4.width - 2 * MARGIN - (cols - 1) * gap) / cols;
  const size = cols === 3 ? 8.5 : 10;
  const bottom = A4.height - MARGIN - 40;
  let col = 0;
  let y = MARGIN;
  let top = MARGIN;
  const x0 = () => MARGIN + col * (colWidth + gap);

  const newPage = () => {
    doc.addPage();
    pageMaxY = MARGIN;
    col = 0;
    y = top = MARGIN;
  };
  let pageMaxY = y;
  const need = (h: number) => {
    pageMaxY = Math.max(pageMaxY, y);
    if (y + h <= bottom) return;
    if (col < cols - 1) {
      col++;
      y = top;
    } else newPage();
  };

  /** Writes text at (x, y) without wrapping; returns its width. */
  const put = (text: string, x: number, yy: number, font: 'r' | 'b', pt: number, opts: PDFKit.Mixins.TextOptions = {}) => {
    doc
      .font(font)
      .fontSize(pt)
      .text(text, x, yy, { lineBreak: false, ...opts });
    return doc.widthOfString(text, opts);
  };
  const putName = (name: string, x: number, yy: number) => {
    if (!menu.style.smallcaps) return put(name, x, yy, 'b', size);
    let w = 0;
    for (const run of smallCapsRuns(name)) {
      const pt = run.small ? size * 0.78 : size;
      w += put(run.text, x + w, yy + (size - pt) * 0.72, 'b', pt);
    }
    return w;
  };
  const wrapHeight = (text: string, pt: number, width: number) => doc.font('r').fontSize(pt).heightOfString(text, { width });

  // Header
  doc
    .font('b')
    .fontSize(20)
    .text(menu.venue, MARGIN, y, { width: A4.width - 2 * MARGIN, align: 'center', characterSpacing: menu.style.letterspaced ? 3 : 0 });
  y = doc.y + 2;
  if (menu.title) {
    doc
      .font('r')
      .fontSize(12)
      .text(menu.title, MARGIN, y, { width: A4.width - 2 * MARGIN, align: 'center' });
    y = doc.y + 2;
  }
  for (const h of menu.header) {
    doc
      .font('r')
      .fontSize(8.5)
      .text(h, MARGIN, y, { width: A4.width - 2 * MARGIN, align: 'center' });
    y = doc.y;
  }
  y += 14;
  top = y;

  const section = (s: TruthSection) => {
    need(size * 5);
    const heading = menu.style.letterspaced ? s.name.toUpperCase() : s.name;
    doc
      .font('b')
      .fontSize(size + 3)
      .text(heading, x0(), y, { width: colWidth, characterSpacing: menu.style.letterspaced ? 3.2 : 0 });
    y = doc.y + 1;
    doc
      .moveTo(x0(), y)
      .lineTo(x0() + colWidth, y)
      .lineWidth(0.5)
      .strokeColor('#888')
      .stroke();
    y += 4;
    if (s.note) {
      doc
        .font('r')
        .fontSize(size - 1.5)
        .text(s.note, x0(), y, { width: colWidth });
      y = doc.y + 2;
    }
    const cellW = Math.min(48, colWidth / 5);
    const cellsX = (n: number) => x0() + colWidth - (s.variants!.length - n) * cellW;
    if (s.variants) {
      s.variants.forEach((v, n) => put(v, cellsX(n), y, 'b', size - 1.5, { width: cellW, align: 'right' }));
      y += size + 3;
    }
    for (const i of s.items) {
      const p = itemPieces(menu, s, i);
      const priceRoom = s.variants ? s.variants.length * cellW + 4 : doc.font('r').fontSize(size).widthOfString(p.price) + 8;
      const nameRoom = colWidth - priceRoom;
      const descH = p.description ? wrapHeight(p.description, size - 1.5, nameRoom) : 0;
      need(size * 1.6 + descH);
      const x = x0();
      let w: number;
      const room = nameRoom - 20;
      if (!menu.style.smallcaps && doc.font('b').fontSize(size).widthOfString(p.name) > room) {
        // A long name wraps inside its column; the price goes on its last line.
        const lines: string[] = [];
        for (const word of p.name.split(' ')) {
          const last = lines[lines.length - 1];
          if (last !== undefined && doc.widthOfString(`${last} ${word}`) <= room) lines[lines.length - 1] = `${last} ${word}`;
          else lines.push(word);
        }
        lines.slice(0, -1).forEach((l) => {
          put(l, x, y, 'b', size);
          y += size * 1.2;
        });
        w = put(lines[lines.length - 1] ?? '', x, y, 'b', size);
      } else w = putName(p.name, x, y);
      if (p.markers) w += put(` ${p.markers}`, x + w, y + 1, 'r', size - 2);
      if (p.codes) w += put(p.codes, x + w + 1, y - size * 0.35, 'r', size * 0.6) + 1;
      if (s.variants) {
        if (p.price) w += put(` ${p.price}`, x + w, y, 'r', size - 1);
        p.cells.forEach((c, n) => c && put(c, cellsX(n), y, 'r', size, { width: cellW, align: 'right' }));
      } else {
        const pw = doc.font('r').fontSize(size).widthOfString(p.price);
        put(p.price, x + colWidth - pw, y, 'r', size);
        if (menu.style.leaders) {
          const dotW = doc.font('r').fontSize(size).widthOfString('.');
          const room = colWidth - pw - w - 8;
          if (room > dotW * 3) put('.'.repeat(Math.floor(room / dotW)), x + w + 4, y, 'r', size);
        }
      }
      y += size * 1.3;
      if (p.description) {
        doc
          .font('r')
          .fontSize(size - 1.5)
          .fillColor('#444')
          .text(p.description, x, y, { width: nameRoom });
        doc.fillColor('black');
        y = doc.y + 1;
      }
      y += 3;
    }
    y += 8;
  };

  pages(menu).forEach((ss, n) => {
    if (n) newPage();
    for (const s of ss) section(s);
  });

  // Footer and legend at the bottom of the last page.
  const legend = legendBlock(menu);
  const footLines = [...menu.footer, ...(legend ? [`${legend.title}: ${legend.lines.join('  ·  ')}`] : [])];
  const footH = footLines.reduce((h, l) => h + wrapHeight(l, 7.5, A4.width - 2 * MARGIN) + 2, 0);
  let fy = A4.height - MARGIN - footH;
  if (Math.max(pageMaxY, y) > fy - 6) {
    newPage();
    fy = A4.height - MARGIN - footH;
  }
  for (const l of footLines) {
    doc
      .font('r')
      .fontSize(7.5)
      .text(l, MARGIN, fy, { width: A4.width - 2 * MARGIN });
    fy = doc.y + 2;
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
