import { z } from 'zod';
import { zTranslationsInput as zTranslations } from './translations.ts';
import { unavoidableAllergens } from './option-groups.ts';

/**
 * Set menus ("Menu del día 14.90: starter, main, dessert"): an item of kind `set` whose one fixed
 * price is `prices[0]` (exactly one price: a set is sold at one price, its courses add nothing)
 * and whose ordered courses each offer a choice among dishes of the same menu, or a free text
 * ("Coffee or tea"). The rules every surface shares live here: the kinds, the limits, the
 * course record and the allergens a guest cannot avoid in a set.
 */

export const ITEM_KINDS = ['dish', 'set'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** An item's kind as stored: '' (older rows, or not sent) is a dish. */
export const itemKindOf = (kind: unknown): ItemKind => (kind === 'set' ? 'set' : 'dish');

/** The most courses a set has, and the most dishes a course offers. */
export const MAX_COURSES_PER_SET = 10;
export const MAX_CHOICES_PER_COURSE = 30;

export const zCourseName = z.string().trim().max(100, 'A course name has at most 100 characters');

/**
 * The writable texts of a course: a name ("Starter"), or a free text ("Coffee or tea"), or both;
 * a course with neither and no choices says nothing to a guest. (Choices are checked by the
 * server against the set's menu: `validation_missing_rel_records` for unknown ids.)
 */
export const zSetCourseRecord = z
  .object({
    name: zCourseName,
    description: z.string().max(500, 'A course text has at most 500 characters'),
    choices: z.array(z.string()).max(MAX_CHOICES_PER_COURSE, `A course offers at most ${MAX_CHOICES_PER_COURSE} dishes`),
    translations: zTranslations.nullable(),
  })
  .refine((c) => c.name.trim() !== '' || c.description.trim() !== '' || c.choices.length > 0, {
    message: 'Give the course a name, a text or dishes to choose from',
    path: ['name'],
  });

/** What the allergen rule needs of a course: each of its choices' unavoidable allergens. */
export interface AllergenCourse {
  choices: readonly { allergens: readonly string[] }[];
}

/**
 * The allergens a guest cannot avoid when ordering the set: the set's own, and for each course
 * with choices those every choice contains (the guest must choose one dish of every course, so a
 * course is a required "choose 1" group; the rule is `unavoidableAllergens`'). A course that is
 * free text, or has no choices, forces nothing. `choices[].allergens` are the dishes' own
 * unavoidable ones (a choice's required options count).
 */
export function setUnavoidableAllergens(own: readonly string[], courses: readonly AllergenCourse[]): string[] {
  return unavoidableAllergens(
    own,
    courses.map((c) => ({ minChoices: 1, maxChoices: 1, options: c.choices })),
  );
}
