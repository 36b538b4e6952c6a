import { ALLERGENS, type AllergenKey } from '../../../../shared/constants.ts';
import { ALLERGEN_NAMES } from '../../../../shared/i18n/allergen-names.ts';

/**
 * Allergen codes next to item names, mapped through the menu's own legend when it prints one
 * ("A Gluten · B Krebstiere …", "1 glutenbevattende granen", "Ce celery · Mu mustard"), else
 * through the EU letters or the Annex II numbering. A legend is read in any language of the
 * regulation's names (shared/i18n/allergen-names.ts) plus the everyday words menus use for them.
 */

const LETTERS = new Map<string, string>(ALLERGENS.map((a) => [a.code, a.key]));
/** Annex II order: the numbering most menus without a legend use. */
const ANNEX_NUMBERS = new Map<string, string>(ALLERGENS.map((a, i) => [String(i + 1), a.key]));

/** Lower case, no diacritics, typographic apostrophes plain. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'");
}

/** Words of the names that say nothing about which allergen is meant. */
const STOP = new Set(
  'and und et e y en of and or oder ou o contains containing contain contenant contenenti contengan que contem contêm bevattende products produits prodotti productos thereof derived di de du des del della dei la le les el los a à da do das von der die und with mit avec con com sem'
    .split(' ')
    .map(fold),
);

/** Everyday words menus use besides the regulation's (general vocabulary per language). */
const EVERYDAY: Record<AllergenKey, string> = {
  gluten: 'gluten glutine glúten wheat weizen blé ble frumento grano trigo tarwe getreide cereal cereals',
  crustaceans: 'shellfish crustacean crustaceans krebs krustentiere crustacés crostacei mariscos schaaldieren',
  eggs: 'egg eggs ei eier oeuf oeufs œuf œufs uovo uova huevo huevos eieren ovo ovos',
  fish: 'fish fisch fische poisson poissons pesce pesci pescado peces vis peixe peixes',
  peanuts: 'peanut peanuts erdnuss erdnüsse arachide arachides arachidi cacahuete cacahuetes maní pinda pinda\'s pindas aardnoten amendoim amendoins',
  soybeans: 'soy soya soja soia sojabohnen soybean soybeans',
  milk: 'milk dairy lactose laktose milch lait latte lattosio latticini leche lácteos lacteos melk zuivel leite lacticínios laticínios',
  nuts: 'nuts nut tree-nuts schalenfrüchte nüsse noix noten frutos secos frutta guscio cáscara casca rija',
  celery: 'celery sellerie céleri sedano apio selderij aipo',
  mustard: 'mustard senf moutarde senape mostaza mosterd mostarda',
  sesame: 'sesame sesam sésame sesamo sésamo sesamzaad',
  sulphites: 'sulphites sulfites sulphite sulfite sulfiti solfiti sulfitos sulfiet sulfieten schwefeldioxid sulfite anidride solforosa',
  lupin: 'lupin lupine lupinen lupini altramuces altramuz tremoço tremoços',
  molluscs: 'molluscs mollusks mollusques molluschi moluscos weichtiere weekdieren',
};

const VOCAB: Array<{ key: AllergenKey; words: Set<string> }> = ALLERGENS.map((a) => {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const w of fold(text).split(/[^\p{L}']+/u)) if (w.length >= 2 && !STOP.has(w)) words.add(w.replace(/'s$/, ''));
  };
  add(EVERYDAY[a.key]);
  for (const lang of Object.values(ALLERGEN_NAMES)) add(lang.names[a.key]);
  return { key: a.key, words };
});

/** How well a word matches a vocabulary word: exact, or one a prefix of the other (5+ letters). */
function wordScore(word: string, vocab: string): number {
  if (word === vocab) return 3;
  const [short, long] = word.length <= vocab.length ? [word, vocab] : [vocab, word];
  if (short.length >= 4 && long.startsWith(short) && long.length - short.length <= 6) return 2;
  if (short.length >= 5 && long.slice(0, short.length - 1) === short.slice(0, -1)) return 1;
  return 0;
}

