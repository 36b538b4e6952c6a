import { francAll } from 'franc-min';

/**
 * The currency and the language of a menu, read from its whole text (pure, no I/O).
 *
 * Currency: signs and codes printed next to amounts or named in the text (€, £, $, CHF, kr, zł,
 * Kč, Ft, ISO codes, "CA$", "MX$"), counted; "kr" is told apart by the language (Danish crowns,
 * Swedish kronor), a bare "$" by the language too. The decimal style (12,50 or 12.50) is reported with it. Language: the menu's
 * words counted against small lists of each shipped guest language's function words and
 * everyday menu words (articles, prepositions, "with", "and", "soup" …), plus letters only one
 * language uses; words set in capitals (dish names as headings, often in the cuisine's own
 * language: "STEAK FRITES" on an English menu) count half. Without a clear winner, franc's trigram
 * model (`franc-min`) over the menu's words decides, when it is clear; only a clear winner is
 * reported.
 */

export interface MoneyDetection {
  /** ISO 4217 code, when the text names or shows one. */
  currency: string | null;
  /** What was seen: the sign or code as printed, and how often. */
  evidence: { sign: string; count: number } | null;
  /** How amounts are written: "12,50" (comma) or "12.50" (point); null without decimals. */
  decimal: 'comma' | 'point' | null;
}

/** A sign or code that can be printed next to an amount, and its ISO code. */
const SIGNS: Array<{ re: RegExp; code: string | ((lang: string | null) => string); sign: string }> = [
  { re: /(?:CA\$|C\$|\$\s?CA\b|\$\s?CAD\b)/g, code: 'CAD', sign: 'CA$' },
  { re: /(?:MX\$|\$\s?MXN\b)/g, code: 'MXN', sign: 'MX$' },
  { re: /(?:A\$|AU\$)/g, code: 'AUD', sign: 'A$' },
  { re: /(?:US\$)/g, code: 'USD', sign: 'US$' },
  { re: /€/g, code: 'EUR', sign: '€' },
  { re: /£/g, code: 'GBP', sign: '£' },
  // A bare "$": US dollars, unless the menu is French (Canada) or Spanish (Mexico) or Portuguese (Brazil).
  { re: /(?<![A-Z]{1,2})\$/g, code: (lang) => ({ fr: 'CAD', es: 'MXN', pt: 'BRL' })[lang ?? ''] ?? 'USD', sign: '$' },
  { re: /\bCHF\b|\bS?Fr\.(?=\s?\d)|(?<=\d\s?)S?Fr\./g, code: 'CHF', sign: 'CHF' },
  { re: /\bzł\b|(?<=\d\s?)zł/giu, code: 'PLN', sign: 'zł' },
  { re: /\bKč\b|(?<=\d\s?)Kč/gu, code: 'CZK', sign: 'Kč' },
  { re: /(?<=\d\s?)Ft\b/g, code: 'HUF', sign: 'Ft' },
  { re: /(?<=\d\s?),?-?\s?kr\.?(?![\p{L}])|\bkr\.?\s?(?=\d)/giu, code: (lang) => (lang === 'sv' ? 'SEK' : 'DKK'), sign: 'kr' },
  { re: /\b(?:euro|euros)\b/giu, code: 'EUR', sign: 'Euro' },
];

/** ISO codes a menu may print ("EUR 12", "12.50 GBP", "Prices in CHF"). */
const CODES = ['EUR', 'GBP', 'USD', 'CHF', 'PLN', 'CZK', 'HUF', 'SEK', 'DKK', 'NOK', 'CAD', 'AUD', 'MXN', 'JPY', 'HRK', 'RON', 'BGN', 'TRY'];
const CODE_RE = new RegExp(`\\b(${CODES.join('|')})\\b`, 'g');

export function detectMoney(text: string, language: string | null = null): MoneyDetection {
  const counts = new Map<string, { code: string; sign: string; count: number }>();
  const add = (code: string, sign: string, n: number) => {
    if (!n) return;
    const prev = counts.get(code);
    // The most frequent way of writing a currency is its evidence.
    if (!prev || n > prev.count) counts.set(code, { code, sign, count: n + (prev?.count ?? 0) });
    else prev.count += n;
  };
  let rest = text;
  for (const s of SIGNS) {
    const n = rest.match(s.re)?.length ?? 0;
    if (!n) continue;
    add(typeof s.code === 'string' ? s.code : s.code(language), s.sign, n);
    // A sign is read once: "CA$" is not also a "$".
    rest = rest.replace(s.re, ' ');
  }
  for (const m of rest.matchAll(CODE_RE)) add(m[1] as string, m[1] as string, 1);
  const best = [...counts.values()].sort((a, b) => b.count - a.count)[0];

  const comma = text.match(/(?<![\d.,])\d{1,4},\d{2}(?![\d])/g)?.length ?? 0;
  const point = text.match(/(?<![\d.,])\d{1,4}\.\d{2}(?![\d])/g)?.length ?? 0;
  const decimal = comma + point === 0 ? null : comma > point ? 'comma' : point > comma ? 'point' : null;
  return { currency: best?.code ?? null, evidence: best ? { sign: best.sign, count: best.count } : null, decimal };
}

