import type { CollectionDef } from '../../core/collections.ts';
import { MAX_CHOICES_PER_COURSE } from '../../../shared/set-menus.ts';
import { readRule, staffOr, writeRule } from '../rules.ts';

const ORG = 'item.section.menu.organization';

/**
 * A course of a set menu (issue 20, item 2): "Starter", a choice among dishes of the set's own
 * menu (references, so sold-out marks and allergens flow through), or a free text ("Coffee or
 * tea"). Belongs to an item of kind `set` and goes with it; a course stays with its set (the
 * item cannot change). Deleting a dish removes it from every course's choices (the engine's
 * relation clean-up), so no course points at a dish that is gone.
 */
export const setCoursesCollection: CollectionDef = {
  name: 'set_courses',
  fields: [
    { name: 'item', type: 'relation', collection: 'items', required: true, cascadeDelete: true },
    { name: 'name', type: 'text', max: 100 },
    /** Free text shown under the name, or instead of choices ("Coffee or tea", "Bread and water included"). */
    { name: 'description', type: 'text', max: 500 },
    /** Dishes of the set's menu a guest chooses one of, in the order shown (never sets). */
    { name: 'choices', type: 'relation', collection: 'items', maxSelect: MAX_CHOICES_PER_COURSE },
    { name: 'position', type: 'number', onlyInt: true, min: 0 },
    /** The name and description in other languages (shared/translations.ts). */
    { name: 'translations', type: 'json', maxSize: 20000 },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  // Floor staff read the organization's courses (what a set item offers; limiting them to the
  // venues' menus costs more joins than a rule may), and write none.
  listRule: staffOr(readRule(ORG), ORG, '@collection.memberships.role ?= "staff"'),
  viewRule: staffOr(readRule(ORG), ORG, '@collection.memberships.role ?= "staff"'),
  createRule: writeRule(ORG),
  updateRule: `${writeRule(ORG)} && (@request.body.item:isset = false || @request.body.item = item)`,
  deleteRule: writeRule(ORG),
  indexes: [{ columns: ['item', 'position'] }],
};
