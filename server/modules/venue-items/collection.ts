import type { CollectionDef } from '../../core/collections.ts';
import { venueMarkRules } from '../rules.ts';

/**
 * The venue and the item belong to one organization (a pair across organizations is never
 * readable or writable). Floor staff (service mode) set availability only: at a venue assigned to
 * them and never the prices (a write that sends them is refused by the rule); the item must be
 * one the venue's menus show (venue-items/hooks.ts: the check costs too many joins for a rule).
 * Deleting drops the venue's prices too: the team only.
 */
const RULES = venueMarkRules('item', 'item.section.menu.organization = venue.organization', '@request.body.prices:isset = false');

/**
 * A venue's override of one item (issue 20, item 5): sold out here only ("until" like the item's
 * own mark) and its own price list (null = the item's). One row per venue and item; the venue
 * and the item cannot change once set (delete and create another instead).
 */
export const venueItemsCollection: CollectionDef = {
  name: 'venue_items',
  fields: [
    { name: 'venue', type: 'relation', collection: 'venues', required: true, cascadeDelete: true },
    { name: 'item', type: 'relation', collection: 'items', required: true, cascadeDelete: true },
    { name: 'available', type: 'bool' },
    { name: 'soldOutUntil', type: 'date' },
    /** [{label, amount}] in minor units of the venue's currency, or null to inherit the item's prices. */
    { name: 'prices', type: 'json', maxSize: 5000 },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  ...RULES,
  indexes: [{ columns: ['venue', 'item'], unique: true }, { columns: ['item'] }, { columns: ['available', 'soldOutUntil'] }],
};