/**
 * Short function words that tell the six OCR languages apart (articles, prepositions, "and",
 * "with"): words every menu uses, never dish names. OCR chooses its model by these alone
 * (`ocr/language.ts`: in text read with the wrong model, longer words come out misspelt); the
 * review's detection counts them among the words below.
 */
export const FUNCTION_WORDS: Readonly<Record<'en' | 'de' | 'fr' | 'it' | 'es' | 'nl', readonly string[]>> = {
  en: ['and', 'with', 'the', 'of', 'or', 'our', 'served', 'on', 'in', 'side', 'fresh'],
  de: ['und', 'mit', 'der', 'die', 'das', 'vom', 'von', 'zum', 'zur', 'auf', 'dazu', 'oder', 'ein', 'eine', 'im', 'aus'],
  fr: ['et', 'avec', 'aux', 'au', 'du', 'des', 'les', 'le', 'la', 'de', 'sur', 'ou', 'maison'],
  it: ['e', 'con', 'alla', 'al', 'di', 'del', 'della', 'alle', 'ai', 'il', 'gli', 'o', 'allo'],
  es: ['y', 'con', 'de', 'del', 'la', 'el', 'los', 'las', 'al', 'o', 'en', 'casa'],
  nl: ['en', 'met', 'van', 'het', 'de', 'een', 'of', 'op', 'uit', 'bij', 'huis'],
};

/**
 * Function words and everyday menu words of each shipped guest language (with `FUNCTION_WORDS`).
 * General words only (no dish names): a word shared by two languages counts for both.
 */
const WORDS: Record<string, string> = {
  en: 'the and with of or in on our your to for from an is are be will all each free contains served fresh house homemade side sauce soup salad cheese chicken beef pork fish bread cream chocolate potatoes fries glass bottle small large choice daily starters mains desserts drinks wine beer coffee tea',
  de: 'und mit der die das dem den vom zum zur von auf aus oder im hausgemacht frisch dazu beilage suppe salat käse hähnchen rind schwein fisch brot sahne schokolade kartoffeln pommes glas flasche klein groß vorspeisen hauptgerichte nachspeisen getränke wein bier kaffee tee',
  fr: 'et avec de du des la le les au aux ou en sur notre maison frais sauce soupe salade fromage poulet boeuf bœuf porc poisson pain crème chocolat pommes frites verre bouteille petit grand choix entrées plats desserts boissons vin bière café thé',
  it: 'e con di del della dello dei delle al alla alle il lo la gli le o in su nostro fatto casa fresco salsa zuppa insalata formaggio pollo manzo maiale pesce pane panna cioccolato patate patatine bicchiere bottiglia piccola grande scelta antipasti primi secondi contorni dolci bevande vino birra caffè tè',
  es: 'y con de del la el los las al o en sobre nuestro casera fresco salsa sopa ensalada queso pollo ternera cerdo pescado pan nata chocolate patatas papas fritas copa botella pequeño grande elección entrantes principales postres bebidas vino cerveza café té',
  pt: 'e com de do da dos das ao à o a os as ou em no na nosso caseiro fresco molho sopa salada queijo frango vaca porco peixe pão natas chocolate batatas fritas copo garrafa pequeno grande escolha entradas pratos sobremesas bebidas vinho cerveja café chá',
  nl: 'en met van de het een op in uit of onze huisgemaakt vers saus soep salade kaas kip rund varken vis brood room chocolade aardappelen friet patat glas fles klein groot keuze voorgerechten hoofdgerechten nagerechten dranken wijn bier koffie thee',
  pl: 'i z ze w na do od lub nasz domowy świeży sos zupa sałatka ser kurczak wołowina wieprzowina ryba chleb śmietana czekolada ziemniaki frytki kieliszek butelka mały duży przystawki dania desery napoje wino piwo kawa herbata',
  cs: 'a s se v na do od nebo náš domácí čerstvý omáčka polévka salát sýr kuřecí hovězí vepřové ryba chléb smetana čokoláda brambory hranolky sklenka láhev malý velký předkrmy hlavní jídla dezerty nápoje víno pivo káva čaj',
  hr: 'i s sa u na od ili naš domaći svjež umak juha salata sir piletina junetina svinjetina riba kruh vrhnje čokolada krumpir pomfrit čaša boca mali veliki predjela glavna jela deserti pića vino pivo kava čaj',
  hu: 'és a az val vel ban ben házi friss mártás leves saláta sajt csirke marha sertés hal kenyér tejszín csokoládé burgonya krumpli hasábburgonya pohár üveg kicsi nagy előételek főételek desszertek italok bor sör kávé tea',
  sv: 'och med av på i till eller vår hemgjord färsk sås soppa sallad ost kyckling nötkött fläsk fisk bröd grädde choklad potatis pommes glas flaska liten stor förrätter huvudrätter efterrätter drycker vin öl kaffe te',
  da: 'og med af på i til eller vores hjemmelavet frisk sovs suppe salat ost kylling oksekød svinekød fisk brød fløde chokolade kartofler pommes glas flaske lille stor forretter hovedretter desserter drikkevarer vin øl kaffe te',
  el: '',
};
const LEXICON = new Map(
  Object.entries(WORDS).map(([lang, words]) => [
    lang,
    new Set([...words.split(' ').filter(Boolean), ...((FUNCTION_WORDS as Record<string, readonly string[]>)[lang] ?? [])]),
  ]),
);

