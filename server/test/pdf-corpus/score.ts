import type { MenuDraft } from '../../modules/uploads/extract/types.ts';
import type { CorpusSection } from './render.ts';

/** Precision/recall counts of one file (sections, items, prices), summable over the corpus. */
export interface Counts {
  expected: number;
  extracted: number;
  matched: number;
}
export interface FileScore {
  sections: Counts;
  items: Counts;
  prices: Counts;
  /** Expected unpriced items that came out flagged with no price. */
  unpricedFlagged: { expected: number; ok: number };
  allergens: Counts;
  /** What differed, for the report. */
  misses: string[];
}

/** Case-, accent-spacing- and punctuation-insensitive text key. */
export function norm(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^[\s.:–-]+|[\s.:–-]+$/g, '')
    .trim();
}

const label = (l: string) => norm(l).replace(/\s/g, '').replace(',', '.');

const ratio = (c: Counts, of: 'expected' | 'extracted') => (c[of] === 0 ? 1 : c.matched / c[of]);
export const precision = (c: Counts) => ratio(c, 'extracted');
export const recall = (c: Counts) => ratio(c, 'expected');

function count(expected: string[], extracted: string[]): Counts & { missing: string[]; extra: string[] } {
  const pool = new Map<string, number>();
  for (const e of expected) pool.set(e, (pool.get(e) ?? 0) + 1);
  let matched = 0;
  const extra: string[] = [];
  for (const x of extracted) {
    const n = pool.get(x) ?? 0;
    if (n > 0) {
      matched++;
      pool.set(x, n - 1);
    } else extra.push(x);
  }
  const missing = [...pool].flatMap(([k, n]) => Array.from({ length: n }, () => k));
  return { expected: expected.length, extracted: extracted.length, matched, missing, extra };
}

/**
 * Scores a draft against the truth: (section), (section, item name) and
 * (section, item name, price label, amount) tuples, each matched at most once.
 */
export function scoreDraft(draft: MenuDraft, truth: CorpusSection[]): FileScore {
  const sec = count(
    truth.map((s) => norm(s.name)),
    draft.sections.map((s) => norm(s.name)),
  );
  const itemKey = (s: string, i: string) => `${norm(s)} / ${norm(i)}`;
  const items = count(
    truth.flatMap((s) => s.items.map((i) => itemKey(s.name, i.name))),
    draft.sections.flatMap((s) => s.items.map((i) => itemKey(s.name, i.name))),
  );
  const priceKey = (s: string, i: string, l: string, a: number) => `${itemKey(s, i)} / ${label(l)} ${a}`;
  const prices = count(
    truth.flatMap((s) => s.items.flatMap((i) => i.prices.map((p) => priceKey(s.name, i.name, p.label, p.amount)))),
    draft.sections.flatMap((s) => s.items.flatMap((i) => i.prices.map((p) => priceKey(s.name, i.name, p.label, p.amount)))),
  );
  const allergens = count(
    truth.flatMap((s) => s.items.flatMap((i) => (i.allergens ?? []).map((a) => `${itemKey(s.name, i.name)} / ${a}`))),
    draft.sections.flatMap((s) => s.items.flatMap((i) => i.allergens.map((a) => `${itemKey(s.name, i.name)} / ${a}`))),
  );
  const unpriced = truth.flatMap((s) => s.items.filter((i) => !i.prices.length).map((i) => itemKey(s.name, i.name)));
  const found = new Map(draft.sections.flatMap((s) => s.items.map((i) => [itemKey(s.name, i.name), i] as const)));
  const ok = unpriced.filter((k) => {
    const i = found.get(k);
    return i && i.flagged && i.prices.length === 0;
  }).length;
  const misses = [
    ...sec.missing.map((m) => `missing section: ${m}`),
    ...sec.extra.map((m) => `extra section: ${m}`),
    ...items.missing.map((m) => `missing item: ${m}`),
    ...items.extra.map((m) => `extra item: ${m}`),
    ...prices.extra.map((m) => `wrong price: ${m}`),
  ];
  const strip = ({ missing: _m, extra: _e, ...c }: Counts & { missing: string[]; extra: string[] }): Counts => c;
  return {
    sections: strip(sec),
    items: strip(items),
    prices: strip(prices),
    allergens: strip(allergens),
    unpricedFlagged: { expected: unpriced.length, ok },
    misses,
  };
}

export function addCounts(a: Counts, b: Counts): Counts {
  return { expected: a.expected + b.expected, extracted: a.extracted + b.extracted, matched: a.matched + b.matched };
}
