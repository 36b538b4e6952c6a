/**
 * Re-import as a diff: what changed between a live menu and the draft of a new version of its PDF
 * (server/modules/uploads/README.md, "Re-import as a diff"). Pure: the server computes it against
 * the stored menu (in a worker thread), the staff app shows it, `applyChanges` says what accepting
 * a selection makes of the menu (same types, one copy of the rules).
 *
 * Matching, in this order (each pass only sees what earlier passes left unmatched):
 * 1. Sections by normalised name (accents, case, punctuation and spacing do not count), in order;
 *    then a draft section and a live section whose items are mostly the same (at least half of the
 *    smaller one's item names) or whose names are close (bigram similarity ≥ 0.6) are the same
 *    section, renamed.
 * 2. Items by normalised name inside matched sections, in order (two "Espresso" in different
 *    sections stay apart).
 * 3. Items by normalised name across sections: the item moved (one change, never remove + add).
 * 4. Renamed items, inside matched sections: every pair scored
 *    0.5·name + 0.2·description + 0.15·same prices + 0.15·same place in the section (names and
 *    descriptions by letter-pair similarity; a name whose words all stay in the other counts 0.9;
 *    two empty descriptions 0.5); a pair is the same item at a score ≥ 0.5 and only with evidence
 *    beyond place and price: names at least 0.3 alike, or non-empty descriptions at least 0.6
 *    alike. Best pairs first.
 * 5. Renamed items that also moved to another section (`moveScore`): every remaining pair of a live
 *    and a draft item in different sections scored
 *    0.5·name + 0.2·description + 0.2·same prices + 0.1·allergens (the same set 1, two empty sets
 *    0.5, else their overlap); a pair needs a score ≥ 0.65 and names at least 0.5 alike (or
 *    non-empty descriptions at least 0.8 alike): place says nothing across sections, so the bar is
 *    higher. Ambiguous pairs are left alone: a pair is taken only when no other pair of either item
 *    scores within 0.1 of it (two similar dishes swapping sections under new names stay
 *    removal + addition, which the reviewer sees as such). Best pairs first.
 * Anything left is added (draft) or removed (live).
 *
 * What counts as a change of a matched item: a name or description that differs once normalised
 * (a case or accent fix made in the app is not undone by the PDF), other prices (labels
 * normalised, amounts exact, "price on request"), other allergens, diets or "may contain" traces
 * (as sets). A draft item without a price and not "on request" keeps its price (the extractor
 * found none: never invent a removal); one without a description keeps its description (venues
 * often describe dishes in the app only). Allergens, diets and traces are each compared only when
 * the draft carries some of that kind on any item (a PDF that does not print them removes none).
 *
 * Order: items that stay in their (matched) section and sections that stay are compared by order.
 * The longest run of them already in the draft's order stays put; every other one is reordered
 * (`item.order`, `section.order`, from/to as 1-based places in the live and the draft list).
 * Accepting it puts the item (section) at its draft place; new and moved-in items go to their
 * draft place too (see `applyChanges`).
 */

export interface DiffPrice {
  label: string;
  amount: number;
}

/** A menu item as the diff reads it (live or drafted). */
export interface DiffItem {
  name: string;
  description?: string;
  prices: DiffPrice[];
  priceOnRequest?: boolean;
  allergens?: string[];
  diets?: string[];
  /** "May contain" traces (allergen keys). */
  mayContain?: string[];
}
export interface LiveItem extends DiffItem {
  id: string;
}
export interface LiveSection {
  id: string;
  name: string;
  items: LiveItem[];
}
export interface DraftSectionInput {
  name: string;
  items: DiffItem[];
}

/** Prices as shown: the variants and whether the item is sold at a price given on request. */
export interface PriceState {
  prices: DiffPrice[];
  priceOnRequest: boolean;
}

