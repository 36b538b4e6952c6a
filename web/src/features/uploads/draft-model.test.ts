import { describe, expect, it } from 'vitest';
import {
  addPrice, allergenWordsUnmarked, answerCurrency, currencyQuestionOpen, flagReason, flaggedItems, fromEditDraft, itemLocation, nextFlag, problemKey, marksAllergens, removeItem, setPriceOnRequest, toEditDraft, unpricedItems,
  updateItem, updatePrice,
} from './draft-model.ts';
import { pageInProgress, progressText, toUpload } from './types.ts';
import { zMenuDraft, type MenuDraft } from '../../../../shared/schemas/upload-draft.ts';

const draft: MenuDraft = {
  version: 1, title: 'Fish House', currency: 'USD', pages: 1,
  sections: [
    { name: 'Raw Bar', items: [{ name: 'Oysters', description: 'Lemon', prices: [{ label: '', amount: 1800 }], allergens: ['molluscs'], confidence: 0.9, flagged: false, page: 1, bbox: { x: 10, y: 20, width: 200, height: 18 } }] },
    { name: 'From the Sea', items: [
      { name: 'Catch of the Day', description: '', prices: [], allergens: [], confidence: 0.3, flagged: true, page: 1, bbox: { x: 10, y: 60, width: 200, height: 18 } },
      { name: 'Swordfish', description: '', prices: [{ label: 'small', amount: 2000 }, { label: 'large', amount: 2950 }], allergens: ['fish'], confidence: 0.5 },
    ] },
  ],
};

describe('the currency question', () => {
  it('is answered once: the answer is saved with the draft and survives a reload', () => {
    // The PDF says USD, the organization counts in EUR.
    const edit = toEditDraft(draft, 'EUR');
    expect(currencyQuestionOpen(edit, 'EUR')).toBe(true);
    const answered = answerCurrency(edit, 'EUR');
    expect(currencyQuestionOpen(answered, 'EUR')).toBe(false);
    // What the screen saves (PATCH draft) carries the answer, and the server's schema keeps it.
    const saved = zMenuDraft.parse(JSON.parse(JSON.stringify(fromEditDraft(answered, 'EUR').draft)));
    expect(saved.importCurrency).toBe('EUR');
    // A reload builds the copy from the saved draft: not asked again.
    expect(currencyQuestionOpen(toEditDraft(saved, 'EUR'), 'EUR')).toBe(false);
    // The organization changed its currency since: the answer no longer holds.
    expect(currencyQuestionOpen(toEditDraft(saved, 'GBP'), 'GBP')).toBe(true);
    // Same currency as the PDF, or none detected: nothing to ask.
    expect(currencyQuestionOpen(toEditDraft(draft, 'USD'), 'USD')).toBe(false);
    expect(currencyQuestionOpen(toEditDraft({ ...draft, currency: undefined }, 'EUR'), 'EUR')).toBe(false);
  });
});

