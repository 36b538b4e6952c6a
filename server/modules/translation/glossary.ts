/**
 * Glossary terms (dish names) must come back untranslated. Each provider protects them its own
 * way; both start from the same spans: every occurrence of a term, longest term first, so
 * "Tiramisù al caffè" wins over "Tiramisù".
 */
export interface Span {
  text: string;
  /** Whether the span is a glossary term (to be kept as is). */
  term: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function splitTerms(text: string, glossary: readonly string[] = []): Span[] {
  const terms = [...new Set(glossary.map((t) => t.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!terms.length) return [{ text, term: false }];
  // Word boundaries by Unicode letters, so "Tiramisù" is not found inside "Tiramisùs".
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${terms.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  const spans: Span[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) spans.push({ text: text.slice(last, m.index), term: false });
    spans.push({ text: m[0], term: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) spans.push({ text: text.slice(last), term: false });
  return spans;
}
