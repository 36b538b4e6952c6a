import type { CollectionDef } from '../../core/collections.ts';
import { ALLERGEN_KEYS } from '../../../shared/constants.ts';
import { DIET_KEYS } from '../../../shared/diets.ts';
import { MAX_OPTIONS_PER_GROUP } from '../../../shared/option-groups.ts';
import { readRule, staffOr, tenantRules, updateRule, writeRule } from '../rules.ts';

const timestamps = [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
] as const;

/**
 * Option groups ("Extras", "Side"): owned by an organization and shared by any of its items
 * (`items.optionGroups`), so one "Extras" group serves every pizza. `minChoices` ≥ 1 makes the
 * group required; `maxChoices` 0 means no limit (shared/option-groups.ts).
 */
export const optionGroupsCollection: CollectionDef = {
  name: 'option_groups',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'name', type: 'text', max: 100 },
    { name: 'description', type: 'text', max: 500 },
    { name: 'minChoices', type: 'number', onlyInt: true, min: 0, max: MAX_OPTIONS_PER_GROUP },
    { name: 'maxChoices', type: 'number', onlyInt: true, min: 0, max: MAX_OPTIONS_PER_GROUP },
    /** The name and description in other languages (shared/translations.ts). */
    { name: 'translations', type: 'json', maxSize: 20000 },
    ...timestamps,
  ],
  // Option groups are shared by the organization's items: floor staff read them all (what an item
  // offers), and write none.
  ...tenantRules('organization', 'organization', updateRule('organization', 'organization'), '@collection.memberships.role ?= "staff"'),
  indexes: [{ columns: ['organization', 'name'] }],
};

/** One choice of a group, with what it adds to the price and its own allergens and labels. */
export const optionsCollection: CollectionDef = {
  name: 'options',
  fields: [
    { name: 'group', type: 'relation', collection: 'option_groups', required: true, cascadeDelete: true },
    { name: 'name', type: 'text', max: 100 },
    /** Added to the item's price, in minor units of the venue's currency (≥ 0). */
    { name: 'priceDelta', type: 'number', onlyInt: true, min: 0, max: 100_000_000 },
    { name: 'allergens', type: 'select', values: [...ALLERGEN_KEYS], maxSelect: 14 },
    { name: 'mayContain', type: 'select', values: [...ALLERGEN_KEYS], maxSelect: 14 },
    { name: 'diets', type: 'select', values: [...DIET_KEYS], maxSelect: DIET_KEYS.length },
    { name: 'available', type: 'bool' },
    { name: 'position', type: 'number', onlyInt: true, min: 0 },
    { name: 'translations', type: 'json', maxSize: 10000 },
    ...timestamps,
  ],
  listRule: staffOr(readRule('group.organization'), 'group.organization', '@collection.memberships.role ?= "staff"'),
  viewRule: staffOr(readRule('group.organization'), 'group.organization', '@collection.memberships.role ?= "staff"'),
  createRule: writeRule('group.organization'),
  // Moving an option to another group is allowed only within the same organization.
  updateRule: `${writeRule('group.organization')} && (@request.body.group:isset = false || @request.body.group.organization = group.organization)`,
  deleteRule: writeRule('group.organization'),
  indexes: [{ columns: ['group', 'position'] }],
};