/** The allergen an entry of a legend names ("contains gluten", "schaaldieren", "Milch oder Laktose"). */
export function allergenFromName(name: string): string | null {
  const words = fold(name)
    .split(/[^\p{L}']+/u)
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => w.length >= 2 && !STOP.has(w));
  let best: { key: string; score: number } | null = null;
  for (const { key, words: vocab } of VOCAB) {
    let score = 0;
    for (const w of words) score = Math.max(score, ...[...vocab].map((v) => wordScore(w, v)));
    if (score > 0 && (!best || score > best.score)) best = { key, score };
  }
  return best?.key ?? null;
}

export interface AllergenLegend {
  kind: 'letters' | 'numbers';
  codes: Map<string, string>;
}

/** Diet markers (VG vegan, GF gluten free) end a legend entry: "V vegetarian · GF gluten free" names no allergen. */
const DIET_MARK = /^(?:VG|VE|GF)$/;

/** A code as legends print them: a number, or a capital with up to two lower-case letters. */
const CODE = /^(?:\d{1,2}|\p{Lu}\p{Ll}{0,2})$/u;

/**
 * A code read together with its allergen's name ("Ddairy", "Ccrustaceans", "7lait": OCR lost the
 * space): the code and the name apart, when the name is an allergen's and the whole is not.
 */
function unglueCode(token: string): string[] {
  const m = /^(?:(\p{Lu})(\p{Ll}{3,})|(\d{1,2})(\p{L}\p{Ll}{2,}))$/u.exec(token);
  if (!m) return [token];
  const [code, name] = m[1] ? [m[1], m[2] as string] : [m[3] as string, m[4] as string];
  // (A capital may be the name's own first letter; a number never is.)
  if ((m[1] && allergenFromName(token)) || !allergenFromName(name)) return [token];
  return [code, name];
}

/**
 * Reads "A Gluten · B Crustaceans …", "1 = Gluten, 2 = …", "Ce celery Mu mustard" into code →
 * allergen pairs. `min`: how many pairs make a legend (a lone "1 glutenhaltiges Getreide" line
 * continues a legend but does not start one).
 */
export function parseLegendLine(text: string, min = 3): AllergenLegend | null {
  const body = text.replace(/^\s*\p{L}[\p{L} ]{0,40}?(?:\([^)]*\))?\s*:\s*/u, (head) => (allergenFromName(head) ? head : ''));
  const tokens = body
    .split(/[\s·•|;,/]+|(?<=\S)[=:)–-](?=\s|$)|\s[=:–-]\s/u)
    .map((t) => t.replace(/^[(=:]+|[=:)]+$/g, ''))
    .filter(Boolean)
    .flatMap(unglueCode);
  const codes = new Map<string, string>();
  let letters = 0;
  let numbers = 0;
  let misses = 0;
  for (let i = 0; i < tokens.length; i++) {
    const code = tokens[i] as string;
    if (!CODE.test(code)) continue;
    // The entry's words: up to the next code (a short capitalised word right after a code is text:
    // "C Ei"; a number never is: "9 14 moluscos" is an entry cut off before "14", and neither is a
    // lone capital: "… G Milch H" + "R Weichtiere" from the next column is an entry H cut off, not
    // H = "R Weichtiere").
    const words: string[] = [];
    let j = i + 1;
    const startsText = (t: string) => !/\d/.test(t) && !/^\p{Lu}$/u.test(t);
    while (j < tokens.length && (!CODE.test(tokens[j] as string) || (words.length === 0 && startsText(tokens[j] as string))) && !DIET_MARK.test(tokens[j] as string) && words.length < 6) words.push(tokens[j++] as string);
    if (!words.length) continue;
    const key = allergenFromName(words.join(' '));
    if (!key) {
      misses++;
      continue;
    }
    if (!codes.has(code)) codes.set(code, key);
    if (/\d/.test(code)) numbers++;
    else letters++;
    i = j - 1;
  }
  if (codes.size < min || misses > codes.size) return null;
  return { kind: numbers > letters ? 'numbers' : 'letters', codes };
}

/** Two legends (or two parts of one, wrapped or split over columns) as one. */
export function mergeLegends(a: AllergenLegend | null, b: AllergenLegend | null): AllergenLegend | null {
  if (!a || !b) return a ?? b;
  const codes = new Map([...a.codes, ...b.codes]);
  const numbers = [...codes.keys()].filter((c) => /\d/.test(c)).length;
  return { kind: numbers > codes.size - numbers ? 'numbers' : 'letters', codes };
}

const HEADING_WORDS = /^\s*(?:allerg\p{L}*|alerg\p{L}*|allergen\p{L}*|intoleran\p{L}*)\b/iu;

export function isLegendHeading(text: string): boolean {
  return HEADING_WORDS.test(fold(text));
}

export interface CodeMatch {
  /** The text with the codes removed. */
  text: string;
  keys: string[];
}

