import { z } from 'zod';
import { ALLERGEN_KEYS } from '../../../shared/constants.ts';

/**
 * The draft as clients may store (PATCH `draft`) and import it: the extractor's output with
 * every field a reviewer edits checked; confidence, flags and boxes stay optional.
 */
const zAllergens = z.array(z.enum(ALLERGEN_KEYS as [string, ...string[]])).max(14);

export const zDraftPrice = z.object({
  label: z.string().trim().max(50).default(''),
  amount: z.number().int('Prices are whole minor units (cents)').min(0).max(100_000_000),
});

export const zDraftItem = z.object({
  name: z.string().trim().min(1, 'Item name is required').max(200),
  description: z.string().trim().max(2000).default(''),
  prices: z.array(zDraftPrice).max(10),
  allergens: zAllergens.default([]),
  mayContain: zAllergens.optional(),
  confidence: z.number().min(0).max(1).optional(),
  flagged: z.boolean().optional(),
  page: z.number().int().min(1).optional(),
  bbox: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable().optional(),
});

export const zDraftSection = z.object({
  name: z.string().trim().min(1, 'Section name is required').max(200),
  description: z.string().trim().max(2000).optional(),
  items: z.array(zDraftItem).max(500),
});

export const zMenuDraft = z.object({
  version: z.literal(1).optional(),
  title: z.string().max(200).optional(),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  pages: z.number().int().min(0).optional(),
  pageSizes: z.array(z.object({ width: z.number(), height: z.number() })).max(1000).optional(),
  sections: z.array(zDraftSection).max(200),
}).refine((d) => d.sections.reduce((n, s) => n + s.items.length, 0) <= 3000, 'A draft can hold at most 3000 items');

export type ImportDraft = z.infer<typeof zMenuDraft>;

/** The first problem of an invalid draft, with where it is ("sections.2.items.0.name: …"). */
export function draftProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid draft.';
  const where = issue.path.join('.');
  return where ? `Invalid draft at ${where}: ${issue.message}` : `Invalid draft: ${issue.message}`;
}
