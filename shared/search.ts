/**
 * The guest search's matching rule, shared by the server (search without JavaScript) and the
 * page's script (instant search): a text is folded (Unicode NFD, combining marks stripped, lower
 * case, and the few letters NFD does not split mapped to their base: "Crème Brûlée" and "creme
 * brulee", "Øl" and "ol", "Straße" and "strasse" all read alike), and a dish matches when every word
 * of the query occurs in its folded texts. The script cannot import this module (it is one
 * constant string, hashed for the CSP), so `FOLD_JS` is the same function as source text;
 * shared/search.test.ts checks both agree on a table of inputs.
 */

const LETTERS: Readonly<Record<string, string>> = { ß: 'ss', ø: 'o', ł: 'l', đ: 'd', æ: 'ae', œ: 'oe', ı: 'i', ς: 'σ' };

/** A text as the search compares it (accent- and case-insensitive). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøłđæœıς]/g, (c) => LETTERS[c] ?? c);
}

/** `foldText` as the browser script runs it (an ES2018 arrow function: `\p{M}` with the `u` flag). */
export const FOLD_JS =
  "t=>t.normalize('NFD').replace(/\\p{M}/gu,'').toLowerCase().replace(/[ßøłđæœıς]/g,c=>({ß:'ss',ø:'o',ł:'l',đ:'d',æ:'ae',œ:'oe',ı:'i',ς:'σ'})[c])";

/** The most of a query the page looks at (longer ones are cut: no guest types 100 characters into a menu search). */
export const MAX_QUERY = 100;

/** The query's folded words (split at white space; empty: no search). */
export function queryWords(query: string): string[] {
  return foldText(query.slice(0, MAX_QUERY)).split(/\s+/).filter(Boolean);
}

/** Whether a dish whose searchable texts are `texts` matches the query's folded `words`. */
export function matchesWords(texts: readonly string[], words: readonly string[]): boolean {
  if (!words.length) return true;
  const haystack = foldText(texts.join('\n'));
  return words.every((w) => haystack.includes(w));
}