describe('the review screen’s draft copy', () => {
  it('round-trips a draft unchanged, keeping what the screen does not edit', () => {
    const edit = toEditDraft(draft, 'EUR');
    expect(edit.sections[1]?.items[0]?.prices).toEqual([{ key: expect.any(String), label: '', amount: '' }]);
    expect(edit.sections[1]?.items[1]?.prices.map((p) => p.amount)).toEqual(['20.00', '29.50']);
    const { draft: back, problems } = fromEditDraft(edit, 'EUR');
    expect(problems.size).toBe(0);
    expect(back).toEqual(draft);
  });

  it('reads typed prices in the currency and settles the no-price flag', () => {
    let edit = toEditDraft(draft, 'EUR');
    const section = edit.sections[1]!;
    const catchOfDay = section.items[0]!;
    expect(flagReason(catchOfDay, 'EUR')).toBe('noPrice');
    expect(unpricedItems(edit, 'EUR').map((x) => x.item.name)).toEqual(['Catch of the Day']);
    edit = updatePrice(edit, section.key, catchOfDay.key, catchOfDay.prices[0]!.key, { amount: '32,5' });
    const { draft: back } = fromEditDraft(edit, 'EUR');
    expect(back.sections[1]?.items[0]).toMatchObject({ prices: [{ label: '', amount: 3250 }], flagged: false });
    expect(unpricedItems(edit, 'EUR')).toEqual([]);
    // Low confidence stays worth a look even with a price.
    expect(flagReason(edit.sections[1]!.items[0]!, 'EUR')).toBe('lowConfidence');
    expect(flagReason(edit.sections[0]!.items[0]!, 'EUR')).toBeNull();
    // Yen has no minor digits.
    expect(fromEditDraft(updatePrice(edit, section.key, catchOfDay.key, catchOfDay.prices[0]!.key, { amount: '1200' }), 'JPY').draft.sections[1]?.items[0]?.prices).toEqual([{ label: '', amount: 1200 }]);
  });

  it('reports empty names and unreadable prices by field, and drops empty price rows', () => {
    let edit = toEditDraft(draft, 'EUR');
    const section = edit.sections[0]!;
    const oysters = section.items[0]!;
    edit = updateItem(edit, section.key, oysters.key, { name: '  ' });
    edit = updatePrice(edit, section.key, oysters.key, oysters.prices[0]!.key, { amount: '12.5.0' });
    edit = addPrice(edit, section.key, oysters.key);
    const { problems, draft: back } = fromEditDraft(edit, 'EUR');
    expect([...problems]).toEqual([
      [problemKey(section.key, oysters.key, 'name'), 'Item name is required'],
      [problemKey(section.key, oysters.key, oysters.prices[0]!.key), 'Enter a price like 12.50'],
    ]);
    expect(back.sections[0]?.items[0]?.prices).toEqual([]);
  });

  it('marks an item "price on request": it leaves the unpriced list and the flags, and is stored as such', () => {
    let edit = toEditDraft(draft, 'EUR');
    const section = edit.sections[1]!;
    const catchOfDay = section.items[0]!;
    edit = setPriceOnRequest(edit, section.key, catchOfDay.key, true);
    expect(unpricedItems(edit, 'EUR')).toEqual([]);
    expect(flagReason(edit.sections[1]!.items[0]!, 'EUR')).toBeNull();
    const { draft: back } = fromEditDraft(edit, 'EUR');
    expect(back.sections[1]?.items[0]).toMatchObject({ prices: [], priceOnRequest: true, flagged: false });
    // Read back, the mark is kept; while it is on, the (hidden) price rows are no prices.
    const again = toEditDraft(back, 'EUR');
    expect(again.sections[1]?.items[0]?.priceOnRequest).toBe(true);
    const typed = updatePrice(edit, section.key, catchOfDay.key, catchOfDay.prices[0]!.key, { amount: 'abc' });
    expect(fromEditDraft(typed, 'EUR')).toMatchObject({ problems: new Map(), draft: { sections: [{}, { items: [{ prices: [], priceOnRequest: true }, {}] }] } });
    const off = setPriceOnRequest(updatePrice(typed, section.key, catchOfDay.key, catchOfDay.prices[0]!.key, { amount: '30' }), section.key, catchOfDay.key, false);
    expect(fromEditDraft(off, 'EUR').draft.sections[1]?.items[0]).toMatchObject({ prices: [{ label: '', amount: 3000 }], flagged: false });
    expect(fromEditDraft(off, 'EUR').draft.sections[1]?.items[0]).not.toHaveProperty('priceOnRequest');
  });

  it('names the least sure field of a flagged item, and jumps from flag to flag in screen order, wrapping around', () => {
    const flagged: MenuDraft = {
      ...draft,
      sections: [
        ...draft.sections,
        { name: 'Desserts', items: [
          { name: 'Tiramisu', description: '', prices: [{ label: '', amount: 700 }], allergens: [], flagged: true, fieldConfidence: { name: 0.9, price: 0.8, section: 0.3, allergens: 0.5 } },
          { name: 'Affogato', description: '', prices: [{ label: '', amount: 500 }], allergens: [], flagged: false },
        ] },
      ],
    };
    const edit = toEditDraft(flagged, 'EUR');
    const [oysters] = edit.sections[0]!.items;
    const [catchOfDay] = edit.sections[1]!.items;
    const [tiramisu, affogato] = edit.sections[2]!.items;
    expect(flagReason(tiramisu!, 'EUR')).toBe('section');
    // Saving an edit keeps the flag of an item that was read with a price.
    const renamed = updateItem(edit, edit.sections[2]!.key, tiramisu!.key, { name: 'Tiramisù' });
    expect(fromEditDraft(renamed, 'EUR').draft.sections[2]?.items[0]?.flagged).toBe(true);
    expect(flaggedItems(edit, 'EUR').map((i) => i.name)).toEqual(['Catch of the Day', 'Tiramisu']);
    expect(nextFlag(edit, 'EUR', null, 1)?.name).toBe('Catch of the Day');
    expect(nextFlag(edit, 'EUR', null, -1)?.name).toBe('Tiramisu');
    expect(nextFlag(edit, 'EUR', oysters!.key, 1)?.name).toBe('Catch of the Day');
    expect(nextFlag(edit, 'EUR', catchOfDay!.key, 1)?.name).toBe('Tiramisu');
    expect(nextFlag(edit, 'EUR', tiramisu!.key, 1)?.name).toBe('Catch of the Day');
    expect(nextFlag(edit, 'EUR', affogato!.key, -1)?.name).toBe('Tiramisu');
    expect(nextFlag(edit, 'EUR', catchOfDay!.key, -1)?.name).toBe('Tiramisu');
    expect(nextFlag(toEditDraft(draft.sections[0] ? { ...draft, sections: [draft.sections[0]] } : draft, 'EUR'), 'EUR', null, 1)).toBeNull();
  });

  it('removes items and knows where each one is on the PDF', () => {
    const edit = toEditDraft(draft, 'EUR');
    const section = edit.sections[1]!;
    expect(itemLocation(section.items[0]!)).toEqual({ page: 1, bbox: { x: 10, y: 60, width: 200, height: 18 } });
    expect(itemLocation(section.items[1]!)).toBeNull();
    const fewer = removeItem(edit, section.key, section.items[0]!.key);
    expect(fromEditDraft(fewer, 'EUR').draft.sections[1]?.items.map((i) => i.name)).toEqual(['Swordfish']);
    expect(edit.sections[1]?.items).toHaveLength(2); // pure: the original copy is untouched
  });
});

