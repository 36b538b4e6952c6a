import type { TextRun } from './types.ts';

/**
 * Clean-up of the runs a PDF's text layer gives, before any layout: proper Unicode (ligatures
 * expanded, invisible characters dropped), words printed in pieces joined again (small capitals
 * set as a font-size or font change inside a word, glyph-by-glyph output), and letter-spaced words
 * collapsed ("S P A R K L I N G" → "SPARKLING"). Pure.
 */

/** Typographic ligatures and presentation forms that carry no meaning of their own. */
const LIGATURES: Record<string, string> = {
  '\ufb00': 'ff',
  '\ufb01': 'fi',
  '\ufb02': 'fl',
  '\ufb03': 'ffi',
  '\ufb04': 'ffl',
  '\ufb05': 'st',
  '\ufb06': 'st',
  '\u0132': 'IJ',
  '\u0133': 'ij',
};

/** Proper Unicode for one run's text: ligatures expanded, soft hyphens and zero-width marks dropped. */
export function cleanUnicode(text: string): string {
  return text
    .replace(/[\ufb00-\ufb06\u0132\u0133]/g, (c) => LIGATURES[c] ?? c)
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u00a0\u2000-\u200a\u202f]/g, ' ')
    .normalize('NFC');
}

/**
 * Collapses a letter-spaced run: every token a single character (a few short ones allowed, as
 * text layers sometimes pair letters: "S PAR K L IN G"), mostly letters.
 */
