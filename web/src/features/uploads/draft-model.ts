import { marksAllergensDishByDish, unmarkedAllergenHints } from '../../../../shared/allergen-hints.ts';
import type { AllergenKey } from '../../../../shared/constants.ts';
import { moneyInputText, parseMoney } from '../../../../shared/money.ts';
import type { DraftBox, DraftItem, MenuDraft } from '../../../../shared/schemas/upload-draft.ts';
import { MESSAGES } from '../../../../shared/schemas/messages.ts';

/**
 * The review screen's editable copy of a draft: prices are typed text (in the organization's
 * currency) until saved as minor units, and every section and item has a stable key for React.
 * Fields the reviewer does not edit (allergens, confidence, page, box) travel along unchanged.
 */

export interface EditPrice { key: string; label: string; amount: string }
export interface EditItem {
  key: string;
  name: string;
  description: string;
  prices: EditPrice[];
  /** Imported without a price: guests read "Price on request". */
  priceOnRequest: boolean;
  /** The extractor's item, for the fields the screen does not edit. */
  source: DraftItem;
}
export interface EditSection { key: string; name: string; description: string; items: EditItem[] }
export interface EditDraft { meta: Omit<MenuDraft, 'sections'>; sections: EditSection[] }

/** Below this confidence a field is named as the reason of an item's flag. */
export const LOW_FIELD_CONFIDENCE = 0.6;

let counter = 0;
export const newKey = (prefix: string) => `${prefix}${++counter}`;

/** The draft as the editor edits it; amounts written as `locale` writes them (shared/money.ts moneyInputText). */
export function toEditDraft(draft: MenuDraft, currency: string, locale?: string): EditDraft {
  const { sections, ...meta } = draft;
  return {
    meta,
    sections: sections.map((s) => ({
      key: newKey('s'),
      name: s.name,
      description: s.description ?? '',
      items: s.items.map((item) => ({
        key: newKey('i'),
        name: item.name,
        description: item.description ?? '',
        // An unpriced item gets an empty row to type the missing price into.
        prices: item.prices.length
          ? item.prices.map((p) => ({ key: newKey('p'), label: p.label ?? '', amount: moneyInputText(p.amount, currency, locale) }))
          : [{ key: newKey('p'), label: '', amount: '' }],
        priceOnRequest: Boolean(item.priceOnRequest && !item.prices.length),
        source: item,
      })),
    })),
  };
}

/**
 * The PDF's currency is not the organization's and the reviewer has not yet said to import the
 * amounts as the organization's (the answer is stored in the draft: see `answerCurrency`).
 */
export function currencyQuestionOpen(edit: EditDraft, currency: string): boolean {
  return Boolean(edit.meta.currency && edit.meta.currency !== currency && edit.meta.importCurrency !== currency);
}

/** The reviewer's answer: import the amounts as `currency` (saved with the draft). */
export function answerCurrency(edit: EditDraft, currency: string): EditDraft {
  return { ...edit, meta: { ...edit.meta, importCurrency: currency } };
}

export function emptyItem(): EditItem {
  return { key: newKey('i'), name: '', description: '', prices: [{ key: newKey('p'), label: '', amount: '' }], priceOnRequest: false, source: { name: '', description: '', prices: [], allergens: [] } };
}

/** What is wrong with one field of the edit copy, keyed `section/item/field` (see `problemKey`). */
export type Problems = Map<string, string>;

export const problemKey = (section: string, item?: string, field?: string) => [section, item, field].filter(Boolean).join('/');

/**
 * The draft to store or import, or the problems that keep it from being valid: empty names,
 * prices that are not amounts. Items without any price are valid drafts (they can be saved) but
 * cannot be imported: see `unpricedItems`.
 */
