import { z } from 'zod';

/**
 * Option groups ("Extras", "Side: fries or salad"): the rules every surface shares — how many
 * choices a group asks for, and which allergens an item's options force on a guest.
 */

/** The most options a group may have and the most groups an item may have. */
export const MAX_OPTIONS_PER_GROUP = 50;
export const MAX_GROUPS_PER_ITEM = 10;

/** A group's choice rule: `minChoices` ≥ 1 makes it required; `maxChoices` 0 means "as many as you like". */
export const zChoiceRule = z
  .object({
    minChoices: z.number().int().min(0, 'At least 0').max(MAX_OPTIONS_PER_GROUP),
    maxChoices: z.number().int().min(0, 'At least 0 (0 = no limit)').max(MAX_OPTIONS_PER_GROUP),
  })
  .refine((g) => g.maxChoices === 0 || g.maxChoices >= g.minChoices, {
    message: 'The most choices cannot be fewer than the fewest',
    path: ['maxChoices'],
  });
export type ChoiceRule = z.infer<typeof zChoiceRule>;

export const isRequired = (g: ChoiceRule): boolean => g.minChoices > 0;

/** How a group's rule reads: none (optional extras), exactly n, up to n, at least n, or a range. */
export type ChoiceKind =
  | { kind: 'any' }
  | { kind: 'exactly'; n: number }
  | { kind: 'upTo'; n: number }
  | { kind: 'atLeast'; n: number }
  | { kind: 'range'; min: number; max: number };

export function choiceKind({ minChoices: min, maxChoices: max }: ChoiceRule): ChoiceKind {
  if (min === 0) return max === 0 ? { kind: 'any' } : { kind: 'upTo', n: max };
  if (max === 0) return { kind: 'atLeast', n: min };
  return min === max ? { kind: 'exactly', n: min } : { kind: 'range', min, max };
}

/** What the allergen rule needs of a group: its choice rule and each option's allergens. */
export interface AllergenGroup extends ChoiceRule {
  options: readonly { allergens: readonly string[] }[];
}

/**
 * The allergens a guest cannot avoid when ordering the item: the item's own, and those of a
 * required group that has fewer options without the allergen than the guest must choose (with
 * "choose 1" that is: every option has it). An optional extra with milk only marks that extra;
 * it never hides the dish from a guest filtering out milk. A required group without options
 * forces nothing (there is nothing to know about it); one with fewer options than it asks for
 * takes them all.
 */
export function unavoidableAllergens(own: readonly string[], groups: readonly AllergenGroup[]): string[] {
  const out = new Set(own);
  for (const g of groups) {
    if (!isRequired(g) || g.options.length === 0) continue;
    const candidates = new Set(g.options.flatMap((o) => o.allergens));
    for (const allergen of candidates) {
      const without = g.options.filter((o) => !o.allergens.includes(allergen)).length;
      if (without < g.minChoices) out.add(allergen);
    }
  }
  return [...out];
}
