import type { CollectionDef } from '../../core/collections.ts';
import { readRule, writeRule } from '../rules.ts';

const ORG = 'venue.organization';
/** The venue and the item belong to one organization: a pair across organizations is never readable or writable. */
const SAME_ORG = 'item.section.menu.organization = venue.organization';

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
  listRule: `${readRule(ORG)} && ${SAME_ORG}`,
  viewRule: `${readRule(ORG)} && ${SAME_ORG}`,
  createRule: `${writeRule(ORG)} && ${SAME_ORG}`,
  updateRule: `${writeRule(ORG)} && ${SAME_ORG} && (@request.body.venue:isset = false || @request.body.venue = venue) && (@request.body.item:isset = false || @request.body.item = item)`,
  deleteRule: `${writeRule(ORG)} && ${SAME_ORG}`,
  indexes: [{ columns: ['venue', 'item'], unique: true }, { columns: ['item'] }, { columns: ['available', 'soldOutUntil'] }],
};
