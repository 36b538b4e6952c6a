import { furniture, type TruthMenu } from './truth.ts';

/**
 * The corpus scorer: matches an extracted draft to its truth and counts what issue 21 measures.
 *
 * Items match on their normalised name: case (fully folded: "ß" is "ss", as capitals print it),
 * spacing, diacritics, compatibility forms (the "ﬁ" ligature is "fi") and typographic quotes do
 * not matter; anything else does: a truncated, split
 * or merged name does not match. A name matches in its own section first, then anywhere.
 *
 * - item recall: matched truth items / truth items
 * - false items: extracted items that match no truth item / extracted items; `furniture` counts
 *   those that are printed furniture (venue, header, footer, legend, notes, variant headers,
 *   section headings)
 * - price precision: correct prices / prices extracted on matched items; a price is correct when
 *   its amount is one of the item's truth amounts (each used once) and, for items with several
 *   prices, its label is the truth label (normalised: "0,2 l" = "0.2l")
 * - amount precision: as price precision, labels ignored (tells wrong amounts from wrong labels)
 * - price recall: correct prices / truth prices (of all truth items)
 * - variant-price recall: truth prices of items with two or more prices recovered with amount and
 *   label / those truth prices
 * - section accuracy: matched items found under their truth section's name / matched items
 * - allergen accuracy: matched items whose allergen set is exactly the truth set / matched items
 *   of menus that print allergens (plus any matched item given allergens where none are printed)
 */

/** The part of a draft the scorer reads (the extractor's MenuDraft satisfies it). */
export interface DraftLike {
  sections: Array<{
    name: string;
    items: Array<{ name: string; description?: string; prices: Array<{ label?: string; amount: number }>; allergens?: readonly string[] }>;
  }>;
}

export interface Counts {
  truthItems: number;
  extractedItems: number;
  matchedItems: number;
  falseItems: number;
  furnitureItems: number;
  extractedPrices: number;
  correctPrices: number;
  /** Extracted prices whose amount is right, whatever their label (tells wrong amounts from wrong labels). */
  correctAmounts: number;
  truthPrices: number;
  variantPrices: number;
  variantRecovered: number;
  sectionCorrect: number;
  allergenItems: number;
  allergenCorrect: number;
}

/** Whether each field of one extracted item is right (a false item is wrong in every field). */
export interface ItemVerdict {
  name: boolean;
  price: boolean;
  section: boolean;
  allergens: boolean;
}

export interface FileScore {
  counts: Counts;
  /** One verdict per extracted item, in the draft's order (sections, then items). */
  verdicts: ItemVerdict[];
  /** Human-readable differences, for the report (bounded). */
  misses: string[];
}

export const zeroCounts = (): Counts => ({
  truthItems: 0,
  extractedItems: 0,
  matchedItems: 0,
  falseItems: 0,
  furnitureItems: 0,
  extractedPrices: 0,
  correctPrices: 0,
  correctAmounts: 0,
  truthPrices: 0,
  variantPrices: 0,
  variantRecovered: 0,
  sectionCorrect: 0,
  allergenItems: 0,
  allergenCorrect: 0,
});

export function addCounts(a: Counts, b: Counts): Counts {
  const out = zeroCounts();
  for (const k of Object.keys(out) as Array<keyof Counts>) out[k] = a[k] + b[k];
  return out;
}