/** Letters one language (or two) uses and the others do not: a strong hint. */
const LETTERS: Array<{ re: RegExp; langs: string[] }> = [
  { re: /ß/g, langs: ['de'] },
  { re: /[ãõ]/g, langs: ['pt'] },
  { re: /ñ/g, langs: ['es'] },
  { re: /[ąęłńśźż]/g, langs: ['pl'] },
  { re: /[řěů]/g, langs: ['cs'] },
  { re: /đ/g, langs: ['hr'] },
  { re: /[őű]/g, langs: ['hu'] },
  { re: /[æø]/g, langs: ['da'] },
  { re: /å/g, langs: ['sv', 'da'] },
  { re: /ij(?=\p{L})/gu, langs: ['nl'] },
];

export interface LanguageDetection {
  /** ISO 639-1 code among the shipped guest languages, or null when no language clearly wins. */
  language: string | null;
  /** 0–1: the winner's share of the counted evidence. */
  confidence: number;
}

export function detectLanguage(text: string): LanguageDetection {
  const greek = text.match(/[\u0370-\u03ff]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z\u00c0-\u024f]/g)?.length ?? 0;
  if (greek > 20 && greek > latin) return { language: 'el', confidence: Math.min(1, greek / (greek + latin)) };
  const scores = new Map<string, number>();
  const words = text.normalize('NFC').match(/\p{L}+/gu) ?? [];
  for (const word of words) {
    const w = word.toLowerCase();
    const capitals = word === word.toUpperCase() && w !== word;
    // A capital letter alone is an allergen code ("S", "E"), not the Czech "s" or the Italian "e".
    if (capitals && word.length === 1) continue;
    // Longer words say more than "e" or "de"; a word in capitals is more likely a dish's name.
    const weight = (w.length <= 2 ? 0.5 : 1) * (capitals ? 0.5 : 1);
    for (const [lang, set] of LEXICON) if (set.has(w)) scores.set(lang, (scores.get(lang) ?? 0) + weight);
  }
  const lower = text.toLowerCase();
  for (const l of LETTERS) {
    const n = Math.min(10, lower.match(l.re)?.length ?? 0);
    for (const lang of l.langs) scores.set(lang, (scores.get(lang) ?? 0) + n / l.langs.length);
  }
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 3) return trigramLanguage(words);
  const total = ranked.reduce((n, [, s]) => n + s, 0);
  // A clear winner: well ahead of the runner-up.
  if (second && second[1] > 0.8 * first[1]) return trigramLanguage(words, Math.round((first[1] / total) * 100) / 100);
  return { language: first[0], confidence: Math.round((first[1] / total) * 100) / 100 };
}

/** franc's ISO 639-3 codes of the guest languages it knows (not Danish; Greek is told by its letters). */
const TRIGRAM_LANGUAGES: Readonly<Record<string, string>> = {
  eng: 'en', deu: 'de', fra: 'fr', ita: 'it', spa: 'es', por: 'pt', nld: 'nl', pol: 'pl', ces: 'cs', hrv: 'hr', hun: 'hu', swe: 'sv',
};
/** Letters of menu words franc needs at least: fewer (a price list of brand names) tell nothing. */
const TRIGRAM_MIN_LETTERS = 60;
/** franc's runner-up scores at most this share of the best for its answer to count. */
const TRIGRAM_RUNNER_UP_AT_MOST = 0.95;

/**
 * The language franc's trigram model gives the menu's words, when the word lists do not tell
 * (a bakery's "Roggenmischbrot … Vorbestellungen bis 17 Uhr am Vortag"): only a clear answer.
 */
function trigramLanguage(words: string[], confidence = 0): LanguageDetection {
  const text = words.join(' ');
  if (text.replace(/ /g, '').length < TRIGRAM_MIN_LETTERS) return { language: null, confidence };
  const [best, second] = francAll(text, { only: Object.keys(TRIGRAM_LANGUAGES), minLength: TRIGRAM_MIN_LETTERS });
  if (!best || best[0] === 'und' || (second && second[1] > TRIGRAM_RUNNER_UP_AT_MOST)) return { language: null, confidence };
  return { language: TRIGRAM_LANGUAGES[best[0]] ?? null, confidence: Math.round((1 - (second?.[1] ?? 0)) * 100) / 100 };
}