interface Base {
  /** Stable for the same menu and draft: live ids, `d<section>` / `d<section>.<item>` for draft positions. */
  key: string;
  /** The item's or section's name (the new one for renames). */
  name: string;
  /** The section it is in after the change (its draft name for new sections). */
  section: string;
  /** Keys that must be accepted together with this one. */
  requires: string[];
}
export type MenuChange =
  | (Base & { kind: 'section.add'; draft: { section: number }; items: number })
  | (Base & { kind: 'section.remove'; sectionId: string; items: number })
  | (Base & { kind: 'section.rename'; sectionId: string; from: string; to: string })
  /** Reordered in the menu: `from`/`to` are 1-based places among the live and the draft sections. */
  | (Base & { kind: 'section.order'; sectionId: string; from: number; to: number })
  | (Base & { kind: 'item.add'; draft: { section: number; item: number }; sectionId: string | null; to: PriceState })
  | (Base & { kind: 'item.remove'; itemId: string; from: PriceState })
  | (Base & { kind: 'item.rename'; itemId: string; from: string; to: string })
  | (Base & { kind: 'item.price'; itemId: string; from: PriceState; to: PriceState })
  | (Base & { kind: 'item.description'; itemId: string; from: string; to: string })
  | (Base & { kind: 'item.allergens'; itemId: string; from: string[]; to: string[] })
  | (Base & { kind: 'item.diets'; itemId: string; from: string[]; to: string[] })
  | (Base & { kind: 'item.mayContain'; itemId: string; from: string[]; to: string[] })
  /** Reordered inside its section: `from`/`to` are 1-based places in the live and the draft section. */
  | (Base & { kind: 'item.order'; itemId: string; sectionId: string; from: number; to: number })
  | (Base & { kind: 'item.move'; itemId: string; from: string; to: string; sectionId: string | null; draft: { section: number } });
export type MenuChangeKind = MenuChange['kind'];

/** The order changes are listed and grouped in. */
export const CHANGE_KINDS: readonly MenuChangeKind[] = [
  'item.add',
  'item.remove',
  'item.rename',
  'item.price',
  'item.description',
  'item.allergens',
  'item.diets',
  'item.mayContain',
  'item.move',
  'item.order',
  'section.add',
  'section.rename',
  'section.order',
  'section.remove',
];

/**
 * What the review checks by default: everything but removals (they delete the photo, translations
 * and tags with the item, and a PDF may miss an item the extractor did not read) and new items
 * without a price (the items' rules refuse them until the draft gives one or says "on request").
 */
export const acceptedByDefault = (change: MenuChange): boolean =>
  change.kind !== 'item.remove' &&
  change.kind !== 'section.remove' &&
  !(change.kind === 'item.add' && !change.to.prices.length && !change.to.priceOnRequest);

/** Thresholds of the matching (see the module comment). */
export const RENAME_THRESHOLD = 0.5;
export const RENAME_MIN_NAME = 0.3;
export const RENAME_MIN_DESCRIPTION = 0.6;
export const SECTION_MIN_OVERLAP = 0.5;
export const SECTION_MIN_NAME = 0.6;
export const MOVE_THRESHOLD = 0.65;
export const MOVE_MIN_NAME = 0.5;
export const MOVE_MIN_DESCRIPTION = 0.8;
export const MOVE_AMBIGUITY = 0.1;

/** A name compared the way people read it: no accents, case, punctuation or extra spaces. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Normalised texts and their letter pairs, remembered while one diff runs (renames compare every
 * pair of a section's unmatched items: 500 × 500 in the worst case).
 */
const memo = {
  normalized: new Map<string, string>(),
  bigrams: new Map<string, { grams: Map<string, number>; total: number }>(),
  words: new Map<string, string[]>(),
};
function normalized(text: string): string {
  let out = memo.normalized.get(text);
  if (out === undefined) {
    out = normalizeName(text);
    memo.normalized.set(text, out);
  }
  return out;
}

function bigrams(text: string): { grams: Map<string, number>; total: number } {
  const cached = memo.bigrams.get(text);
  if (cached) return cached;
  const grams = new Map<string, number>();
  let total = 0;
  for (const word of words(text)) {
    const padded = ` ${word} `;
    for (let i = 0; i < padded.length - 1; i++) {
      const gram = padded.slice(i, i + 2);
      grams.set(gram, (grams.get(gram) ?? 0) + 1);
      total++;
    }
  }
  const out = { grams, total };
  memo.bigrams.set(text, out);
  return out;
}

function words(text: string): string[] {
  let out = memo.words.get(text);
  if (!out) {
    out = normalized(text).split(' ').filter(Boolean);
    memo.words.set(text, out);
  }
  return out;
}

/** Dice coefficient of the normalised texts' letter pairs (0 unrelated … 1 same). */
export function similarity(a: string, b: string): number {
  if (normalized(a) === normalized(b)) return 1;
  const x = bigrams(a);
  const y = bigrams(b);
  const total = x.total + y.total;
  if (!total) return 0;
  const [small, large] = x.grams.size <= y.grams.size ? [x.grams, y.grams] : [y.grams, x.grams];
  let common = 0;
  for (const [gram, n] of small) common += Math.min(n, large.get(gram) ?? 0);
  return (2 * common) / total;
}

/** Name similarity for renames: "Margherita" → "Pizza Margherita" keeps every word, which is strong evidence. */
function nameSimilarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const kept = short.length > 0 && short.every((w) => long.includes(w));
  return Math.max(similarity(a, b), kept ? 0.9 : 0);
}

