/**
 * Price recognition on one line of menu text. Lines come with `\t` where the page had a wide gap
 * or dot leaders, so "Soup ........ 6.50" and "Soup            6.50" both read "Soup\t6.50".
 * Prices are read from the end of the line (or, for "prices left" menus, from its start); nothing
 * that merely looks like a number inside a name becomes a price.
 */

export interface ParsedPrice {
  label: string;
  /** Minor units. */
  amount: number;
  /** ISO code when the price carries a currency sign or code. */
  currency: string | null;
  /** A whole number without decimals, dash or currency ("12"): the weakest evidence. */
  bare: boolean;
}

export interface PriceParse {
  /** The line's text without the prices (and without leaders/separators next to them). */
  rest: string;
  prices: ParsedPrice[];
  /** The prices were printed before the text ("prices left"). */
  leading: boolean;
}

const CURRENCY_CODES: Record<string, string> = {
  '€': 'EUR', eur: 'EUR', euro: 'EUR', '$': 'USD', usd: 'USD', '£': 'GBP', gbp: 'GBP',
  chf: 'CHF', 'sfr.': 'CHF', sfr: 'CHF', 'fr.': 'CHF',
};
const CUR_BEFORE = '€|\\$|£|EUR|USD|GBP|CHF|SFr\\.?|Fr\\.';
const CUR_AFTER = '€|EUR|Euro|USD|GBP|CHF|SFr\\.?|Fr\\.|\\$|£';
/** 12 · 12.50 · 12,50 · 12.5 (only with a currency) · 12.- · 12,– · 12.-- */
const NUMBER = '\\d{1,4}(?:[.,]\\d{1,2}|[.,](?:--?|–|—))?';
const PRICE = `(?:(${CUR_BEFORE})\\s?)?(${NUMBER})(?:\\s?(${CUR_AFTER}))?`;

const VOLUME = '\\d+(?:[.,]\\d+)?\\s?(?:l|cl|ml|dl|oz|fl\\.?\\s?oz|cm|g|kg|pcs|pc|pieces|stk\\.?|st\\.)';
const FRACTION = '\\d\\/\\d{1,2}\\s?l|½\\s?l';
const SIZES = [
  'small', 'medium', 'large', 'regular', 'half', 'full', 'glass', 'bottle', 'carafe', 'jug', 'pint', 'half pint', 'cup', 'pot', 'mug',
  'single', 'double', 'shot', 'klein', 'mittel', 'groß', 'gross', 'glas', 'flasche', 'karaffe', 'krug', 'portion', 'halbe portion',
  'piccolo', 'grande', 'petit', 'grand', 'verre', 'bouteille', 'xs', 's', 'm', 'l', 'xl', 'kg',
];
/**
 * What one price buys, printed before it ("Zeeuwse oesters <gap> per stuk €3,50", "Huîtres la
 * pièce 2,50 €"): a closed class of unit phrases in the shipped languages, kept as the price's
 * label instead of ending the name.
 */
const UNITS = [
  'each', 'per piece', 'per person', 'per portion', 'per dozen', 'a piece', 'pro stück', 'je stück', 'das stück', 'pro person', 'pro portion',
  'la pièce', 'la douzaine', 'par personne', 'la portion', 'al pezzo', 'a persona', 'per persona', 'a porzione', 'por unidad', 'por persona',
  'la unidad', 'la ración', 'per stuk', 'per persoon', 'per portie', 'p.p.',
];
const WORDS = [...SIZES, ...UNITS].sort((a, b) => b.length - a.length).map((w) => w.replace(/\./g, '\\.')).join('|');
/** A variant label: a volume, size or portion word, or a unit phrase. */
export const LABEL = `(?:${VOLUME}|${FRACTION}|(?:${WORDS}))`;

const TAIL = new RegExp(`(^|[\\s/|·)])(?:(${LABEL}) *:? *)?${PRICE}\\s*$`, 'iu');
const HEAD = new RegExp(`^\\s*${PRICE}(?=\\s)`, 'iu');
const LABEL_ONLY = new RegExp(`^${LABEL}$`, 'iu');
const QUANTITY_HEAD = new RegExp(`^\\s*(?:${VOLUME})(?![\\p{L}])`, 'iu');

