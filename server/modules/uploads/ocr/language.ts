import type { PageText } from '../extract/types.ts';
import { francAll } from 'franc-min';
import { detectLanguage as menuLanguage, FUNCTION_WORDS } from '../extract/detect.ts';
import { OCR_LANGUAGES } from './tools.ts';

export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** Tesseract's model names are ISO 639-3 codes, as franc's are. */
const OCR_LANGUAGE_CODES: readonly string[] = OCR_LANGUAGES;

/** Tesseract's model of each review language that has one (extract/detect.ts speaks ISO 639-1). */
const MODEL_OF: Readonly<Record<keyof typeof FUNCTION_WORDS, OcrLanguage>> = { en: 'eng', de: 'deu', fr: 'fra', it: 'ita', es: 'spa', nl: 'nld' };

/** The function words of each model's language (`FUNCTION_WORDS`, shared with the review's detection). */
const FUNCTION_WORDS_OF = Object.entries(MODEL_OF).map(([iso, model]) => [model, FUNCTION_WORDS[iso as keyof typeof FUNCTION_WORDS]] as const);

/**
 * The language of OCR'd text by its function words (null when none is clear): Tesseract reads a
 * page far better, and faster, with its language's model alone than with all six at once.
 */
export function detectLanguage(pages: PageText[]): OcrLanguage | null {
  return languageOfText(pages.flatMap((p) => p.runs.map((r) => r.text)).join('\n'));
}


/**
 * The language the menu words and letters of OCR'd text say (the review's detection,
 * extract/detect.ts: "Wein", "Suppe", "ß"), among the six models: a wine list or a menu of bare
 * dish names has them where it has few function words. One rule for both, so the model that
 * read the menu and the language the review shows agree.
 */
export function menuWordsLanguage(pages: PageText[]): OcrLanguage | null {
  const { language } = menuLanguage(pages.flatMap((p) => p.runs.map((r) => r.text)).join('\n'));
  return (language && (MODEL_OF as Readonly<Record<string, OcrLanguage>>)[language]) || null;
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
  for (const [lang, list] of FUNCTION_WORDS_OF) {
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
