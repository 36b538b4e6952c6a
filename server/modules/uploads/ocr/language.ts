import type { PageText } from '../extract/types.ts';
import { francAll } from 'franc-min';
import { detectLanguage as menuLanguage } from '../extract/detect.ts';
import { OCR_LANGUAGES } from './tools.ts';

export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** Tesseract's model names are ISO 639-3 codes, as franc's are. */
const OCR_LANGUAGE_CODES: readonly string[] = OCR_LANGUAGES;

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
  return languageOfText(pages.flatMap((p) => p.runs.map((r) => r.text)).join('\n'));
}

/** Tesseract's model of each review language that has one (extract/detect.ts speaks ISO 639-1). */
const MODEL_OF: Readonly<Record<string, OcrLanguage>> = { en: 'eng', de: 'deu', fr: 'fra', it: 'ita', es: 'spa', nl: 'nld' };

/**
 * The language the menu words and letters of OCR'd text say (the review's detection,
 * extract/detect.ts: "Wein", "Suppe", "ß"), among the six models: a wine list or a menu of bare
 * dish names has them where it has few function words. One rule for both, so the model that
 * read the menu and the language the review shows agree.
 */
export function menuWordsLanguage(pages: PageText[]): OcrLanguage | null {
  const { language } = menuLanguage(pages.flatMap((p) => p.runs.map((r) => r.text)).join('\n'));
  return (language && MODEL_OF[language]) || null;
}

/** The language of plain text by its function words (`detectLanguage`). */
export function languageOfText(text: string): OcrLanguage | null {
  // Allergen codes, raised ("G,E,M") or in a legend ("E ei"), are capitals: not the Italian "e".
  // One-letter words count only in lower case.
  const words = text
    .split(/[^\p{L}]+/u)
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

/**
 * A guess at the language of rough text (Ocrad's quick reading of a band, letters often wrong):
 * franc's trigram model limited to the menu languages, taken only when the runner-up scores at
 * most this share of the best. Wrong guesses cost time, never accuracy (see `ocrPages`), so the
 * bar is set where the corpus's wrong guesses stopped: the closest scored 0.977.
 */
const GUESS_RUNNER_UP_AT_MOST = 0.97;

export function guessLanguage(text: string): OcrLanguage | null {
  const [best, second] = francAll(text, { only: [...OCR_LANGUAGE_CODES], minLength: 20 });
  if (!best || best[0] === 'und') return null;
  return !second || second[1] <= GUESS_RUNNER_UP_AT_MOST ? (best[0] as OcrLanguage) : null;
}
