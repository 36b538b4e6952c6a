import type { AllergenKey } from './constants.ts';

/**
 * The fixed taxonomy of dietary labels on items and options (issue 20, item 3). Organization tags
 * stay for everything else; these are the labels guests can rely on: each has a translated name
 * in every guest chrome language (shared/i18n/guest/<lang>.ts `diets`), an icon on the guest page,
 * and, where schema.org has one, a RestrictedDiet value for the JSON-LD `suitableForDiet`.
 *
 * - `filter`: guests can ask for "only these" (a diet); the other labels (alcohol, spice, new,
 *   chef's pick) describe a dish but nobody filters a menu down to them.
 * - `schema`: the schema.org RestrictedDiet member (https://schema.org/RestrictedDiet).
 * - `excludes`: allergens a dish with this label cannot contain; a write that says both is refused.
 */
export const DIETS = [
  { key: 'vegan', filter: true, schema: 'VeganDiet', excludes: ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'] },
  { key: 'vegetarian', filter: true, schema: 'VegetarianDiet', excludes: ['fish', 'crustaceans', 'molluscs'] },
  { key: 'pescatarian', filter: true, schema: null, excludes: [] },
  { key: 'halal', filter: true, schema: 'HalalDiet', excludes: [] },
  { key: 'kosher', filter: true, schema: 'KosherDiet', excludes: [] },
  { key: 'gluten-free', filter: true, schema: 'GlutenFreeDiet', excludes: [] },
  // Lactose-free milk products still contain the allergen milk, so milk is not excluded.
  { key: 'lactose-free', filter: true, schema: 'LowLactoseDiet', excludes: [] },
  { key: 'alcohol', filter: false, schema: null, excludes: [] },
  { key: 'spicy-1', filter: false, schema: null, excludes: [] },
  { key: 'spicy-2', filter: false, schema: null, excludes: [] },
  { key: 'spicy-3', filter: false, schema: null, excludes: [] },
  { key: 'new', filter: false, schema: null, excludes: [] },
  { key: 'chefs-pick', filter: false, schema: null, excludes: [] },
] as const satisfies readonly { key: string; filter: boolean; schema: string | null; excludes: readonly AllergenKey[] }[];

export type DietKey = (typeof DIETS)[number]['key'];
export const DIET_KEYS: DietKey[] = DIETS.map((d) => d.key);
/** The labels guests can filter by ("show only vegan"). */
export const FILTER_DIET_KEYS: DietKey[] = DIETS.filter((d) => d.filter).map((d) => d.key);

const SPICY: readonly DietKey[] = ['spicy-1', 'spicy-2', 'spicy-3'];

/**
 * What a label implies: a vegan dish is also vegetarian, and a vegetarian one pescatarian (a
 * pescatarian eats vegetarian food too). A guest asking for "vegetarian only" must see the vegan
 * dishes, and the JSON-LD of a vegan dish also says VegetarianDiet.
 */
const IMPLIES: Partial<Record<DietKey, DietKey>> = { vegan: 'vegetarian', vegetarian: 'pescatarian' };

export const isDietKey = (value: string): value is DietKey => (DIET_KEYS as string[]).includes(value);

/** The labels of a dish with everything they imply, in taxonomy order (unknown keys are dropped). */
export function expandDiets(diets: readonly string[]): DietKey[] {
  const out = new Set<DietKey>();
  for (const d of diets) {
    let key: DietKey | undefined = isDietKey(d) ? d : undefined;
    while (key && !out.has(key)) {
      out.add(key);
      key = IMPLIES[key];
    }
  }
  return DIET_KEYS.filter((k) => out.has(k));
}

/** Why a set of labels cannot describe a dish: two spice levels, or a label against a contained allergen. */
export type DietClash = { kind: 'spice' } | { kind: 'allergen'; diet: DietKey; allergen: AllergenKey };

/**
 * The first clash of a dish's labels with each other or its allergens, or null: at most one spice
 * level, and no label that excludes an allergen the dish contains ("vegan" with milk). The staff
 * app shows it in the user's language as they tick; `dietConflict` is the server's English text.
 */
export function dietClash(diets: readonly string[], allergens: readonly string[]): DietClash | null {
  if (diets.filter((d) => SPICY.includes(d as DietKey)).length > 1) return { kind: 'spice' };
  for (const diet of DIETS) {
    if (!diets.includes(diet.key)) continue;
    const clash = (diet.excludes as readonly AllergenKey[]).find((a) => allergens.includes(a));
    if (clash) return { kind: 'allergen', diet: diet.key, allergen: clash };
  }
  return null;
}

/** The clash as the server words it (the API's field error), or null when the labels fit. */
export function dietConflict(diets: readonly string[], allergens: readonly string[]): string | null {
  const clash = dietClash(diets, allergens);
  if (!clash) return null;
  return clash.kind === 'spice' ? 'Choose one spice level' : `A ${clash.diet} dish cannot contain ${clash.allergen}`;
}

/** The schema.org `suitableForDiet` values of a dish's labels (implied ones included). */
export function suitableForDiet(diets: readonly string[]): string[] {
  return expandDiets(diets).flatMap((key) => {
    const schema = DIETS.find((d) => d.key === key)?.schema;
    return schema ? [`https://schema.org/${schema}`] : [];
  });
}

/**
 * Whether a dish passes a guest's include filter: it carries every asked-for label (implied ones
 * count). Asking for "vegan" and "gluten-free" means both, as a vegan coeliac needs.
 */
export function matchesDiets(diets: readonly string[], wanted: readonly string[]): boolean {
  if (!wanted.length) return true;
  const has = expandDiets(diets);
  return wanted.every((w) => (has as string[]).includes(w));
}
