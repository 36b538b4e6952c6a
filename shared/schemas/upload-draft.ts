import { z } from 'zod';
import { ALLERGEN_KEYS } from '../constants.ts';
import { DIET_KEYS } from '../diets.ts';
import { zPriceVariant } from './domain.ts';
import { NAME_MAX, zItemName, zSectionName } from './menus.ts';

/**
 * The draft of an uploaded PDF menu, the one definition: what the extractor writes, what the
 * review screen edits and stores (PATCH `draft`) and what the import accepts. Every field a
 * reviewer edits is checked; confidence, flags and boxes stay optional.
 */
const zUnit = z.number().min(0).max(1);
const zAllergens = z.array(z.enum(ALLERGEN_KEYS as [string, ...string[]])).max(14);

export const zDraftPrice = zPriceVariant.extend({ label: zPriceVariant.shape.label.default('') });

/** Where an item is printed: top-left origin, PDF points at scale 1 (as a pdfjs viewport draws). */
export const zDraftBox = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const zDraftItem = z.object({
  name: zItemName.max(NAME_MAX),
  description: z.string().trim().max(2000).default(''),
  /** Amounts in minor units; empty when no price was detected (then `flagged`). Never invented. */
  prices: z.array(zDraftPrice).max(10),
  /** EU-14 allergen keys. */
  allergens: zAllergens.default([]),
  mayContain: zAllergens.optional(),
  /** Dietary labels (shared/diets.ts) read from markers such as V, VG, GF. */
  diets: z
    .array(z.enum(DIET_KEYS as [string, ...string[]]))
    .max(DIET_KEYS.length)
    .optional(),
  /** 0–1: how sure the extractor is about this item (calibrated on the menu corpus: see extract/confidence.ts). */
  confidence: z.number().min(0).max(1).optional(),
  /** 0–1 per field: the name is an item of the menu, its prices, its section, its allergens are right. */
  fieldConfidence: z.object({ name: zUnit, price: zUnit, section: zUnit, allergens: zUnit }).partial().optional(),
  /** No price on purpose: guests read "Price on request" (market price, set-menu courses). */
  priceOnRequest: z.boolean().optional(),
  /** Needs a look: no price, or low confidence. */
  flagged: z.boolean().optional(),
  page: z.number().int().min(1).optional(),
  bbox: zDraftBox.nullable().optional(),
});

export const zDraftSection = z.object({
  name: zSectionName.max(NAME_MAX),
  description: z.string().trim().max(2000).optional(),
  items: z.array(zDraftItem).max(500),
});

export const zMenuDraft = z
  .object({
    version: z.literal(1).optional(),
    /** The menu's printed title, when one was recognised (a name suggestion). */
    title: z.string().max(200).optional(),
    /** ISO code when the prices name a currency (€, $, £, CHF …). */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    /** The currency sign or code as printed ("£", "CHF", "kr"), when `currency` was read from it. */
    currencySign: z.string().max(8).optional(),
    /**
     * The reviewer's answer when `currency` is not the organization's: the amounts are imported as
     * this currency (the organization's at the time). Kept with the draft so a reload does not ask
     * again; asked again when the organization's currency has changed since.
     */
    importCurrency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    /** How the PDF writes amounts: "12,50" (comma) or "12.50" (point). */
    decimal: z.enum(['comma', 'point']).optional(),
    /** The menu's language (a guest language code), when its words clearly tell. */
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .optional(),
    pages: z.number().int().min(0).optional(),
    /** Page sizes in points, for drawing item boxes over the rendered pages. */
    pageSizes: z
      .array(z.object({ width: z.number(), height: z.number() }))
      .max(1000)
      .optional(),
    sections: z.array(zDraftSection).max(200),
  })
  .refine((d) => d.sections.reduce((n, s) => n + s.items.length, 0) <= 3000, 'A draft can hold at most 3000 items');

export type DraftPrice = z.output<typeof zDraftPrice>;
export type DraftBox = z.output<typeof zDraftBox>;
export type DraftItem = z.output<typeof zDraftItem>;
export type DraftSection = z.output<typeof zDraftSection>;
/** A valid draft (after defaults): what the review screen edits and the import reads. */
export type MenuDraft = z.output<typeof zMenuDraft>;

/** The first problem of an invalid draft, with where it is ("sections.2.items.0.name: …"). */
export function draftProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid draft.';
  const where = issue.path.join('.');
  return where ? `Invalid draft at ${where}: ${issue.message}` : `Invalid draft: ${issue.message}`;
}