export function fromEditDraft(edit: EditDraft, currency: string): { draft: MenuDraft; problems: Problems } {
  const problems: Problems = new Map();
  const sections = edit.sections.map((s) => {
    if (!s.name.trim()) problems.set(problemKey(s.key, undefined, 'name'), MESSAGES.sectionNameRequired);
    return {
      name: s.name.trim(),
      ...(s.description.trim() ? { description: s.description.trim() } : {}),
      items: s.items.map((item): DraftItem => {
        if (!item.name.trim()) problems.set(problemKey(s.key, item.key, 'name'), MESSAGES.itemNameRequired);
        // "Price on request" hides the price rows: whatever they hold is not a price.
        const prices = item.priceOnRequest ? [] : item.prices.flatMap((p) => {
          if (!p.amount.trim() && !p.label.trim()) return [];
          const amount = parseMoney(p.amount, currency);
          if (amount === null) {
            problems.set(problemKey(s.key, item.key, p.key), MESSAGES.priceInvalid);
            return [];
          }
          return [{ label: p.label.trim(), amount }];
        });
        const { name: _n, description: _d, prices: _p, flagged, priceOnRequest: _r, ...rest } = item.source;
        const onRequest = item.priceOnRequest;
        // A price added (or "price on request" chosen) by the reviewer settles the "no price" flag.
        return {
          ...rest, name: item.name.trim(), description: item.description.trim(), prices,
          ...(onRequest ? { priceOnRequest: true } : {}),
          // The flag of an item read with a price stays (the extractor was unsure of something else).
          ...(flagged === undefined ? {} : { flagged: item.source.prices.length ? flagged : flagged && prices.length === 0 && !onRequest }),
        };
      }),
    };
  });
  return { draft: { ...edit.meta, sections }, problems };
}

/** Items without a price (the import refuses them), in order. */
export function unpricedItems(edit: EditDraft, currency: string): { section: EditSection; item: EditItem }[] {
  return edit.sections.flatMap((section) => section.items
    .filter((item) => !item.priceOnRequest && !hasPrice(item, currency))
    .map((item) => ({ section, item })));
}

const hasPrice = (item: EditItem, currency: string) => item.prices.some((p) => parseMoney(p.amount, currency) !== null);

export type FlagReason = 'noPrice' | 'name' | 'price' | 'section' | 'allergens' | 'lowConfidence';

/**
 * Why a row deserves a look (`uploads:flag.<reason>`), or null: no price (and not "price on
 * request"), or the extractor flagged it (its calibrated confidence is low); then the least sure
 * field is named when one is clearly unsure.
 */
export function flagReason(item: EditItem, currency: string): FlagReason | null {
  if (!hasPrice(item, currency)) return item.priceOnRequest ? null : 'noPrice';
  if (!item.source.flagged) return null;
  const fields = item.source.fieldConfidence ?? {};
  const weakest = (['price', 'name', 'section', 'allergens'] as const)
    .filter((f) => typeof fields[f] === 'number' && (fields[f] as number) < LOW_FIELD_CONFIDENCE)
    .sort((a, b) => (fields[a] as number) - (fields[b] as number))[0];
  return weakest ?? 'lowConfidence';
}

/** The flagged items in screen order (for jumping from flag to flag). */
export function flaggedItems(edit: EditDraft, currency: string): EditItem[] {
  return edit.sections.flatMap((s) => s.items.filter((item) => flagReason(item, currency) !== null));
}

/**
 * The flag after (`step` 1) or before (-1) the item `fromKey` in screen order, wrapping around;
 * from an unflagged or unknown item, the next flag below (or above) it.
 */
export function nextFlag(edit: EditDraft, currency: string, fromKey: string | null, step: 1 | -1): EditItem | null {
  const all = edit.sections.flatMap((s) => s.items);
  const flagged = new Set(flaggedItems(edit, currency).map((i) => i.key));
  if (!flagged.size) return null;
  const at = fromKey ? all.findIndex((i) => i.key === fromKey) : -1;
  for (let n = 1; n <= all.length; n++) {
    const index = at === -1 ? (step === 1 ? n - 1 : all.length - n) : (at + step * n + all.length * n) % all.length;
    const item = all[index];
    if (item && flagged.has(item.key)) return item;
  }
  return null;
}

