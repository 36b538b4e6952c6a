import { ALLERGENS } from '../../../../shared/constants.ts';

/**
 * Allergen codes next to item names: the EU letters ("(A, C, G)", "A,C,G") or numbers
 * ("(1,3,7)", superscript "1,3,7"), mapped through the menu's own legend when it prints one.
 */

const LETTERS = new Map<string, string>(ALLERGENS.map((a) => [a.code, a.key]));
/** Annex II order: the numbering most menus without a legend use. */
const ANNEX_NUMBERS = new Map<string, string>(ALLERGENS.map((a, i) => [String(i + 1), a.key]));

/** Words of allergen names (English, German, French, Italian) → key; peanut before nut. */
const KEYWORDS: Array<[RegExp, string]> = [
  [/peanut|erdnuss|arachide|arachid/i, 'peanuts'],
  [/gluten|cereal|wheat|getreide|weizen|céréale|cereali|glutine/i, 'gluten'],
  [/crustacean|krebs|krustentier|crustacé|crostacei|shellfish/i, 'crustaceans'],
  [/\beggs?\b|\bei(?:er)?\b|\bœufs?\b|\buova\b/i, 'eggs'],
  [/\bfish|\bfisch|poisson|pesce/i, 'fish'],
  [/\bsoy|\bsoja|\bsoia/i, 'soybeans'],
  [/milk|lactose|laktose|dairy|milch|lait|latte/i, 'milk'],
  [/\bnuts?\b|schalenfr|nüsse|fruits à coque|frutta a guscio|tree nut/i, 'nuts'],
  [/celery|sellerie|céleri|sedano/i, 'celery'],
  [/mustard|senf|moutarde|senape/i, 'mustard'],
  [/sesam/i, 'sesame'],
  [/sulph|sulf|schwefel|solfit/i, 'sulphites'],
  [/lupin/i, 'lupin'],
  [/mollus|weichtier|mollusch/i, 'molluscs'],
];

export function allergenFromName(name: string): string | null {
  for (const [re, key] of KEYWORDS) if (re.test(name)) return key;
  return null;
}

export interface AllergenLegend {
  kind: 'letters' | 'numbers';
  codes: Map<string, string>;
}

const MARKER = /(?:^|[\s·,;|(/])([A-R]|1[0-4]|[1-9])\s*(?:[=:.)–-]\s*|\s+)(?=\p{L})/gu;

/** Reads "A Gluten · B Crustaceans …" / "1 = Gluten, 2 = …" pairs; null unless ≥ 3 map to allergens. */
export function parseLegendLine(text: string): AllergenLegend | null {
  const marks = [...text.matchAll(MARKER)];
  const codes = new Map<string, string>();
  let letters = 0;
  let numbers = 0;
  marks.forEach((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const end = i + 1 < marks.length ? (marks[i + 1]?.index ?? text.length) : text.length;
    const key = allergenFromName(text.slice(start, end));
    const code = m[1] as string;
    if (!key) return;
    codes.set(code, key);
    if (/\d/.test(code)) numbers++;
    else letters++;
  });
  if (codes.size < 3) return null;
  return { kind: numbers > letters ? 'numbers' : 'letters', codes };
}

export function isLegendHeading(text: string): boolean {
  return /^\s*(allerg(en|ene|ies|y)|allergen(information|hinweise)?|allergènes|allergeni)\b/i.test(text);
}

export interface CodeMatch {
  /** The text with the codes removed. */
  text: string;
  keys: string[];
}

const PAREN_LETTERS = /\s*\(\s*([A-R](?:\s*[,;/]\s*[A-R])*)\s*\)/g;
const PAREN_NUMBERS = /\s*\(\s*((?:1[0-4]|[1-9])(?:\s*[,;/]\s*(?:1[0-4]|[1-9]))*)\s*\)/g;
const TRAILING_LETTERS = /\s+([A-R](?:\s*,\s*[A-R]){1,13})\s*$/;
const TRAILING_NUMBERS = /\s+((?:1[0-4]|[1-9])(?:\s*,\s*(?:1[0-4]|[1-9])){2,13})\s*$/;

function mapCodes(list: string, legend: AllergenLegend | null, kind: 'letters' | 'numbers'): string[] | null {
  const codes = list.split(/\s*[,;/]\s*/).map((c) => c.trim()).filter(Boolean);
  const fallback = kind === 'letters' ? LETTERS : ANNEX_NUMBERS;
  const table = legend?.kind === kind ? legend.codes : fallback;
  const keys = codes.map((c) => table.get(c) ?? fallback.get(c));
  return keys.every(Boolean) ? [...new Set(keys as string[])] : null;
}

/** Finds allergen codes in an item's text: in parentheses anywhere, or a bare list at the end. */
export function takeAllergenCodes(text: string, legend: AllergenLegend | null): CodeMatch {
  const keys: string[] = [];
  let out = text;
  for (const [re, kind] of [[PAREN_LETTERS, 'letters'], [PAREN_NUMBERS, 'numbers']] as const) {
    out = out.replace(re, (whole, list: string) => {
      // A lone "(2)" is too weak without a legend saying numbers are allergens.
      if (kind === 'numbers' && !legend && !/[,;/]/.test(list)) return whole;
      const found = mapCodes(list, legend, kind);
      if (!found) return whole;
      keys.push(...found);
      return '';
    });
  }
  for (const [re, kind] of [[TRAILING_LETTERS, 'letters'], [TRAILING_NUMBERS, 'numbers']] as const) {
    const m = re.exec(out);
    if (!m) continue;
    const found = mapCodes(m[1] as string, legend, kind);
    if (!found) continue;
    keys.push(...found);
    out = out.slice(0, m.index);
  }
  return { text: out.replace(/\s{2,}/g, ' ').trim(), keys: [...new Set(keys)] };
}

/** Superscript markers ("1,3,7", "A C G") printed small and raised after a name. */
export function superscriptCodes(text: string, legend: AllergenLegend | null): string[] {
  const t = text.trim();
  if (/^(?:1[0-4]|[1-9])(?:\s*[,;/\s]\s*(?:1[0-4]|[1-9]))*$/.test(t)) return mapCodes(t.replace(/\s+/g, ','), legend, 'numbers') ?? [];
  if (/^[A-R](?:\s*[,;/\s]\s*[A-R])*$/.test(t)) return mapCodes(t.replace(/\s+/g, ','), legend, 'letters') ?? [];
  return [];
}