/** Dot leaders and similar fillers become a gap marker. */
export function normalizeLeaders(text: string): string {
  return text
    .replace(/\s*(?:\.\s?){3,}\s*|\s*…+\s*|\s*(?:·\s?){3,}\s*|\s*_{3,}\s*|\s*(?:-\s?){4,}\s*/g, '\t')
    .replace(/[ \u00a0]{3,}/g, '\t')
    // The last two dots of a leader drawn apart from the rest ("Hot Beef Baguette with . . £10").
    .replace(/(?<=\s)(?:\.\s?){2}(?=\s|$)/g, '\t');
}

function currencyOf(symbol: string | undefined): string | null {
  return symbol ? (CURRENCY_CODES[symbol.toLowerCase()] ?? null) : null;
}

function toPrice(before: string | undefined, number: string, after: string | undefined, label: string): ParsedPrice | null {
  const currency = currencyOf(before) ?? currencyOf(after);
  const m = /^(\d+)(?:[.,](\d{1,2}|--?|–|—))?$/.exec(number);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = m[2] ?? '';
  let cents = 0;
  if (/^\d$/.test(frac)) {
    if (!currency) return null; // "0.3" is a volume, "12.5" without a currency too ambiguous
    cents = Number(frac) * 10;
  } else if (/^\d\d$/.test(frac)) cents = Number(frac);
  const bare = frac === '' && !currency;
  if (bare && whole > 999) return null; // years, phone numbers, postcodes
  if (whole > 9999) return null;
  return { label: label.replace(/\s+/g, ' ').trim(), amount: whole * 100 + cents, currency, bare };
}

type Sep = 'gap' | 'slash' | 'space' | 'start';

/** Strips trailing separators from the text before a price and says what separated them. */
function splitBefore(text: string): { rest: string; sep: Sep } {
  const m = /[\s/|·:–—-]*$/.exec(text);
  const tail = m?.[0] ?? '';
  const rest = text.slice(0, text.length - tail.length);
  if (!rest.trim()) return { rest: '', sep: 'start' };
  if (/[/|]/.test(tail)) return { rest, sep: 'slash' };
  if (/\t/.test(tail) || /[–—-]\s*$/.test(tail) || tail.includes(':')) return { rest, sep: 'gap' };
  return { rest, sep: tail.length ? 'space' : 'space' };
}

const GROUP_PART = new RegExp(`^((?:\\d+\\s?)?[\\p{L}][\\p{L}.'’]*(?: (?!(?:${CUR_BEFORE})\\s?\\d)[\\p{L}][\\p{L}.'’]*)?) *:? *${PRICE}$`, 'iu');

const COUNTED_PRICE = new RegExp(`^\\d+\\s?[\\p{L}][\\p{L}.]* *:? *${PRICE}$`, 'iu');

/**
 * "Weißwürste <gap> 2 Stück 6,90 € / 3 Stück 9,50 €": after the name's gap, two or more prices
 * separated by "/" or "|", each after a short label of its own; the labels are whatever the menu
 * prints there (a word or two, maybe a count), not only the known size words.
 */
function labelledGroup(text: string): PriceParse | null {
  const gap = text.lastIndexOf('\t');
  if (gap <= 0) return null;
  const parts = text.slice(gap + 1).trim().split(/\s*[/|]\s*/);
  // One price after a label is a group only when the label is a count ("Brezn … 1 Stück 2,90 €"):
  // a lone word there may as well end the description.
  if (parts.length < 2 && !COUNTED_PRICE.test(parts[0] ?? '')) return null;
  const prices: ParsedPrice[] = [];
  for (const part of parts) {
    const m = GROUP_PART.exec(part);
    if (!m || (m[1] as string).length > 20) return null;
    const price = toPrice(m[2], m[3] as string, m[4], m[1] as string);
    if (!price || price.bare) return null;
    prices.push(price);
  }
  const rest = text.slice(0, gap).trim();
  return /\p{L}/u.test(rest) ? { rest, prices, leading: false } : null;
}

