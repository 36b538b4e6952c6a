import type { PageText } from '../extract/types.ts';
import type { OCR_LANGUAGES } from './tools.ts';

export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/**
 * Short function words that tell the menu languages apart (articles, prepositions, "and",
 * "with"): words every menu uses, never dish names. Words shared by two languages count for both.
 */
const FUNCTION_WORDS: Record<OcrLanguage, string[]> = {
  eng: ['and', 'with', 'the', 'of', 'or', 'our', 'served', 'on', 'in', 'side', 'fresh'],
  deu: ['und', 'mit', 'der', 'die', 'das', 'vom', 'von', 'zum', 'zur', 'auf', 'dazu', 'oder', 'ein', 'eine', 'im', 'aus'],
  fra: ['et', 'avec', 'aux', 'au', 'du', 'des', 'les', 'le', 'la', 'de', 'sur', 'ou', 'maison'],
  ita: ['e', 'con', 'alla', 'al', 'di', 'del', 'della', 'alle', 'ai', 'il', 'gli', 'o', 'allo'],
  spa: ['y', 'con', 'de', 'del', 'la', 'el', 'los', 'las', 'al', 'o', 'en', 'casa'],
  nld: ['en', 'met', 'van', 'het', 'de', 'een', 'of', 'op', 'uit', 'bij', 'huis'],
};

/**
 * The language of OCR'd text by its function words (null when none is clear): Tesseract reads a
 * page far better, and faster, with its language's model alone than with all six at once.
 */
export function detectLanguage(pages: PageText[]): OcrLanguage | null {
  // Allergen codes, raised ("G,E,M") or in a legend ("E ei"), are capitals: not the Italian "e".
  // One-letter words count only in lower case.
  const words = pages
    .flatMap((p) => p.runs.flatMap((r) => r.text.split(/[^\p{L}]+/u)))
    .filter((w) => w.length > 1 || (w.length === 1 && w === w.toLowerCase() && w !== w.toUpperCase()))
    .map((w) => w.toLowerCase());
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  let best: OcrLanguage | null = null;
  let bestScore = 0;
  let second = 0;
  for (const [lang, list] of Object.entries(FUNCTION_WORDS) as Array<[OcrLanguage, string[]]>) {
    const score = list.reduce((n, w) => n + (counts.get(w) ?? 0), 0);
    if (score > bestScore) [best, bestScore, second] = [lang, score, bestScore];
    else if (score > second) second = score;
  }
  // At least three hits, and clearly ahead of the runner-up.
  return best && bestScore >= 3 && bestScore >= second * 1.25 ? best : null;
}
