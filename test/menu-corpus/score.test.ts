import { describe, expect, it } from 'vitest';
import { labelKey, metrics, nameKey, scoreDraft, type DraftLike } from './score.ts';
import { parseMenu } from './truth.ts';

/** A small hand-made truth: a variant table, a single price, a priceless item, a legend. */
const truth = parseMenu({
  id: 'it-test',
  venue: 'Trattoria Prova',
  kind: 'pizzeria',
  language: 'it',
  currency: 'EUR',
  title: 'Menù',
  style: { columns: 1, decimal: ',', symbol: '€' },
  legend: 'it-numbers',
  header: ['Via Roma 1, Torino'],
  footer: ['Coperto € 2,00'],
  sections: [
    {
      name: 'Pizze',
      variants: ['piccola', 'media', 'famiglia'],
      items: [
        { name: 'Margherita', prices: [600, 750, 1600], allergens: ['gluten', 'milk'] },
        { name: 'Marinara', prices: [500, null, 1400], allergens: ['gluten'] },
      ],
    },
    {
      name: 'Caffetteria',
      items: [
        { name: 'Caffè', price: 120 },
        { name: 'Pesce del giorno', priceNote: 'Secondo il mercato', allergens: ['fish'] },
      ],
    },
  ],
});

const perfect: DraftLike = {
  sections: [
    {
      name: 'PIZZE',
      items: [
        {
          name: 'margherita',
          prices: [
            { label: 'Piccola', amount: 600 },
            { label: 'media', amount: 750 },
            { label: 'famiglia', amount: 1600 },
          ],
          allergens: ['milk', 'gluten'],
        },
        {
          name: 'Marinara',
          prices: [
            { label: 'piccola', amount: 500 },
            { label: 'famiglia', amount: 1400 },
          ],
          allergens: ['gluten'],
        },
      ],
    },
    {
      name: 'Caffetteria',
      items: [
        { name: 'Caffe\u0300', prices: [{ label: '', amount: 120 }], allergens: [] },
        { name: 'Pesce  del giorno', prices: [], allergens: ['fish'] },
      ],
    },
  ],
};

describe('nameKey and labelKey', () => {
  it.each([
    ['Caffè Latte', 'caffe latte'],
    ['  CAFFÈ\u00a0 latte ', 'caffe latte'],
    ['Souf\ufb02é', 'souffle'],
    ['Pizza  Bianca.', 'pizza bianca'],
    ['Chef’s Pick', "chef's pick"],
    ['WEISSBURGUNDER', 'weissburgunder'],
    ['Weißburgunder', 'weissburgunder'],
    ['WEIẞBURGUNDER', 'weissburgunder'],
  ])('%j → %j', (input, key) => expect(nameKey(input)).toBe(key));
  it('does not forgive truncation', () => expect(nameKey('Ca')).not.toBe(nameKey('Caffè Latte')));
  it.each([
    ['0,2 l', '0.2l'],
    ['0.2l', '0.2l'],
    ['Stk.', 'stk'],
    ['Glass', 'glass'],
  ])('label %j → %j', (input, key) => expect(labelKey(input)).toBe(key));
});