describe('extraction progress', () => {
  it('recovers the page being read from the stored percentage', () => {
    // The job stores floor(done / pages * 100) after each page.
    for (const pages of [1, 2, 3, 7, 49, 50]) {
      for (let done = 0; done < pages; done++) {
        expect(pageInProgress({ pages, progress: Math.floor((done / pages) * 100) })).toBe(done + 1);
      }
    }
    expect(progressText({ status: 'processing', pages: 5, progress: 20 })).toEqual({ key: 'progress.reading', values: { page: 2, pages: 5 } });
    expect(progressText({ status: 'processing', pages: 0, progress: 0 })).toEqual({ key: 'progress.opening' });
    expect(progressText({ status: 'uploaded', pages: 5, progress: 0 })).toEqual({ key: 'progress.waiting' });
    expect(progressText({ status: 'ready', pages: 5, progress: 100 })).toBeNull();
  });

  it('normalises records the server sends', () => {
    expect(toUpload({ id: 'u1', collectionId: 'c', collectionName: 'menu_uploads', status: 'weird', draft: { no: 'sections' }, pages: null })).toMatchObject({
      status: 'uploaded', draft: null, pages: 0, progress: 0, name: '', menu: '', error: '',
    });
  });
});

describe('allergens a dish’s words name', () => {
  it('are pointed out where the menu marks allergens and the dish’s codes leave one out', () => {
    const edit = toEditDraft(draft, 'USD');
    // Two of three dishes carry codes: the menu marks allergens dish by dish.
    expect(marksAllergens(edit)).toBe(true);
    const [oysters, catchOfTheDay, swordfish] = edit.sections.flatMap((s) => s.items);
    expect(allergenWordsUnmarked(oysters!)).toEqual([]);
    expect(allergenWordsUnmarked(swordfish!)).toEqual([]);
    expect(allergenWordsUnmarked(catchOfTheDay!)).toEqual([]);
    // The reviewer's own words count: a description naming butter asks about milk.
    const buttered = updateItem(edit, edit.sections[1]!.key, swordfish!.key, { description: 'Brown butter, capers' });
    expect(allergenWordsUnmarked(buttered.sections[1]!.items[1]!)).toEqual(['milk']);
    // A menu without codes says nothing about any dish.
    const bare = toEditDraft({ ...draft, sections: draft.sections.map((s) => ({ ...s, items: s.items.map((i) => ({ ...i, allergens: [] })) })) }, 'USD');
    expect(marksAllergens(bare)).toBe(false);
  });
});
