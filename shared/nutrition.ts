import { z } from 'zod';

/**
 * Nutrition of an item (issue 20, item 4), per portion: energy in kcal and kJ, a portion label
 * ("350 g", "per slice"; translatable like every guest text) and optional macronutrients in grams.
 *
 * Energy: what the venue entered is stored as entered. When only one of kcal and kJ is given, the
 * other is derived where it is shown (`energyOf`, 1 kcal = 4.184 kJ, the conversion factor of
 * Regulation (EU) No 1169/2011, Annex XIV), never stored, so a later edit of the one value can
 * never leave a stale copy of the other. When both are given they must agree within 5 %: that
 * catches kcal and kJ typed into each other's field, the common mistake.
 */

export const KJ_PER_KCAL = 4.184;
export const NUTRITION_DISPLAYS = ['off', 'kcal', 'full'] as const;
export type NutritionDisplay = (typeof NUTRITION_DISPLAYS)[number];
/** A venue that never chose shows kcal where its items have them (the UK's out-of-home rule asks for kcal). */
export const DEFAULT_NUTRITION_DISPLAY: NutritionDisplay = 'kcal';

/** The macronutrients, in the order of the EU nutrition declaration. */
export const MACROS = ['fat', 'saturates', 'carbs', 'sugars', 'protein', 'salt'] as const;
export type Macro = (typeof MACROS)[number];

const grams = z
  .number('Must be a number of grams')
  .min(0, 'Cannot be negative')
  .max(5000, 'At most 5000 g')
  .refine((n) => Number.isInteger(n * 100) || Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'At most two decimals')
  .nullish();

export const zNutrition = z
  .object({
    kcal: z.number().int('Whole kcal').min(0, 'Cannot be negative').max(20000, 'At most 20000 kcal').nullish(),
    kj: z.number().int('Whole kJ').min(0, 'Cannot be negative').max(84000, 'At most 84000 kJ').nullish(),
    portion: z.string().trim().max(50, 'At most 50 characters').nullish(),
    fat: grams,
    saturates: grams,
    carbs: grams,
    sugars: grams,
    protein: grams,
    salt: grams,
  })
  .strict()
  .superRefine((n, ctx) => {
    if (n.kcal != null && n.kj != null && !energyAgrees(n.kcal, n.kj))
      ctx.addIssue({ code: 'custom', path: ['kj'], message: `kcal and kJ do not match (1 kcal = ${KJ_PER_KCAL} kJ)` });
    if (n.saturates != null && n.fat != null && n.saturates > n.fat)
      ctx.addIssue({ code: 'custom', path: ['saturates'], message: 'Saturates are part of the fat: at most the fat' });
    if (n.sugars != null && n.carbs != null && n.sugars > n.carbs)
      ctx.addIssue({ code: 'custom', path: ['sugars'], message: 'Sugars are part of the carbohydrate: at most the carbohydrate' });
  });
export type NutritionInput = z.input<typeof zNutrition>;

/** Stored nutrition: only the values that were given (nulls and empty labels dropped). */
export interface Nutrition {
  kcal?: number;
  kj?: number;
  portion?: string;
  fat?: number;
  saturates?: number;
  carbs?: number;
  sugars?: number;
  protein?: number;
  salt?: number;
}

function energyAgrees(kcal: number, kj: number): boolean {
  const expected = kcal * KJ_PER_KCAL;
  return Math.abs(kj - expected) <= Math.max(2, expected * 0.05);
}

/** A parsed nutrition value without its empty parts; null when nothing is left. */
export function compactNutrition(n: z.output<typeof zNutrition> | null | undefined): Nutrition | null {
  if (!n) return null;
  const out: Record<string, number | string> = {};
  for (const [key, value] of Object.entries(n)) if (value !== null && value !== undefined && value !== '') out[key] = value;
  return Object.keys(out).length ? (out as Nutrition) : null;
}

/** Stored nutrition read leniently (the guest page never throws on old or odd data). */
export function readNutrition(value: unknown): Nutrition | null {
  const parsed = zNutrition.safeParse(value);
  return parsed.success ? compactNutrition(parsed.data) : null;
}

/** kcal and kJ of an item, the missing one derived (rounded to whole units); null without energy. */
export function energyOf(n: Nutrition | null | undefined): { kcal: number; kj: number } | null {
  if (!n || (n.kcal === undefined && n.kj === undefined)) return null;
  const kcal = n.kcal ?? Math.round((n.kj as number) / KJ_PER_KCAL);
  const kj = n.kj ?? Math.round(kcal * KJ_PER_KCAL);
  return { kcal, kj };
}

/** The venue setting read leniently: anything unknown (or never set) is the default. */
export function nutritionDisplayOf(value: unknown): NutritionDisplay {
  return (NUTRITION_DISPLAYS as readonly unknown[]).includes(value) ? (value as NutritionDisplay) : DEFAULT_NUTRITION_DISPLAY;
}