/** Prices at the end of a line: one, or variants separated by "/", "|", gaps or labels. */
export function parseTrailing(line: string, maxPrices = 10, spaced = true): PriceParse | null {
  let text = normalizeLeaders(line).replace(/\s+$/, '');
  const grouped = maxPrices > 1 ? labelledGroup(text) : null;
  if (grouped) return grouped;
  const found: Array<ParsedPrice & { sep: Sep; decimal: boolean }> = [];
  while (found.length < maxPrices) {
    const m = TAIL.exec(text);
    if (!m) break;
    const price = toPrice(m[3], m[4] as string, m[5], m[2] ?? '');
    if (!price) break;
    const decimal = /[.,]/.test(m[4] as string);
    const previous = found[0];
    // Only clear variant separators continue a group: "/", a gap between price columns, or a label;
    // a single space only between decimal prices (checked below: the group must follow a gap).
    if (previous && previous.sep === 'space' && !previous.label && !price.label && !(spaced && previous.decimal && decimal)) break;
    const { rest, sep } = splitBefore(text.slice(0, m.index + (m[1] ?? '').length));
    found.unshift({ ...price, sep, decimal });
    text = rest;
    if (sep === 'start') break;
  }
  if (!found.length) return null;
  // "Caffè espresso <gap> 1,20 2,50": decimal prices a space apart are price columns only when the
  // group as a whole stands apart from the text; in "Menu 2 courses 12.50 18.50" it does not.
  const spacedAt = found.findIndex((p, i) => i > 0 && p.sep === 'space' && !p.label && !(found[i - 1] as (typeof found)[number]).label);
  if (spacedAt !== -1 && (found[0] as (typeof found)[number]).sep === 'space') return parseTrailing(line, maxPrices, false);
  // Unlabelled variants must look alike: in "Glenfiddich 12   9.50" the 12 belongs to the name.
  const kinds = new Set(found.filter((p) => !p.label).map((p) => (p.bare ? 'bare' : 'priced')));
  if (found.length > 1 && kinds.size > 1) return parseTrailing(line, 1, false);
  const first = found[0] as (typeof found)[number];
  // A lone whole number needs separation from the text: a gap, leaders, a label or a variant group.
  if (found.length === 1 && first.bare && !first.label && first.sep === 'space') return null;
  return { rest: text.trim(), prices: found.map(({ sep: _sep, decimal: _decimal, ...p }) => p), leading: false };
}

/** A price printed before the text ("6.50   Tomato soup"). */
export function parseLeading(line: string): PriceParse | null {
  const text = normalizeLeaders(line);
  const m = HEAD.exec(text);
  if (!m) return null;
  const price = toPrice(m[1], m[2] as string, m[3], '');
  if (!price) return null;
  // "0,33 l   1,0 l" (the header of a variant table), "250 g Rinderhack": a quantity, not a price.
  if (!price.currency && QUANTITY_HEAD.test(text)) return null;
  const after = text.slice(m[0].length);
  const gap = /^\s*\t/.test(after);
  if (price.bare && !gap) return null;
  if (!gap && !price.currency && !/[.,]/.test(m[2] as string)) return null;
  const rest = after.replace(/^[\s\t:–—-]+/, '').trim();
  if (!/\p{L}/u.test(rest)) return null;
  return { rest, prices: [price], leading: true };
}

/**
 * "Filete de ternera <gap> Suplemento 3,00 €": on a set menu a course may cost a surcharge on top
 * of the menu's price. The amount after such a word, in the price's cell, is no price of the dish:
 * the cell is a note. Words of the shipped languages.
 */
const SURCHARGE = /\t\s*(?:suplemento|supplément|supplement|supplemento|aufpreis|zuschlag|aufschlag|toeslag|meerprijs|surcharge|extra charge|recargo)\s*:?\s*\+?\s*[^\t\p{L}]*$/iu;

/**
 * "Pfand je Krug 2,00 €", "Statiegeld per fles € 0,10", "Deposit per jug £2": what a returnable
 * jug or bottle costs on top, printed under a drinks list. The amount is no dish's price: the line
 * is a note. Words of the shipped languages, at the start of the line.
 */
const DEPOSIT = /^\s*(?:pfand|flaschenpfand|becherpfand|statiegeld|borg|consigne|deposit|bottle deposit|cauzione|vuoto a rendere|dep[oó]sito|fianza)\b/iu;

export function isDepositNote(line: string): boolean {
  return DEPOSIT.test(line);
}

/** All price readings of a line: trailing first, then leading. */
export function parsePrices(line: string): PriceParse | null {
  const text = normalizeLeaders(line);
  if (SURCHARGE.test(text) || isDepositNote(text)) return null;
  return parseTrailing(line) ?? parseLeading(line);
}

/** "1/8 l", "Glass", "0,5 l": a column header of a variant table. */
export function isLabel(text: string): boolean {
  return LABEL_ONLY.test(text.trim());
}

/** Currency named anywhere in the text ("Alle Preise in CHF"). */
export function mentionedCurrency(text: string): string | null {
  const m = /(?:^|[\s(])(€|EUR|Euro|\$|USD|£|GBP|CHF|SFr\.?)(?=$|[\s).,\d])/i.exec(text);
  return m ? currencyOf(m[1]) : null;
}
