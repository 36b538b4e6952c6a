import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../pdf.ts';
import { readPdfText } from './pdf-text.ts';

/** A PDF drawn by hand with pdf-lib: runs placed exactly where a producer would put them. */
async function pdfOf(draw: (text: (s: string, x: number, font: 'main' | 'fallback', size?: number) => void) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const main = await doc.embedFont(StandardFonts.HelveticaBold);
  const fallback = await doc.embedFont(StandardFonts.Courier);
  const page = doc.addPage([400, 200]);
  draw((s, x, font, size = 10) => page.drawText(s, { x, y: 150, size, font: font === 'main' ? main : fallback }));
  return doc.save();
}

async function runsOf(bytes: Uint8Array) {
  const inspected = await inspectPdf(bytes);
  if (!inspected.ok) throw new Error(inspected.problem.message);
  try {
    return (await readPdfText(inspected.doc))[0]?.runs ?? [];
  } finally {
    await inspected.doc.destroy();
  }
}

describe('reading the text layer', () => {
  it('takes no space from a blank a glyph of a fallback font was drawn over', async () => {
    // LibreOffice draws "ẞ", missing from the main font, from a fallback font over a blank of the
    // main font: "Wei", blank, "BURGUNDER", then the fallback glyph where the blank stands.
    const covered = await runsOf(
      await pdfOf((text) => {
        text('Wei', 50, 'main'); // 17.78 pt wide
        text(' ', 67.78, 'main', 8);
        text('BURGUNDER', 72.58, 'main', 8);
        text('X', 67.78, 'fallback', 8); // 4.8 pt wide
      }),
    );
    // One word, its smaller capitals read as small caps.
    expect(covered.map((r) => r.text)).toEqual(['Weixburgunder']);
    // A blank with nothing drawn over it still separates the words.
    const spaced = await runsOf(
      await pdfOf((text) => {
        text('Wei', 50, 'main');
        text(' ', 67.78, 'main', 8);
        text('BURGUNDER', 72.58, 'main', 8);
      }),
    );
    expect(spaced.map((r) => r.text)).toEqual(['Wei', 'BURGUNDER']);
  });
});
