import fs from 'node:fs';
import path from 'node:path';
import { ocrPdf, type OcrPageText } from '../modules/uploads/ocr/index.ts';
import { inspectPdf } from '../modules/uploads/pdf.ts';

/**
 * OCR of a scanned PDF of the menu corpus (test/menu-corpus/files: menus set by LibreOffice,
 * LaTeX, pdfkit … then printed and scanned, none of them made by the code under test).
 */
export async function ocrCorpusScan(file: string): Promise<OcrPageText[]> {
  const bytes = new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, '../../test/menu-corpus/files', file)));
  const inspected = await inspectPdf(bytes);
  if (!inspected.ok) throw new Error(`corpus file ${file} refused: ${inspected.problem.message}`);
  const sizes: Array<{ width: number; height: number }> = [];
  for (let i = 1; i <= inspected.doc.numPages; i++) {
    const { width, height } = (await inspected.doc.getPage(i)).getViewport({ scale: 1 });
    sizes.push({ width, height });
  }
  await inspected.doc.destroy();
  return ocrPdf(bytes, sizes);
}