describe('scoreDraft', () => {
  it('scores a perfect draft 1 everywhere (case, spacing and accents do not matter)', () => {
    const m = metrics(scoreDraft(perfect, truth).counts);
    expect(m).toEqual({
      itemRecall: 1,
      falseItems: 0,
      pricePrecision: 1,
      amountPrecision: 1,
      priceRecall: 1,
      variantRecall: 1,
      sectionAccuracy: 1,
      allergenAccuracy: 1,
    });
  });

  it('counts nothing found when the file was refused', () => {
    const s = scoreDraft(null, truth);
    expect(s.counts.truthItems).toBe(4);
    expect(metrics(s.counts).itemRecall).toBe(0);
    expect(metrics(s.counts).pricePrecision).toBeNull();
    expect(s.misses).toContain('missing: "Margherita" (pizze)');
  });

  it('a truncated name (a dropped ligature) is a miss and a false item', () => {
    const draft: DraftLike = { sections: [{ name: 'Caffetteria', items: [{ name: 'Ca', prices: [{ amount: 120 }] }] }] };
    const s = scoreDraft(draft, truth);
    expect(s.counts.matchedItems).toBe(0);
    expect(s.counts.falseItems).toBe(1);
    expect(metrics(s.counts).itemRecall).toBe(0);
  });

  it('keeping only the last variant price lowers variant recall, not price precision', () => {
    const draft = structuredClone(perfect);
    const margherita = draft.sections[0]!.items[0]!;
    margherita.prices = [{ label: '', amount: 1600 }];
    margherita.description = 'piccola 6,00 media 7,50';
    const m = metrics(scoreDraft(draft, truth).counts);
    // The one price left has no label: wrong for a variant item.
    expect(m.pricePrecision).toBeCloseTo(3 / 4);
    expect(m.amountPrecision).toBe(1);
    expect(m.variantRecall).toBeCloseTo(2 / 5);
    expect(m.itemRecall).toBe(1);
  });

  it('a wrong amount and a label from another column are wrong prices', () => {
    const draft = structuredClone(perfect);
    draft.sections[0]!.items[1]!.prices = [
      { label: 'media', amount: 500 },
      { label: 'famiglia', amount: 1450 },
    ];
    const m = metrics(scoreDraft(draft, truth).counts);
    expect(m.pricePrecision).toBeCloseTo(4 / 6);
    expect(m.amountPrecision).toBeCloseTo(5 / 6);
    expect(m.priceRecall).toBeCloseTo(4 / 6);
  });

  it('a single price is right whatever its label; a price on a priceless item is wrong', () => {
    const draft = structuredClone(perfect);
    draft.sections[1]!.items[0]!.prices = [{ label: 'tazza', amount: 120 }];
    draft.sections[1]!.items[1]!.prices = [{ label: '', amount: 200 }];
    const c = scoreDraft(draft, truth).counts;
    expect(c.correctPrices).toBe(6);
    expect(c.extractedPrices).toBe(7);
  });

  it('an item under the wrong section still matches, but costs section accuracy', () => {
    const draft = structuredClone(perfect);
    const moved = draft.sections[1]!.items.shift()!;
    draft.sections[0]!.items.push(moved);
    const m = metrics(scoreDraft(draft, truth).counts);
    expect(m.itemRecall).toBe(1);
    expect(m.sectionAccuracy).toBeCloseTo(3 / 4);
  });

  it('furniture and headings turned into items are false items, counted as furniture', () => {
    const draft = structuredClone(perfect);
    draft.sections[1]!.items.push({ name: 'Coperto € 2,00', prices: [{ amount: 200 }] });
    draft.sections[1]!.items.push({ name: 'P I Z Z E', prices: [] });
    draft.sections[1]!.items.push({ name: 'Tiramisù', prices: [{ amount: 500 }] });
    const s = scoreDraft(draft, truth);
    expect(s.counts.falseItems).toBe(3);
    expect(s.counts.furnitureItems).toBe(2);
    expect(metrics(s.counts).falseItems).toBeCloseTo(3 / 7);
    expect(metrics(s.counts).pricePrecision).toBe(1);
  });

  it('a wrapped name split into two items matches neither', () => {
    const draft = structuredClone(perfect);
    draft.sections[1]!.items[1] = { name: 'Pesce del', prices: [] };
    draft.sections[1]!.items.push({ name: 'giorno', prices: [] });
    const m = metrics(scoreDraft(draft, truth).counts);
    expect(m.itemRecall).toBeCloseTo(3 / 4);
    expect(m.falseItems).toBeCloseTo(2 / 5);
  });

  it('allergens must be the exact set', () => {
    const draft = structuredClone(perfect);
    draft.sections[0]!.items[0]!.allergens = ['gluten'];
    draft.sections[0]!.items[1]!.allergens = ['gluten', 'eggs'];
    const m = metrics(scoreDraft(draft, truth).counts);
    expect(m.allergenAccuracy).toBeCloseTo(2 / 4);
  });

  it('duplicate names match once each, preferring their own section', () => {
    const t = parseMenu({
      id: 'en-dup',
      venue: 'Dup',
      kind: 'cafe',
      language: 'en',
      currency: 'GBP',
      style: { columns: 1, decimal: '.' },
      sections: [
        { name: 'Hot', items: [{ name: 'Chocolate', price: 300 }] },
        { name: 'Cold', items: [{ name: 'Chocolate', price: 350 }] },
      ],
    });
    const draft: DraftLike = {
      sections: [
        { name: 'Cold', items: [{ name: 'Chocolate', prices: [{ amount: 350 }] }] },
        {
          name: 'Hot',
          items: [
            { name: 'Chocolate', prices: [{ amount: 300 }] },
            { name: 'Chocolate', prices: [{ amount: 300 }] },
          ],
        },
      ],
    };
    const c = scoreDraft(draft, t).counts;
    expect(c.matchedItems).toBe(2);
    expect(c.sectionCorrect).toBe(2);
    expect(c.correctPrices).toBe(2);
    expect(c.falseItems).toBe(1);
  });
});