function mapList(list: string, legend: AllergenLegend | null, allowSingle: boolean): string[] | null {
  const codes = list
    .split(/[\s,;/.·]+/)
    .map((c) => c.trim())
    .filter(Boolean);
  if (!codes.length || (codes.length === 1 && !allowSingle)) return null;
  const numeric = codes.every((c) => /^\d{1,2}$/.test(c));
  if (legend) {
    // A legend that follows the standard codes (every entry read is the EU letter's or the Annex
    // number's allergen) stands for them all: a code whose entry OCR lost ("12Sulphites") is the
    // standard one.
    const standard = legend.kind === 'numbers' ? ANNEX_NUMBERS : LETTERS;
    const ofItsKind = [...legend.codes].filter(([code]) => /\d/.test(code) === (legend.kind === 'numbers'));
    const followsStandard = ofItsKind.every(([code, key]) => standard.get(code) === key);
    const keys = codes.map((c) => legend.codes.get(c) ?? (followsStandard ? standard.get(c) : undefined));
    if (keys.every(Boolean)) return [...new Set(keys as string[])];
    // Codes of the other kind than the legend's: the EU letters or Annex numbers.
    if (numeric === (legend.kind === 'numbers')) return null;
  }
  const table = numeric ? ANNEX_NUMBERS : LETTERS;
  const keys = codes.map((c) => table.get(c));
  return keys.every(Boolean) ? [...new Set(keys as string[])] : null;
}

const PAREN = /\s*\(\s*([\p{L}\d]{1,3}(?:\s*[,;/.]\s*[\p{L}\d]{1,3})*)\s*\)/gu;
const TRAILING = /\s+((?:\d{1,2}|\p{Lu}\p{Ll}{0,2})(?:\s*,\s*(?:\d{1,2}|\p{Lu}\p{Ll}{0,2}))*)\s*$/u;

/** Finds allergen codes in an item's text: in parentheses anywhere, or a comma list at the end. */
export function takeAllergenCodes(text: string, legend: AllergenLegend | null): CodeMatch {
  const keys: string[] = [];
  let out = text.replace(PAREN, (whole, list: string) => {
    // A lone "(2)" is too weak without a legend saying numbers are allergens.
    const found = mapList(list, legend, Boolean(legend) || /^\p{Lu}$/u.test(list.trim()));
    if (!found) return whole;
    keys.push(...found);
    return '';
  });
  const m = TRAILING.exec(out);
  if (m) {
    const list = m[1] as string;
    // A bare list needs commas (or a legend and a single code): "Menu 2" is a name.
    const found = mapList(list, legend, false);
    const numbersOnly = /^\d/.test(list);
    if (found && (legend || !numbersOnly || list.split(',').length >= 3)) {
      keys.push(...found);
      out = out.slice(0, m.index);
    }
  }
  return { text: out.replace(/\s{2,}/g, ' ').trim(), keys: [...new Set(keys)] };
}

/**
 * Codes run together where a scan lost their commas ("FD" for "F,D", "37" for "3,7"), split into
 * the legend's codes: letter codes at their capitals, numbers above the highest code into codes
 * the legend has (the longest first). A number that can be a code stays whole ("14", even where
 * the legend's last entry was cut off).
 */
function splitRunTogether(token: string, legend: AllergenLegend): string[] | null {
  if (legend.codes.has(token)) return [token];
  if (/^\p{Lu}/u.test(token)) {
    const parts = token.split(/(?=\p{Lu})/u);
    return parts.length > 1 && parts.every((p) => legend.codes.has(p)) ? parts : null;
  }
  // A number up to the Annex's 14 (or the legend's highest) is a code, printed or not in the legend.
  const highest = Math.max(ALLERGENS.length, ...[...legend.codes.keys()].filter((c) => /^\d+$/.test(c)).map(Number));
  if (!/^\d{2,4}$/.test(token) || Number(token) <= highest) return null;
  for (let n = Math.min(2, token.length - 1); n >= 1; n--) {
    const head = token.slice(0, n);
    const rest = legend.codes.has(head) ? splitRunTogether(token.slice(n), legend) : null;
    if (rest) return [head, ...rest];
  }
  return null;
}

/** Superscript markers ("1,3,7", "A C G", "Ce,Mu") printed small and raised after a name. */
export function superscriptCodes(text: string, legend: AllergenLegend | null): string[] {
  let t = text.trim().replace(/^\(|\)$/g, '');
  // Under a legend of numbers, a raised "1" read by OCR as "l" or "I" is still a 1 ("VG¹" → "l").
  if (legend?.kind === 'numbers') t = t.replace(/(?<![\p{L}])[lI|](?![\p{L}])/gu, '1');
  if (!/^[\p{L}\d]{1,4}(?:\s*[,;/.\s]\s*[\p{L}\d]{1,4})*$/u.test(t)) return [];
  const found = mapList(t, legend, true);
  if (found || !legend) return found ?? [];
  const parts = t.split(/[\s,;/.·]+/).filter(Boolean).map((p) => splitRunTogether(p, legend));
  return parts.every(Boolean) ? (mapList((parts as string[][]).flat().join(','), legend, true) ?? []) : [];
}
