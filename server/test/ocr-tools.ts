import { isCI } from './tools.ts';
import { ocrUnavailable } from '../modules/uploads/ocr/index.ts';

/**
 * Why the OCR tests cannot run here (null when they can: tesseract with the six menu languages
 * and pdftoppm are installed). Under CI a missing tool is an error (thrown), never a silent skip:
 * `.ci/run` installs them.
 */
export async function ocrToolsMissing(): Promise<string | null> {
  const why = await ocrUnavailable();
  if (why && isCI()) throw new Error(`${why}. Under CI the OCR tests must run (.ci/run installs tesseract-ocr, poppler-utils and ocrad).`);
  return why;
}