export function collapseSpacedRun(text: string, short = false): string {
  const words = text.trim().split(/ {2,}/);
  const collapsed = words.map((w) => {
    const tokens = w.split(' ');
    // A lone short token between letter-spaced words ("&", "DE") stays as it is.
    if (tokens.length === 1 && [...w].length <= 3) return w;
    if (tokens.length === 2 && tokens.every((t) => [...t].length === 1)) return tokens.join('');
    if (tokens.length < 3) return null;
    const singles = tokens.filter((t) => [...t].length === 1).length;
    const letters = tokens.filter((t) => /^[\p{L}'’&.-]+$/u.test(t)).length;
    if (tokens.some((t) => [...t].length > 3) || singles < 0.6 * tokens.length || letters < 0.8 * tokens.length) return null;
    return tokens.join('');
  });
  if (collapsed.some((c) => c === null) || collapsed.every((c, i) => c === words[i]) || collapsed.join('').length < (short ? 2 : 4)) return text;
  return collapsed.join(' ');
}

const right = (r: TextRun) => r.x + r.width;
const isUpperWord = (t: string) => /^\p{Lu}+$/u.test(t);

/**
 * Joins runs that touch on the same baseline into one word: a small-caps word printed as a
 * capital plus smaller capitals (or in two fonts), or a word drawn glyph by glyph. Smaller
 * capitals that continue a capital are small caps and become lower case ("B" + "URRATA" →
 * "Burrata"). The joined run takes the font of its longest piece.
 */
export function joinTouchingRuns(runs: TextRun[]): TextRun[] {
  // Baseline groups (small caps may sit half a point off), each read left to right.
  const byY = runs.map((r, i) => ({ r, i })).sort((a, b) => a.r.y - b.r.y);
  const groups: Array<typeof byY> = [];
  for (const e of byY) {
    const g = groups[groups.length - 1];
    const first = g?.[0];
    if (g && first && e.r.y - first.r.y <= 0.08 * Math.max(e.r.size, first.r.size)) g.push(e);
    else groups.push([e]);
  }
  const order = groups.flatMap((g) => g.sort((a, b) => a.r.x - b.r.x));
  const out: Array<{ run: TextRun; i: number; big: number; tail: string; pieces: Array<{ font: string; n: number; bold: boolean; italic: boolean }> }> = [];
  let current: (typeof out)[number] | null = null;
  for (const { r, i } of order) {
    const c: (typeof out)[number] | null = current;
    if (c) {
      const last = c.run;
      const em = Math.min(last.size, r.size);
      const gap = r.x - right(last);
      const sameBaseline = Math.abs(r.y - last.y) <= 0.08 * Math.max(last.size, r.size);
      const touching = gap <= 0.06 * em && gap >= -0.3 * em && !last.spaceAfter && !r.spaceBefore;
      if (sameBaseline && touching && /[\p{L}\p{N}'’]$/u.test(last.text) && /^[\p{L}\p{N}'’]/u.test(r.text)) {
        let text = r.text;
        // Small capitals: smaller capitals right after a letter of the same word ("B" + "URRATA",
        // "Wei" + "ẞBURGUNDER" where the first letters were set at full size).
        if (r.size < 0.9 * c.big && isUpperWord(text) && /\p{L}$/u.test(c.tail)) text = text.toLowerCase();
        c.run = { ...last, text: last.text + text, width: right(r) - last.x, size: Math.max(last.size, r.size), ...(r.spaceAfter ? { spaceAfter: true } : { spaceAfter: undefined }) };
        c.big = Math.max(c.big, r.size);
        c.tail = r.text;
        c.pieces.push({ font: r.font, n: [...text].length, bold: r.bold, italic: r.italic });
        continue;
      }
    }
    current = { run: { ...r }, i, big: r.size, tail: r.text, pieces: [{ font: r.font, n: [...r.text].length, bold: r.bold, italic: r.italic }] };
    out.push(current);
  }
  return out
    .sort((a, b) => a.i - b.i)
    .map(({ run, pieces }) => {
      if (pieces.length === 1) return run;
      const main = pieces.reduce((a, b) => (b.n > a.n ? b : a));
      const joined: TextRun = { ...run, font: main.font, bold: main.bold, italic: main.italic };
      if (!joined.spaceAfter) delete joined.spaceAfter;
      return joined;
    });
}

const median = (values: number[]): number => {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Single letters a space apart ("T E A", "N O"), or a lone symbol between spaced words ("&"). */
const spacedLetters = (text: string) => /^\p{L}(?: \p{L})+$/u.test(text) || /^[&+·/]$/.test(text);

/**
 * Short letter-spaced words ("T E A", "V O M", "N O & L O W" drawn in pieces) are collapsed only
 * when their whole line is letter-spaced: every run on the baseline (same size) is spaced letters,
 * a symbol, or a word collapsed on its own. A code list ("A C G") next to a name stays.
 */
function collapseShortSpaced(runs: TextRun[], collapsed: string[]): string[] {
  const out = [...collapsed];
  runs.forEach((r, i) => {
    if (out[i] !== r.text || !/^\p{L}(?: \p{L})+$/u.test(r.text)) return;
    const line = runs
      .map((q, j) => ({ q, j }))
      .filter(({ q }) => Math.abs(q.y - r.y) <= 0.1 * r.size && Math.abs(q.size - r.size) <= 0.1 * r.size);
    if (line.every(({ q, j }) => collapsed[j] !== q.text || spacedLetters(q.text))) out[i] = collapseSpacedRun(r.text, true);
  });
  return out;
}

/** A name with a decimal price drawn against its last letters ("VANILLE8,50"). */
const GLUED_PRICE = /^(.*\p{L}{2})(\d{1,4}[.,]\d{2}(?: ?[€$£])?)$/u;

/**
 * Splits a price drawn against the name before it into a run of its own. A text frame too narrow
 * for its tab stops (LibreOffice Draw) sets the price right after the name's last letter; the
 * price's share of the width is estimated from its share of the characters.
 */
export function splitGluedPrices(runs: TextRun[]): TextRun[] {
  return runs.flatMap((r) => {
    const m = GLUED_PRICE.exec(r.text);
    if (!m) return [r];
    const [, name = '', price = ''] = m;
    const priceWidth = (r.width * [...price].length) / [...r.text].length;
    const { spaceAfter, ...rest } = r;
    return [
      { ...rest, text: name, width: r.width - priceWidth },
      { ...rest, text: price, x: r.x + r.width - priceWidth, width: priceWidth, spaceBefore: true, ...(spaceAfter ? { spaceAfter } : {}) },
    ];
  });
}

/** Every clean-up of a page's runs, in order. */
export function normalizeRuns(runs: TextRun[]): TextRun[] {
  const cleaned = runs.map((r) => ({ ...r, text: cleanUnicode(r.text).trim() })).filter((r) => r.text);
  const joined = splitGluedPrices(joinTouchingRuns(cleaned));
  // Letter-spacing is a display style: small raised codes ("A C G") are not collapsed.
  const body = median(joined.map((r) => r.size));
  const texts = collapseShortSpaced(
    joined,
    joined.map((r) => (r.size >= 0.85 * body ? collapseSpacedRun(r.text) : r.text)),
  );
  return joined.map((r, i) => (r.size >= 0.85 * body ? { ...r, text: texts[i] as string } : r));
}