const priceState = (item: DiffItem): PriceState => ({
  prices: item.prices.map((p) => ({ label: p.label ?? '', amount: p.amount })),
  priceOnRequest: Boolean(item.priceOnRequest && !item.prices.length),
});
const priced = (item: DiffItem) => item.prices.length > 0 || Boolean(item.priceOnRequest);
function samePrices(a: DiffItem, b: DiffItem): boolean {
  const onRequest = (i: DiffItem) => Boolean(i.priceOnRequest && !i.prices.length);
  if (onRequest(a) !== onRequest(b) || a.prices.length !== b.prices.length) return false;
  return a.prices.every((p, i) => {
    const q = b.prices[i] as DiffPrice;
    return p.amount === q.amount && normalized(p.label ?? '') === normalized(q.label ?? '');
  });
}
const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/** How alike a live item and a draft item are, for renames (see the module comment); null when not a candidate. */
export function renameScore(live: DiffItem, draft: DiffItem, livePlace: number, draftPlace: number): number | null {
  const name = nameSimilarity(live.name, draft.name);
  const liveDescription = (live.description ?? '').trim();
  const draftDescription = (draft.description ?? '').trim();
  const describedBoth = Boolean(liveDescription && draftDescription);
  const description = describedBoth ? similarity(liveDescription, draftDescription) : liveDescription || draftDescription ? 0 : 0.5;
  if (name < RENAME_MIN_NAME && !(describedBoth && description >= RENAME_MIN_DESCRIPTION)) return null;
  const place = 1 - Math.min(1, Math.abs(livePlace - draftPlace));
  const score = 0.5 * name + 0.2 * description + 0.15 * (samePrices(live, draft) ? 1 : 0) + 0.15 * place;
  return score >= RENAME_THRESHOLD ? score : null;
}

/** How alike two allergen sets are for `moveScore`: the same 1, both empty 0.5, else their overlap (Jaccard). */
function allergenSimilarity(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 0.5;
  const union = new Set([...a, ...b]);
  return a.filter((x) => b.includes(x)).length / union.size;
}

/**
 * How alike a live item and a draft item in another section are, for renamed items that also moved
 * (see the module comment); null when not a candidate (below the evidence bar).
 */
export function moveScore(live: DiffItem, draft: DiffItem): number | null {
  const name = nameSimilarity(live.name, draft.name);
  const liveDescription = (live.description ?? '').trim();
  const draftDescription = (draft.description ?? '').trim();
  const describedBoth = Boolean(liveDescription && draftDescription);
  const description = describedBoth ? similarity(liveDescription, draftDescription) : liveDescription || draftDescription ? 0 : 0.5;
  if (name < MOVE_MIN_NAME && !(describedBoth && description >= MOVE_MIN_DESCRIPTION)) return null;
  const score =
    0.5 * name +
    0.2 * description +
    0.2 * (samePrices(live, draft) ? 1 : 0) +
    0.1 * allergenSimilarity(live.allergens ?? [], draft.allergens ?? []);
  return score >= MOVE_THRESHOLD ? score : null;
}

/**
 * Best-first pairing that leaves ambiguous pairs alone: a candidate is taken only when every other
 * candidate of its live or its draft item scores at least `margin` less.
 */
function pairClear(candidates: Array<{ a: number; b: number; score: number }>, margin: number): Array<[number, number]> {
  // The two best scores of each live (a) and each draft (b) item.
  const top = (key: 'a' | 'b') => {
    const out = new Map<number, [number, number]>();
    for (const c of candidates) {
      const [first, second] = out.get(c[key]) ?? [-1, -1];
      out.set(c[key], c.score > first ? [c.score, first] : [first, Math.max(second, c.score)]);
    }
    return out;
  };
  const byLive = top('a');
  const byDraft = top('b');
  const clearOf = (tops: [number, number] | undefined, score: number) => {
    const [first, second] = tops ?? [-1, -1];
    // The best other candidate: the second best when this is the best (a tie is not clear either).
    return score >= first && score - second >= margin;
  };
  const clear = candidates.filter((c) => clearOf(byLive.get(c.a), c.score) && clearOf(byDraft.get(c.b), c.score));
  return pairBest(clear, new Set(), new Set());
}

/**
 * Indices (into `seq`) of a longest strictly increasing subsequence: what keeps its order. Ties go to
 * the subsequence ending earliest (deterministic).
 */