/** Case-, spacing-, diacritic- and quote-insensitive text key; nothing is cut off. */
export function nameKey(text: string): string {
  return (
    text
      .normalize('NFKC')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Full case folding: "WEISSBURGUNDER" in capitals is "Weißburgunder" (and Swiss "ss" spelling).
      .replace(/ß/g, 'ss')
      .replace(/[’‘`´]/g, "'")
      .replace(/[“”„]/g, '"')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.:·•–—-]+|[\s.:·•–—-]+$/g, '')
      .trim()
  );
}

/** A price label key: no spaces, decimal comma as point, no trailing dot ("0,2 l" = "0.2l", "Stk." = "stk"). */
export function labelKey(label: string | undefined): string {
  return nameKey(label ?? '')
    .replace(/\s/g, '')
    .replace(/,/g, '.')
    .replace(/\.$/, '');
}

const MAX_MISSES = 40;

export function scoreDraft(draft: DraftLike | null, truth: TruthMenu): FileScore {
  const c = zeroCounts();
  const misses: string[] = [];
  const miss = (m: string) => misses.length < MAX_MISSES && misses.push(m);
  const truthItems = truth.sections.flatMap((s) =>
    s.items.map((item) => ({ section: nameKey(s.name), item, key: nameKey(item.name), used: false })),
  );
  c.truthItems = truthItems.length;
  for (const t of truthItems) {
    c.truthPrices += t.item.prices.length;
    if (t.item.prices.length >= 2) c.variantPrices += t.item.prices.length;
  }
  const extracted = (draft?.sections ?? []).flatMap((s) =>
    s.items.map((item) => ({ section: nameKey(s.name), item, key: nameKey(item.name) })),
  );
  c.extractedItems = extracted.length;
  const verdicts: ItemVerdict[] = extracted.map(() => ({ name: false, price: false, section: false, allergens: false }));

  // Pass 1 matches within the same section, pass 2 anywhere.
  const pairs = new Map<number, (typeof truthItems)[number]>();
  for (const sameSection of [true, false]) {
    extracted.forEach((x, i) => {
      if (pairs.has(i)) return;
      const t = truthItems.find((t) => !t.used && t.key === x.key && (!sameSection || t.section === x.section));
      if (t) {
        t.used = true;
        pairs.set(i, t);
      }
    });
  }
  c.matchedItems = pairs.size;

  const furnitureKeys = [...furniture(truth), ...truth.sections.map((s) => s.name)]
    .map((f) => nameKey(f).replace(/\s/g, ''))
    .filter((f) => f.length >= 3);
  extracted.forEach((x, i) => {
    if (pairs.has(i)) return;
    c.falseItems++;
    const squeezed = x.key.replace(/\s/g, '');
    const isFurniture = squeezed.length >= 3 && furnitureKeys.some((f) => f === squeezed || f.includes(squeezed) || squeezed.includes(f));
    if (isFurniture) c.furnitureItems++;
    miss(`${isFurniture ? 'furniture as item' : 'false item'}: "${x.item.name}" (in "${x.section}")`);
  });
  for (const t of truthItems) if (!t.used) miss(`missing: "${t.item.name}" (${t.section})`);

  for (const [i, t] of pairs) {
    const x = extracted[i];
    if (!x) continue;
    const verdict = verdicts[i] as ItemVerdict;
    verdict.name = true;
    verdict.section = x.section === t.section;
    if (x.section === t.section) c.sectionCorrect++;
    else miss(`wrong section: "${t.item.name}" under "${x.section}", not "${t.section}"`);

    // Prices.
    const several = t.item.prices.length >= 2;
    const pool = t.item.prices.map((p) => ({ ...p, used: false }));
    const amounts = t.item.prices.map((p) => p.amount);
    for (const p of x.item.prices) {
      c.extractedPrices++;
      const a = amounts.indexOf(p.amount);
      if (a !== -1) {
        c.correctAmounts++;
        amounts.splice(a, 1);
      }
      const hit = pool.find((q) => !q.used && q.amount === p.amount && (!several || labelKey(q.label) === labelKey(p.label)));
      if (hit) {
        hit.used = true;
        c.correctPrices++;
        if (several) c.variantRecovered++;
      } else miss(`wrong price: "${t.item.name}" ${p.label ? `${p.label} ` : ''}${p.amount}`);
    }
    for (const q of pool) if (!q.used) miss(`missing price: "${t.item.name}" ${q.label ? `${q.label} ` : ''}${q.amount}`);
    verdict.price = pool.every((q) => q.used) && x.item.prices.length === pool.length;

    // Allergens.
    const got = [...new Set(x.item.allergens ?? [])].sort();
    verdict.allergens = true;
    if (truth.legend || got.length) {
      c.allergenItems++;
      const want = [...t.item.allergens].sort();
      if (got.length === want.length && got.every((a, k) => a === want[k])) c.allergenCorrect++;
      else {
        verdict.allergens = false;
        miss(`allergens: "${t.item.name}" [${got.join(',')}], not [${want.join(',')}]`);
      }
    }
  }
  return { counts: c, verdicts, misses };
}

const ratio = (n: number, d: number) => (d === 0 ? null : n / d);

/** The metrics of issue 21 from summed counts; null where there is nothing to measure. */
export function metrics(c: Counts) {
  return {
    itemRecall: ratio(c.matchedItems, c.truthItems),
    falseItems: ratio(c.falseItems, c.extractedItems),
    pricePrecision: ratio(c.correctPrices, c.extractedPrices),
    amountPrecision: ratio(c.correctAmounts, c.extractedPrices),
    priceRecall: ratio(c.correctPrices, c.truthPrices),
    variantRecall: ratio(c.variantRecovered, c.variantPrices),
    sectionAccuracy: ratio(c.sectionCorrect, c.matchedItems),
    allergenAccuracy: ratio(c.allergenCorrect, c.allergenItems),
  };
}
export type Metrics = ReturnType<typeof metrics>;

/** The targets of issue 21 for text PDFs (every producer, not on average). */
export const TEXT_TARGETS: Partial<Record<keyof Metrics, { min?: number; max?: number }>> = {
  itemRecall: { min: 0.97 },
  pricePrecision: { min: 0.99 },
  variantRecall: { min: 0.95 },
  sectionAccuracy: { min: 0.95 },
  allergenAccuracy: { min: 0.95 },
  falseItems: { max: 0.01 },
};
