import type { DietKey } from '../../../../shared/diets.ts';
import { fold } from './allergens.ts';

/**
 * Diet markers printed after item names ("Falafel Wrap VG", "Risotto (V, GF)") mapped to the
 * dietary labels of shared/diets.ts, and the marker legend ("V vegetarian · VG vegan · GF gluten
 * free", in any shipped language) recognised so it is kept out of items. Pure.
 */

/** The abbreviations menus print, whatever their language. */
const MARKERS: Record<string, DietKey> = { V: 'vegetarian', VG: 'vegan', VE: 'vegan', GF: 'gluten-free' };

/** Words that name a diet in a marker legend (folded: lower case, no accents). */
const WORDS: Array<[RegExp, DietKey]> = [
  [/\b(?:vegan\w*|vegetalien\w*|veganistisch)\b/, 'vegan'],
  [/\b(?:vegetari\w*|vegetarisch\w*)\b/, 'vegetarian'],
  [/\b(?:gluten[- ]?free|glutenfrei|glutenvrij|sans gluten|senza glutine|sin gluten|sem gluten|gluten ?fri)\b/, 'gluten-free'],
];

/**
 * The marker lists, with or without a lone "V": when the menu's allergen legend uses the letter V
 * (Dutch "V vis", fish), a V is that allergen's code and not the vegetarian marker.
 */
function patterns(withV: boolean) {
  const one = withV ? '(?:VG|VE|GF|V)' : '(?:VG|VE|GF)';
  const list = `${one}(?:\\s*[,/·\\s]\\s*${one})*`;
  return {
    list: new RegExp(`^${list}$`),
    trailing: new RegExp(`\\s+(?:\\(\\s*(${list})\\s*\\)|(${list}))\\s*$`),
    inline: new RegExp(`\\s*\\(\\s*(${list})\\s*\\)`, 'g'),
  };
}
const WITH_V = patterns(true);
const WITHOUT_V = patterns(false);

export interface DietMatch {
  /** The text without the markers. */
  text: string;
  diets: DietKey[];
}

function keysOf(list: string): DietKey[] {
  return list
    .split(/[\s,/·]+/)
    .map((m) => MARKERS[m])
    .filter((k): k is DietKey => Boolean(k));
}

/**
 * Takes diet markers off the end of a name (bare or in parentheses) and from parentheses inside it.
 * `vIsCode`: the menu's allergen legend uses the letter V, so a V is left to the allergen codes.
 */
export function takeDietMarkers(text: string, vIsCode = false): DietMatch {
  const { trailing, inline } = vIsCode ? WITHOUT_V : WITH_V;
  const diets: DietKey[] = [];
  let out = text;
  for (;;) {
    const m = trailing.exec(out);
    if (!m) break;
    const before = out.slice(0, m.index);
    // A name is never only markers ("V" alone stays: it may be a heading or a code).
    if (!/\p{L}{2,}/u.test(before)) break;
    diets.unshift(...keysOf((m[1] ?? m[2]) as string));
    out = before;
  }
  out = out.replace(inline, (whole, list: string, offset: number) => {
    if (!/\p{L}{2,}/u.test(out.slice(0, offset))) return whole;
    diets.push(...keysOf(list));
    return '';
  });
  return { text: out.replace(/\s{2,}/g, ' ').trim(), diets: [...new Set(diets)] };
}

/** Superscript markers ("VG", "V GF") printed small and raised after a name. */
export function superscriptDiets(text: string, vIsCode = false): DietKey[] | null {
  const t = text.trim().replace(/^\(|\)$/g, '');
  return (vIsCode ? WITHOUT_V : WITH_V).list.test(t) ? keysOf(t) : null;
}

/**
 * A line that is only markers in brackets ("(V)", "(V, GF)"), set under a name that wrapped or
 * printed as a badge beside it: its diets; null for anything else (a bare "V" on a line may be a
 * heading or a code). OCR reads a badge's frame as a bracket or a bar on one side only ("GF]",
 * "[VG"), so one bracket at either end is enough.
 */
export function markerLine(text: string, vIsCode = false): DietKey[] | null {
  const t = text.trim();
  const framed = /^[([{|]/.test(t) || /[)\]}|]$/.test(t);
  return framed ? superscriptDiets(t.replace(/^[([{|]\s*/, '').replace(/\s*[)\]}|]$/, ''), vIsCode) : null;
}

/** "V vegetarian · VG vegan · GF gluten free", "(V) = vegetarisch": a legend of diet markers. */
export function isDietLegend(text: string): boolean {
  const folded = fold(text);
  const named = WORDS.filter(([re]) => re.test(folded)).length;
  const markers = (text.match(/(?:^|[\s(·|,;])(?:VG|VE|GF|V)(?=[\s)=:·|,;-]|$)/g) ?? []).length;
  const startsWithMarker = /^\s*\(?(?:VG|VE|GF|V)\)?(?:\s*[=:–-]\s*|\s+)\p{L}/u.test(text);
  return named >= 1 && (startsWithMarker || (markers >= 2 && named >= 2)) && text.replace(/\s+/g, ' ').length <= 160 && !/\d[.,]\d{2}\b/.test(text);
}