export function longestIncreasing(seq: number[]): Set<number> {
  const tails: number[] = []; // index into seq of the smallest tail of each length
  const prev: number[] = new Array<number>(seq.length).fill(-1);
  seq.forEach((v, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((seq[tails[mid] as number] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1] as number;
    tails[lo] = i;
  });
  const out = new Set<number>();
  for (let i = tails.length ? (tails[tails.length - 1] as number) : -1; i >= 0; i = prev[i] as number) out.add(i);
  return out;
}

/** Position 0–1 of index `i` among `n`. */
const relative = (i: number, n: number) => (n > 1 ? i / (n - 1) : 0);

/** Greedy best-first pairing of scored candidates (ties: earlier live, then earlier draft). */
function pairBest(
  candidates: Array<{ a: number; b: number; score: number }>,
  takenA: Set<number>,
  takenB: Set<number>,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  candidates.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
  for (const c of candidates) {
    if (takenA.has(c.a) || takenB.has(c.b)) continue;
    takenA.add(c.a);
    takenB.add(c.b);
    out.push([c.a, c.b]);
  }
  return out;
}

/** Draft item address. */
interface DraftRef {
  s: number;
  i: number;
  item: DiffItem;
}
interface LiveRef {
  s: number;
  i: number;
  item: LiveItem;
}

/**
 * The changes that turn `live` into `draft`, grouped in `CHANGE_KINDS` order, then in menu order.
 */
export function diffMenu(live: LiveSection[], draft: DraftSectionInput[]): MenuChange[] {
  return withMemo(() => diffMenuWith(live, draft));
}

function withMemo<T>(run: () => T): T {
  try {
    return run();
  } finally {
    memo.normalized.clear();
    memo.bigrams.clear();
    memo.words.clear();
  }
}

/** Passes 1–5 of the module comment: which draft section and item each live one is. */
function matchMenu(live: LiveSection[], draft: DraftSectionInput[]) {
  // 1. Sections.
  const sectionOf = new Map<number, number>(); // draft section index → live section index
  const liveTaken = new Set<number>();
  draft.forEach((ds, d) => {
    const n = normalized(ds.name);
    const l = live.findIndex((ls, li) => !liveTaken.has(li) && normalized(ls.name) === n);
    if (l >= 0) {
      sectionOf.set(d, l);
      liveTaken.add(l);
    }
  });
  const names = (items: DiffItem[]) => new Set(items.map((i) => normalized(i.name)));
  const sectionCandidates: Array<{ a: number; b: number; score: number }> = [];
  draft.forEach((ds, d) => {
    if (sectionOf.has(d)) return;
    const draftNames = names(ds.items);
    live.forEach((ls, l) => {
      if (liveTaken.has(l)) return;
      const liveNames = names(ls.items);
      const overlap = [...draftNames].filter((x) => liveNames.has(x)).length;
      const smaller = Math.min(draftNames.size, liveNames.size);
      const byItems = smaller && overlap ? overlap / smaller : 0;
      const byName = similarity(ds.name, ls.name);
      const score = Math.max(byItems >= SECTION_MIN_OVERLAP ? byItems : 0, byName >= SECTION_MIN_NAME ? byName : 0);
      if (score > 0) sectionCandidates.push({ a: l, b: d, score });
    });
  });
  for (const [l, d] of pairBest(sectionCandidates, liveTaken, new Set(sectionOf.keys()))) sectionOf.set(d, l);
  const draftOfLive = new Map([...sectionOf].map(([d, l]) => [l, d]));

  // 2–4. Items.
  const pairs = new Map<string, { live: LiveRef; draft: DraftRef }>(); // live item id → pair
  const draftMatched = new Set<string>(); // "s.i"
  const liveMatched = new Set<string>(); // item id
  const draftRefs: DraftRef[] = draft.flatMap((ds, s) => ds.items.map((item, i) => ({ s, i, item })));
  const liveRefs: LiveRef[] = live.flatMap((ls, s) => ls.items.map((item, i) => ({ s, i, item })));
  const pair = (l: LiveRef, d: DraftRef) => {
    pairs.set(l.item.id, { live: l, draft: d });
    liveMatched.add(l.item.id);
    draftMatched.add(`${d.s}.${d.i}`);
  };
  for (const d of draftRefs) {
    const l = sectionOf.get(d.s);
    if (l === undefined) continue;
    const n = normalized(d.item.name);
    const match = liveRefs.find((x) => x.s === l && !liveMatched.has(x.item.id) && normalized(x.item.name) === n);
    if (match) pair(match, d);
  }
  for (const d of draftRefs) {
    if (draftMatched.has(`${d.s}.${d.i}`)) continue;
    const n = normalized(d.item.name);
    const match = liveRefs.find((x) => !liveMatched.has(x.item.id) && normalized(x.item.name) === n);
    if (match) pair(match, d);
  }
  for (const [d, l] of sectionOf) {
    const liveItems = liveRefs.filter((x) => x.s === l);
    const draftItems = draftRefs.filter((x) => x.s === d);
    const candidates: Array<{ a: number; b: number; score: number }> = [];
    const openDraft = draftItems
      .map((y, b) => ({ y, b, place: relative(y.i, draftItems.length) }))
      .filter(({ y }) => !draftMatched.has(`${y.s}.${y.i}`));
    liveItems.forEach((x, a) => {
      if (liveMatched.has(x.item.id)) return;
      const place = relative(x.i, liveItems.length);
      for (const { y, b, place: draftPlace } of openDraft) {
        const score = renameScore(x.item, y.item, place, draftPlace);
        if (score !== null) candidates.push({ a, b, score });
      }
    });
    for (const [a, b] of pairBest(candidates, new Set(), new Set())) pair(liveItems[a] as LiveRef, draftItems[b] as DraftRef);
  }
  // 5. Renamed and moved to another section: only clear pairs.
  {
    const openLive = liveRefs.filter((x) => !liveMatched.has(x.item.id));
    const openDraft = draftRefs.filter((y) => !draftMatched.has(`${y.s}.${y.i}`));
    const candidates: Array<{ a: number; b: number; score: number }> = [];
    openLive.forEach((x, a) => {
      const sameSection = draftOfLive.get(x.s);
      openDraft.forEach((y, b) => {
        if (y.s === sameSection) return;
        const score = moveScore(x.item, y.item);
        if (score !== null) candidates.push({ a, b, score });
      });
    });
    for (const [a, b] of pairClear(candidates, MOVE_AMBIGUITY)) pair(openLive[a] as LiveRef, openDraft[b] as DraftRef);
  }

  return { sectionOf, draftOfLive, pairs, draftMatched, draftRefs, liveRefs };
}

function diffMenuWith(live: LiveSection[], draft: DraftSectionInput[]): MenuChange[] {
  const { sectionOf, draftOfLive, pairs, draftMatched, draftRefs, liveRefs } = matchMenu(live, draft);
  // Changes.
  const carries = (field: 'allergens' | 'diets' | 'mayContain') => draft.some((s) => s.items.some((i) => (i[field] ?? []).length));
  const compareAllergens = carries('allergens');
  const compareDiets = carries('diets');
  const compareTraces = carries('mayContain');
  const changes: MenuChange[] = [];
  const sectionAddKey = (d: number) => `section.add:d${d}`;
  const liveSectionId = (d: number): string | null => {
    const l = sectionOf.get(d);
    return l === undefined ? null : (live[l] as LiveSection).id;
  };

  draft.forEach((ds, d) => {
    const l = sectionOf.get(d);
    if (l === undefined) {
      changes.push({
        kind: 'section.add',
        key: sectionAddKey(d),
        name: ds.name,
        section: ds.name,
        requires: [],
        draft: { section: d },
        items: ds.items.length,
      });
      return;
    }
    const ls = live[l] as LiveSection;
    if (normalized(ls.name) !== normalized(ds.name)) {
      changes.push({
        kind: 'section.rename',
        key: `section.rename:${ls.id}`,
        name: ds.name,
        section: ds.name,
        requires: [],
        sectionId: ls.id,
        from: ls.name,
        to: ds.name,
      });
    }
  });

  for (const d of draftRefs) {
    if (draftMatched.has(`${d.s}.${d.i}`)) continue;
    const ds = draft[d.s] as DraftSectionInput;
    const sectionId = liveSectionId(d.s);
    changes.push({
      kind: 'item.add',
      key: `item.add:d${d.s}.${d.i}`,
      name: d.item.name,
      section: ds.name,
      requires: sectionId ? [] : [sectionAddKey(d.s)],
      draft: { section: d.s, item: d.i },
      sectionId,
      to: priceState(d.item),
    });
  }
  const removalsOf = new Map<number, string[]>(); // live section → keys that must come with its removal
  for (const l of liveRefs) {
    const ls = live[l.s] as LiveSection;
    const matched = pairs.get(l.item.id);
    if (!matched) {
      const key = `item.remove:${l.item.id}`;
      changes.push({
        kind: 'item.remove',
        key,
        name: l.item.name,
        section: ls.name,
        requires: [],
        itemId: l.item.id,
        from: priceState(l.item),
      });
      removalsOf.set(l.s, [...(removalsOf.get(l.s) ?? []), key]);
      continue;
    }
    const dr = matched.draft;
    const ds = draft[dr.s] as DraftSectionInput;
    const id = l.item.id;
    const base = { name: dr.item.name, section: ds.name, itemId: id };
    if (normalized(l.item.name) !== normalized(dr.item.name)) {
      changes.push({ kind: 'item.rename', key: `item.rename:${id}`, ...base, requires: [], from: l.item.name, to: dr.item.name });
    }
    if (priced(dr.item) && !samePrices(l.item, dr.item)) {
      changes.push({
        kind: 'item.price',
        key: `item.price:${id}`,
        ...base,
        requires: [],
        from: priceState(l.item),
        to: priceState(dr.item),
      });
    }
    const fromDescription = (l.item.description ?? '').trim();
    const toDescription = (dr.item.description ?? '').trim();
    if (toDescription && normalized(fromDescription) !== normalized(toDescription)) {
      changes.push({
        kind: 'item.description',
        key: `item.description:${id}`,
        ...base,
        requires: [],
        from: fromDescription,
        to: toDescription,
      });
    }
    const fromAllergens = l.item.allergens ?? [];
    const toAllergens = dr.item.allergens ?? [];
    if (compareAllergens && !sameSet(fromAllergens, toAllergens)) {
      changes.push({
        kind: 'item.allergens',
        key: `item.allergens:${id}`,
        ...base,
        requires: [],
        from: [...fromAllergens],
        to: [...toAllergens],
      });
    }
    for (const [kind, field, compare] of [
      ['item.diets', 'diets', compareDiets],
      ['item.mayContain', 'mayContain', compareTraces],
    ] as const) {
      const from = l.item[field] ?? [];
      // A trace the item keeps as an allergen (the PDF prints none, or prints it contained) is no trace.
      const kept = compareAllergens ? toAllergens : fromAllergens;
      const to = field === 'mayContain' ? (dr.item.mayContain ?? []).filter((a) => !kept.includes(a)) : (dr.item[field] ?? []);
      if (compare && !sameSet(from, to)) changes.push({ kind, key: `${kind}:${id}`, ...base, requires: [], from: [...from], to: [...to] });
    }
    if (draftOfLive.get(l.s) !== dr.s) {
      const sectionId = liveSectionId(dr.s);
      const key = `item.move:${id}`;
      changes.push({
        kind: 'item.move',
        key,
        ...base,
        requires: sectionId ? [] : [sectionAddKey(dr.s)],
        from: ls.name,
        to: ds.name,
        sectionId,
        draft: { section: dr.s },
      });
      // Leaving a section that is removed: the removal deletes it with the section unless it moves first.
      removalsOf.set(l.s, [...(removalsOf.get(l.s) ?? []), key]);
    }
  }
  // Order: items staying in their section, then sections.
  live.forEach((ls, l) => {
    const d = draftOfLive.get(l);
    if (d === undefined) return;
    const staying = ls.items.flatMap((item, i) => {
      const matched = pairs.get(item.id);
      return matched && matched.draft.s === d ? [{ item, from: i, to: matched.draft.i }] : [];
    });
    const kept = longestIncreasing(staying.map((x) => x.to));
    const ds = draft[d] as DraftSectionInput;
    staying.forEach((x, k) => {
      if (kept.has(k)) return;
      changes.push({
        kind: 'item.order',
        key: `item.order:${x.item.id}`,
        name: (ds.items[x.to] as DiffItem).name,
        section: ds.name,
        requires: [],
        itemId: x.item.id,
        sectionId: ls.id,
        from: x.from + 1,
        to: x.to + 1,
      });
    });
  });
  {
    const staying = live.flatMap((ls, l) => {
      const d = draftOfLive.get(l);
      return d === undefined ? [] : [{ ls, from: l, to: d }];
    });
    const kept = longestIncreasing(staying.map((x) => x.to));
    staying.forEach((x, k) => {
      if (kept.has(k)) return;
      const name = (draft[x.to] as DraftSectionInput).name;
      changes.push({
        kind: 'section.order',
        key: `section.order:${x.ls.id}`,
        name,
        section: name,
        requires: [],
        sectionId: x.ls.id,
        from: x.from + 1,
        to: x.to + 1,
      });
    });
  }
  live.forEach((ls, l) => {
    if (draftOfLive.has(l)) return;
    changes.push({
      kind: 'section.remove',
      key: `section.remove:${ls.id}`,
      name: ls.name,
      section: ls.name,
      requires: removalsOf.get(l) ?? [],
      sectionId: ls.id,
      items: ls.items.filter((i) => !pairs.has(i.id)).length,
    });
  });
  const order = new Map(CHANGE_KINDS.map((k, i) => [k, i]));
  return changes
    .map((c, i) => ({ c, i }))
    .sort((x, y) => (order.get(x.c.kind) ?? 0) - (order.get(y.c.kind) ?? 0) || x.i - y.i)
    .map((x) => x.c);
}

/** Keys that accepted changes require but that are not accepted themselves (an item of a new section without the section). */
export function missingRequirements(changes: MenuChange[], accepted: Iterable<string>): string[] {
  const set = new Set(accepted);
  const byKey = new Map(changes.map((c) => [c.key, c]));
  const missing = new Set<string>();
  for (const key of set) for (const r of byKey.get(key)?.requires ?? []) if (!set.has(r)) missing.add(r);
  return [...missing];
}

/** Toggles one change in a selection, keeping it consistent: requirements come along, dependants go. */
export function toggleChange(changes: MenuChange[], selected: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(selected);
  const byKey = new Map(changes.map((c) => [c.key, c]));
  const add = (k: string) => {
    if (next.has(k) || !byKey.has(k)) return;
    next.add(k);
    for (const r of byKey.get(k)?.requires ?? []) add(r);
  };
  const remove = (k: string) => {
    if (!next.has(k)) return;
    next.delete(k);
    for (const c of changes) if (c.requires.includes(k)) remove(c.key);
  };
  if (on) add(key);
  else remove(key);
  return next;
}

/** The default selection: every change but removals, made consistent. */
export function defaultSelection(changes: MenuChange[]): Set<string> {
  let selected = new Set<string>();
  for (const c of changes) if (acceptedByDefault(c)) selected = toggleChange(changes, selected, c.key, true);
  return selected;
}

/** An item of the menu after the accepted changes: `id` null for a new one (its draft address in `draft`). */
export interface PlannedItem {
  id: string | null;
  draft?: { section: number; item: number };
  name: string;
  description: string;
  prices: DiffPrice[];
  priceOnRequest: boolean;
  allergens: string[];
  mayContain: string[];
  diets: string[];
}
/** A section of the menu after the accepted changes: `id` null for a new one (its draft index in `draft`). */
export interface PlannedSection {
  id: string | null;
  draft?: number;
  name: string;
  items: PlannedItem[];
}

/**
 * Where placed entries go among the ones that stay: each (in draft order) right before the first
 * entry already in the list that comes later in the draft, else last. Entries that stay keep their
 * order; those without a draft place (a removal not accepted, a reorder not accepted) keep theirs
 * among them. With everything accepted the result is the draft's order.
 */
function place<T>(staying: Array<{ value: T; at: number | null }>, placed: Array<{ value: T; at: number }>): T[] {
  const list = [...staying];
  for (const p of [...placed].sort((x, y) => x.at - y.at)) {
    const next = list.findIndex((e) => e.at !== null && e.at > p.at);
    list.splice(next < 0 ? list.length : next, 0, p);
  }
  return list.map((e) => e.value);
}

/** A live item as `applyChanges` plans it (what the server compares the plan with). */
export const plannedItem = (item: LiveItem): PlannedItem => ({
  id: item.id,
  name: item.name,
  description: item.description ?? '',
  prices: item.prices.map((p) => ({ label: p.label ?? '', amount: p.amount })),
  priceOnRequest: Boolean(item.priceOnRequest && !item.prices.length),
  allergens: [...(item.allergens ?? [])],
  mayContain: [...(item.mayContain ?? [])],
  diets: [...(item.diets ?? [])],
});

/**
 * The menu once the accepted changes of `diffMenu(live, draft)` are applied: what the server writes
 * (only what differs from the live menu) and what the review could preview. Accepting nothing gives
 * the live menu; accepting everything gives a menu whose diff with the draft is empty. `accepted`
 * must hold its requirements (`missingRequirements` empty).
 */
export function applyChanges(
  live: LiveSection[],
  draft: DraftSectionInput[],
  changes: MenuChange[],
  accepted: Iterable<string>,
): PlannedSection[] {
  const chosen = new Set(accepted);
  const on = changes.filter((c) => chosen.has(c.key));
  const of = <K extends MenuChangeKind>(kind: K) => on.filter((c): c is Extract<MenuChange, { kind: K }> => c.kind === kind);
  const byItem = new Map<string, MenuChange[]>();
  for (const c of changes) if ('itemId' in c) byItem.set(c.itemId, [...(byItem.get(c.itemId) ?? []), c]);

  // Draft places of the matched live items and sections: where a diff key or an exact match put them.
  const all = diffPlaces(live, draft);

  // Item fields.
  const items = new Map<string, PlannedItem>();
  for (const ls of live) for (const item of ls.items) items.set(item.id, plannedItem(item));
  for (const c of on) {
    if (!('itemId' in c)) continue;
    const item = items.get(c.itemId);
    if (!item) continue;
    if (c.kind === 'item.rename') item.name = c.to;
    else if (c.kind === 'item.description') item.description = c.to;
    else if (c.kind === 'item.price') {
      item.prices = c.to.prices.map((p) => ({ ...p }));
      item.priceOnRequest = c.to.priceOnRequest;
    } else if (c.kind === 'item.allergens') item.allergens = [...c.to];
    else if (c.kind === 'item.diets') item.diets = [...c.to];
    else if (c.kind === 'item.mayContain') item.mayContain = [...c.to];
  }
  // An allergen contained is not "may contain" too.
  for (const item of items.values()) item.mayContain = item.mayContain.filter((a) => !item.allergens.includes(a));

  const removedItems = new Set(of('item.remove').map((c) => c.itemId));
  const moves = of('item.move');
  const movedOut = new Set(moves.map((c) => c.itemId));
  const reordered = new Set(of('item.order').map((c) => c.itemId));
  const newItem = (s: number, i: number): PlannedItem => {
    const d = (draft[s] as DraftSectionInput).items[i] as DiffItem;
    const allergens = [...(d.allergens ?? [])];
    return {
      id: null,
      draft: { section: s, item: i },
      name: d.name,
      description: d.description ?? '',
      prices: d.prices.map((p) => ({ label: p.label ?? '', amount: p.amount })),
      priceOnRequest: Boolean(d.priceOnRequest && !d.prices.length),
      allergens,
      mayContain: (d.mayContain ?? []).filter((a) => !allergens.includes(a)),
      diets: [...(d.diets ?? [])],
    };
  };
  // What goes into draft section d: accepted moves and additions, at their draft place.
  const placedInto = (d: number) => [
    ...moves
      .filter((c) => c.draft.section === d)
      .map((c) => ({ value: items.get(c.itemId) as PlannedItem, at: all.item.get(c.itemId)?.i ?? 0 })),
    ...of('item.add')
      .filter((c) => c.draft.section === d)
      .map((c) => ({ value: newItem(c.draft.section, c.draft.item), at: c.draft.item })),
  ];

  const sections = new Map<string, PlannedSection>();
  live.forEach((ls) => {
    const d = all.section.get(ls.id);
    const staying = ls.items
      .filter((i) => !removedItems.has(i.id) && !movedOut.has(i.id) && !reordered.has(i.id))
      .map((i) => {
        const at = all.item.get(i.id);
        const anchored = at !== undefined && at.s === d && !(byItem.get(i.id) ?? []).some((c) => c.kind === 'item.order');
        return { value: items.get(i.id) as PlannedItem, at: anchored ? at.i : null };
      });
    const placed =
      d === undefined
        ? []
        : [
            ...ls.items
              .filter((i) => reordered.has(i.id) && !removedItems.has(i.id))
              .map((i) => ({ value: items.get(i.id) as PlannedItem, at: all.item.get(i.id)?.i ?? 0 })),
            ...placedInto(d),
          ];
    const rename = of('section.rename').find((c) => c.sectionId === ls.id);
    sections.set(ls.id, { id: ls.id, name: rename ? rename.to : ls.name, items: place(staying, placed) });
  });

  const removedSections = new Set(of('section.remove').map((c) => c.sectionId));
  const reorderedSections = new Set(of('section.order').map((c) => c.sectionId));
  const orderChanged = new Set(changes.filter((c) => c.kind === 'section.order').map((c) => (c as { sectionId: string }).sectionId));
  const stayingSections = live
    .filter((ls) => !removedSections.has(ls.id) && !reorderedSections.has(ls.id))
    .map((ls) => {
      const d = all.section.get(ls.id);
      return { value: sections.get(ls.id) as PlannedSection, at: d !== undefined && !orderChanged.has(ls.id) ? d : null };
    });
  const placedSections = [
    ...live
      .filter((ls) => reorderedSections.has(ls.id))
      .map((ls) => ({ value: sections.get(ls.id) as PlannedSection, at: all.section.get(ls.id) ?? 0 })),
    ...of('section.add').map((c) => ({
      value: {
        id: null,
        draft: c.draft.section,
        name: c.name,
        items: placedInto(c.draft.section)
          .sort((x, y) => x.at - y.at)
          .map((x) => x.value),
      },
      at: c.draft.section,
    })),
  ];
  return place(stayingSections, placedSections);
}

/** The draft place of every matched live item (`{s, i}`) and section (the matching run again: the changes do not carry them all). */
function diffPlaces(live: LiveSection[], draft: DraftSectionInput[]) {
  const { pairs, sectionOf } = withMemo(() => matchMenu(live, draft));
  const item = new Map<string, { s: number; i: number }>();
  for (const [id, p] of pairs) item.set(id, { s: p.draft.s, i: p.draft.i });
  const section = new Map<string, number>();
  for (const [d, l] of sectionOf) section.set((live[l] as LiveSection).id, d);
  return { item, section };
}
