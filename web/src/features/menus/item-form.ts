import { z } from 'zod';
import { moneyInputText, parseMoney } from '../../../../shared/money.ts';
import { dateToZonedInput, zonedInputToDate } from '../../../../shared/schedule.ts';
import { NAME_MAX, zItemName } from '../../../../shared/schemas/menus.ts';
import { MESSAGES } from '../../../../shared/schemas/messages.ts';
import { MAX_GROUPS_PER_ITEM } from '../../../../shared/option-groups.ts';
import { ITEM_KINDS, type ItemKind } from '../../../../shared/set-menus.ts';
import type { Item } from './types.ts';
import { nutritionBody, nutritionFormSchema, nutritionFormValues, type NutritionFormValues } from './nutrition-form.ts';
import { dietClashMessage } from './option-form.ts';

export const ITEM_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const ITEM_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The item editor's fields; prices are typed text until saved as minor units. */
export interface ItemFormValues {
  /** A dish, or a set menu: exactly one price, its fixed price (shared/set-menus.ts). */
  kind: ItemKind;
  name: string;
  description: string;
  prices: { label: string; amount: string }[];
  /** A new photo, null to remove the current one, undefined to keep it. */
  image: File | null | undefined;
  tags: string[];
  allergens: string[];
  mayContain: string[];
  available: boolean;
  /** No amount: guests read "Price on request"; the price rows are then empty. */
  priceOnRequest: boolean;
  /** `<input type="datetime-local">` text in the venue's time zone, '' for "until switched back". */
  soldOutUntil: string;
  /** The item's option groups in order (shared by the organization; edited in their own dialog). */
  optionGroups: string[];
  diets: string[];
  nutrition: NutritionFormValues;
}

/**
 * The editor's rules; amounts are read in `currency`, "sold out until" in `timeZone`. Messages are
 * `menus:validation.*` keys or the shared English texts, translated for display by `errorText`.
 */
export function itemFormSchema(currency: string, timeZone: string) {
  return z
    .object({
      kind: z.enum(ITEM_KINDS),
      name: zItemName.max(NAME_MAX, MESSAGES.nameUnder200),
      description: z.string().max(2000, 'menus:validation.descriptionTooLong'),
      prices: z
        .array(
          z.object({
            label: z.string().max(50, 'menus:validation.labelTooLong'),
            amount: z.string().refine((v) => parseMoney(v, currency) !== null, MESSAGES.priceInvalid),
          }),
        )
        .max(10, 'menus:validation.tooManyPrices')
        .superRefine((rows, ctx) => {
          if (rows.length < 2) return;
          rows.forEach((row, i) => {
            if (!row.label.trim()) ctx.addIssue({ code: 'custom', path: [i, 'label'], message: 'menus:validation.nameEachPrice' });
          });
        }),
      image: z
        .custom<File | null | undefined>((v) => v === undefined || v === null || v instanceof File)
        .refine((f) => !f || ITEM_IMAGE_TYPES.includes(f.type), 'menus:validation.imageType')
        .refine((f) => !f || f.size <= ITEM_IMAGE_MAX_BYTES, 'menus:validation.imageSize'),
      tags: z.array(z.string()).max(20, 'menus:validation.tooManyTags'),
      allergens: z.array(z.string()),
      mayContain: z.array(z.string()),
      available: z.boolean(),
      priceOnRequest: z.boolean(),
      soldOutUntil: z.string(),
      optionGroups: z.array(z.string()).max(MAX_GROUPS_PER_ITEM, 'menus:validation.tooManyGroups'),
      diets: z.array(z.string()),
      nutrition: nutritionFormSchema,
    })
    .superRefine((v, ctx) => {
      const clash = dietClashMessage(v.diets, v.allergens);
      if (clash) ctx.addIssue({ code: 'custom', path: ['diets'], message: clash });
      if (!v.priceOnRequest && v.prices.length === 0) ctx.addIssue({ code: 'custom', path: ['prices'], message: MESSAGES.priceRequired });
      if (v.kind === 'set' && v.prices.length !== 1)
        ctx.addIssue({ code: 'custom', path: ['prices'], message: 'menus:validation.setOnePrice' });
      if (v.available || !v.soldOutUntil) return;
      const until = zonedInputToDate(v.soldOutUntil, timeZone);
      if (!until) ctx.addIssue({ code: 'custom', path: ['soldOutUntil'], message: 'menus:validation.enterDateTime' });
      else if (until.getTime() <= Date.now())
        ctx.addIssue({ code: 'custom', path: ['soldOutUntil'], message: 'menus:validation.futureTime' });
    });
}

/**
 * Editor values for an item (or a new one). Translations are not among them: they are edited in
 * the menu's translation view, the one place for every text of every language, and an item save
 * leaves them alone (the server marks them outdated when a source text changed).
 */
export function itemFormValues(item: Item | null, currency: string, timeZone: string, locale?: string): ItemFormValues {
  const until = item?.soldOutUntil ? new Date(item.soldOutUntil.replace(' ', 'T')) : null;
  return {
    kind: item?.kind ?? 'dish',
    name: item?.name ?? '',
    description: item?.description ?? '',
    prices: item?.prices.length
      ? item.prices.map((p) => ({ label: p.label ?? '', amount: moneyInputText(p.amount, currency, locale) }))
      : item?.priceOnRequest
        ? []
        : [{ label: '', amount: '' }],
    priceOnRequest: item?.priceOnRequest ?? false,
    image: undefined,
    tags: item?.tags ?? [],
    allergens: item?.allergens ?? [],
    mayContain: item?.mayContain ?? [],
    available: item ? item.available : true,
    soldOutUntil: item && !item.available ? dateToZonedInput(until, timeZone) : '',
    optionGroups: item?.optionGroups ?? [],
    diets: item?.diets ?? [],
    nutrition: nutritionFormValues(item?.nutrition),
  };
}

/** What a remote save changed, compared without the local-only photo choice. */
export function itemFingerprint(item: Item | null | undefined, currency: string, timeZone: string, locale?: string): string {
  if (!item) return '';
  const { image: _image, ...values } = itemFormValues(item, currency, timeZone, locale);
  return JSON.stringify({ ...values, photo: item.image });
}

/** The record body for create/update (a File makes the SDK send multipart). */
export function itemBody(values: ItemFormValues, currency: string, timeZone: string): Record<string, unknown> {
  const until = !values.available && values.soldOutUntil ? zonedInputToDate(values.soldOutUntil, timeZone) : null;
  const body: Record<string, unknown> = {
    kind: values.kind,
    name: values.name.trim(),
    description: values.description.trim(),
    prices: values.prices.map((p) => ({ label: p.label.trim(), amount: parseMoney(p.amount, currency) ?? 0 })),
    priceOnRequest: values.kind !== 'set' && values.priceOnRequest,
    tags: values.tags,
    allergens: values.allergens,
    mayContain: values.mayContain.filter((a) => !values.allergens.includes(a)),
    available: values.available,
    soldOutUntil: until ? until.toISOString() : '',
    optionGroups: values.optionGroups,
    diets: values.diets,
    nutrition: nutritionBody(values.nutrition),
  };
  if (values.image instanceof File) body.image = values.image;
  else if (values.image === null) body.image = null;
  return body;
}
