import { z } from 'zod';
import { energyOf, KJ_PER_KCAL, MACROS, zNutrition, type Macro, type Nutrition } from '../../../../shared/nutrition.ts';

/**
 * The item editor's nutrition fields: typed text (a comma is a decimal point too) checked by the
 * shared zod schema (shared/nutrition.ts), so the editor refuses exactly what the server refuses.
 * Staff enter kcal; kJ is shown derived. The energy as stored travels along unseen
 * (`storedKcal`, `storedKj`): while the kcal shown is not changed, saving keeps it exactly as it
 * was entered (an item given in kJ only keeps its kJ, not a kcal rounded from it); a changed kcal
 * is stored alone.
 */
export type NutritionFormValues = { kcal: string; portion: string; storedKcal: string; storedKj: string } & Record<Macro, string>;

const FIELDS = ['kcal', 'portion', ...MACROS] as const;

/** A typed number ('' → null; not a number → NaN, which the schema refuses). */
export function readNumber(text: string): number | null {
  const v = text.trim().replace(',', '.');
  if (v === '') return null;
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
}

export function nutritionFormValues(n: Nutrition | null | undefined): NutritionFormValues {
  const energy = energyOf(n);
  const text = (v: number | undefined) => (v === undefined ? '' : String(v));
  return {
    kcal: energy ? String(energy.kcal) : '',
    portion: n?.portion ?? '',
    storedKcal: text(n?.kcal),
    storedKj: text(n?.kj),
    fat: text(n?.fat),
    saturates: text(n?.saturates),
    carbs: text(n?.carbs),
    sugars: text(n?.sugars),
    protein: text(n?.protein),
    salt: text(n?.salt),
  };
}

/** The energy as stored, when the kcal field still shows it unchanged; else null. */
function unchangedEnergy(values: NutritionFormValues): Nutrition | null {
  const stored: Nutrition = {};
  const kcal = readNumber(values.storedKcal ?? '');
  const kj = readNumber(values.storedKj ?? '');
  if (kcal !== null && !Number.isNaN(kcal)) stored.kcal = kcal;
  if (kj !== null && !Number.isNaN(kj)) stored.kj = kj;
  const shown = energyOf(stored);
  return shown && readNumber(values.kcal) === shown.kcal ? stored : null;
}

/** What the record stores: only the given values, null when nothing is. */
export function nutritionBody(values: NutritionFormValues): Nutrition | null {
  const out: Record<string, number | string> = {};
  for (const key of FIELDS) {
    if (key === 'portion') {
      if (values.portion.trim()) out.portion = values.portion.trim();
      continue;
    }
    if (key === 'kcal') {
      const stored = unchangedEnergy(values);
      if (stored) {
        Object.assign(out, stored);
        continue;
      }
    }
    const n = readNumber(values[key]);
    if (n !== null && !Number.isNaN(n)) out[key] = n;
  }
  return Object.keys(out).length ? (out as Nutrition) : null;
}

/** kJ of the typed kcal, shown beside it (null while there is no valid number). */
export function derivedKj(kcalText: string): number | null {
  const kcal = readNumber(kcalText);
  return kcal === null || Number.isNaN(kcal) || kcal < 0 ? null : Math.round(kcal * KJ_PER_KCAL);
}

/** The kJ shown beside the kcal field: as stored while the kcal is unchanged, else derived from it. */
export function shownKj(values: NutritionFormValues): number | null {
  return unchangedEnergy(values)?.kj ?? derivedKj(values.kcal);
}

const text = z.string();

/**
 * The nutrition part of the item form: every field a string, checked as the numbers it holds
 * with the shared schema; each problem lands on its field.
 */
export const nutritionFormSchema = z
  .object({
    kcal: text,
    portion: text,
    storedKcal: text,
    storedKj: text,
    fat: text,
    saturates: text,
    carbs: text,
    sugars: text,
    protein: text,
    salt: text,
  })
  .superRefine((values, ctx) => {
    const numbers: Record<string, number | string | null> = {};
    for (const key of FIELDS) {
      if (key === 'portion') {
        numbers.portion = values.portion.trim() || null;
        continue;
      }
      const n = readNumber(values[key]);
      if (Number.isNaN(n)) ctx.addIssue({ code: 'custom', path: [key], message: 'menus:validation.number' });
      numbers[key] = Number.isNaN(n) ? null : n;
    }
    const parsed = zNutrition.safeParse(numbers);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as string[], message: issue.message });
  });
