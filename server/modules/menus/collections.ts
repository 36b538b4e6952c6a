import type { CollectionDef } from '../../core/collections.ts';
import { ALLERGEN_KEYS, MENU_STATUSES } from '../../../shared/constants.ts';
import { DIET_KEYS } from '../../../shared/diets.ts';
import { MAX_GROUPS_PER_ITEM } from '../../../shared/option-groups.ts';
import { ITEM_KINDS } from '../../../shared/set-menus.ts';
import { LAYOUTS } from '../../../shared/themes.ts';
import { readRule, STAFF_MENUS, staffOr, tenantRules, updateRule, writeRule } from '../rules.ts';

const timestamps = [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
] as const;

export const menusCollection: CollectionDef = {
  name: 'menus',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'name', type: 'text', max: 100 },
    { name: 'description', type: 'text', max: 2000 },
    { name: 'status', type: 'select', values: [...MENU_STATUSES] },
    /** Weekly windows [{day, start, end}] in the venue's local time; empty = always on. */
    { name: 'schedule', type: 'json', maxSize: 20000 },
    /** Language codes; the first is the default language of the texts. */
    { name: 'languages', type: 'json', maxSize: 2000 },
    /** Texts in other languages: { [lang]: { name|description: {text, machine?, basis?} } } (shared/translations.ts). */
    { name: 'translations', type: 'json', maxSize: 50000 },
    /** Non-default languages shown to guests although not complete (missing texts fall back to the default). */
    { name: 'publishIncomplete', type: 'json', maxSize: 2000 },
    /** Terms machine translation keeps as written (dish names such as "Tiramisù"). */
    { name: 'glossary', type: 'json', maxSize: 30000 },
    /** Guests see no amounts on this menu (wine lists, market prices); its JSON-LD has no offers. */
    { name: 'hidePrices', type: 'bool' },
    /** How guests see the dishes: list, cards, compact (text only) or a photo grid (shared/themes.ts); '' = list. */
    { name: 'layout', type: 'select', values: [...LAYOUTS] },
    ...timestamps,
  ],
  // Floor staff read the menus their venues show (service mode), and write none.
  ...tenantRules('organization', 'organization', updateRule('organization', 'organization'), `${STAFF_MENUS} ?= id`),
  indexes: [{ columns: ['organization', 'updated'] }],
};

export const sectionsCollection: CollectionDef = {
  name: 'sections',
  fields: [
    { name: 'menu', type: 'relation', collection: 'menus', required: true, cascadeDelete: true },
    { name: 'name', type: 'text', max: 200 },
    { name: 'description', type: 'text', max: 2000 },
    { name: 'position', type: 'number', onlyInt: true, min: 0 },
    { name: 'translations', type: 'json', maxSize: 50000 },
    /** Guests see no amounts in this section (the menu's `hidePrices` for one section). */
    { name: 'hidePrices', type: 'bool' },
    ...timestamps,
  ],
  ...tenantRules('menu.organization', 'menu', updateRule('menu.organization', 'menu'), `${STAFF_MENUS} ?= menu`),
  indexes: [{ columns: ['menu', 'position'] }],
};

export const itemsCollection: CollectionDef = {
  name: 'items',
  fields: [
    { name: 'section', type: 'relation', collection: 'sections', required: true, cascadeDelete: true },
    { name: 'name', type: 'text', max: 200 },
    { name: 'description', type: 'text', max: 2000 },
    /** [{label, amount}] with VAT-inclusive amounts in minor units; at least one unless `priceOnRequest`. */
    { name: 'prices', type: 'json', maxSize: 5000 },
    /** Sold at a price given on request (market price): then `prices` may be empty, guests read "Price on request". */
    { name: 'priceOnRequest', type: 'bool' },
    {
      name: 'image',
      type: 'file',
      maxSize: 5 * 1024 * 1024,
      mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
      thumbs: ['160x160', '480x320', '960x640'],
    },
    { name: 'tags', type: 'relation', collection: 'tags', maxSelect: 20 },
    { name: 'allergens', type: 'select', values: [...ALLERGEN_KEYS], maxSelect: 14 },
    { name: 'mayContain', type: 'select', values: [...ALLERGEN_KEYS], maxSelect: 14 },
    { name: 'available', type: 'bool' },
    { name: 'soldOutUntil', type: 'date' },
    { name: 'position', type: 'number', onlyInt: true, min: 0 },
    { name: 'translations', type: 'json', maxSize: 50000 },
    /** The item's option groups (the organization's, shared with other items), in the order guests see them. */
    { name: 'optionGroups', type: 'relation', collection: 'option_groups', maxSelect: MAX_GROUPS_PER_ITEM },
    /** Dietary labels of the fixed taxonomy (shared/diets.ts). */
    { name: 'diets', type: 'select', values: [...DIET_KEYS], maxSelect: DIET_KEYS.length },
    /** Energy and macronutrients per portion (shared/nutrition.ts `zNutrition`); null = none given. */
    { name: 'nutrition', type: 'json', maxSize: 2000 },
    /** A dish, or a set menu (fixed price `prices[0]`, courses in `set_courses`); '' is a dish (shared/set-menus.ts). */
    { name: 'kind', type: 'select', values: [...ITEM_KINDS] },
    ...timestamps,
  ],
  listRule: staffOr(readRule('section.menu.organization'), 'section.menu.organization', `${STAFF_MENUS} ?= section.menu`),
  viewRule: staffOr(readRule('section.menu.organization'), 'section.menu.organization', `${STAFF_MENUS} ?= section.menu`),
  createRule: writeRule('section.menu.organization'),
  // Moving an item to another section is allowed only within the same organization.
  updateRule: `${writeRule('section.menu.organization')} && (@request.body.section:isset = false || @request.body.section.menu.organization = section.menu.organization)`,
  deleteRule: writeRule('section.menu.organization'),
  indexes: [{ columns: ['section', 'position'] }, { columns: ['available', 'soldOutUntil'] }],
};