export function itemCount(edit: EditDraft): number {
  return edit.sections.reduce((n, s) => n + s.items.length, 0);
}

/** Where an item is on the PDF, when the extractor knows. */
export function itemLocation(item: EditItem): { page: number; bbox: DraftBox | null } | null {
  const page = item.source.page;
  return typeof page === 'number' && page >= 1 ? { page, bbox: item.source.bbox ?? null } : null;
}

/* Edits of the copy: pure, so the editor's callbacks stay stable and the rules are testable. */

type ItemPatch = Partial<Pick<EditItem, 'name' | 'description'>>;

const mapSection = (edit: EditDraft, sectionKey: string, fn: (s: EditSection) => EditSection | null): EditDraft => ({
  ...edit,
  sections: edit.sections.flatMap((s) => {
    if (s.key !== sectionKey) return [s];
    const next = fn(s);
    return next ? [next] : [];
  }),
});

const mapItem = (edit: EditDraft, sectionKey: string, itemKey: string, fn: (i: EditItem) => EditItem | null): EditDraft =>
  mapSection(edit, sectionKey, (s) => ({
    ...s,
    items: s.items.flatMap((i) => {
      if (i.key !== itemKey) return [i];
      const next = fn(i);
      return next ? [next] : [];
    }),
  }));

export const renameSection = (edit: EditDraft, sectionKey: string, name: string) => mapSection(edit, sectionKey, (s) => ({ ...s, name }));
export const removeSection = (edit: EditDraft, sectionKey: string) => mapSection(edit, sectionKey, () => null);
export const addItem = (edit: EditDraft, sectionKey: string, item: EditItem = emptyItem()) => mapSection(edit, sectionKey, (s) => ({ ...s, items: [...s.items, item] }));
export const updateItem = (edit: EditDraft, sectionKey: string, itemKey: string, patch: ItemPatch) => mapItem(edit, sectionKey, itemKey, (i) => ({ ...i, ...patch }));
export const removeItem = (edit: EditDraft, sectionKey: string, itemKey: string) => mapItem(edit, sectionKey, itemKey, () => null);
export const updatePrice = (edit: EditDraft, sectionKey: string, itemKey: string, priceKey: string, patch: Partial<Pick<EditPrice, 'label' | 'amount'>>) =>
  mapItem(edit, sectionKey, itemKey, (i) => ({ ...i, prices: i.prices.map((p) => (p.key === priceKey ? { ...p, ...patch } : p)) }));
export const setPriceOnRequest = (edit: EditDraft, sectionKey: string, itemKey: string, priceOnRequest: boolean) =>
  mapItem(edit, sectionKey, itemKey, (i) => ({ ...i, priceOnRequest }));
export const addPrice = (edit: EditDraft, sectionKey: string, itemKey: string) =>
  mapItem(edit, sectionKey, itemKey, (i) => ({ ...i, prices: [...i.prices, { key: newKey('p'), label: '', amount: '' }] }));
export const removePrice = (edit: EditDraft, sectionKey: string, itemKey: string, priceKey: string) =>
  mapItem(edit, sectionKey, itemKey, (i) => ({ ...i, prices: i.prices.filter((p) => p.key !== priceKey) }));

/** Whether the menu marks allergens dish by dish (shared/allergen-hints.ts has the rule). */
export function marksAllergens(edit: EditDraft): boolean {
  const items = edit.sections.flatMap((s) => s.items);
  return items.length > 0 && marksAllergensDishByDish(items.filter((i) => i.source.allergens.length > 0).length / items.length);
}

/**
 * Allergens the dish's words name that its codes, as read, leave out ("Hake" marked eggs, not
 * fish: a code misread or lost): a question for the reviewer, who checks the printed menu.
 */
export function allergenWordsUnmarked(item: EditItem): AllergenKey[] {
  return unmarkedAllergenHints(`${item.name} ${item.description}`, item.source.allergens);
}
