import type { CollectionDef } from '../../core/collections.ts';
import { readRule, STAFF_VENUES, staffOr, subscribed, writeRule } from '../rules.ts';

const ORG = 'venue.organization';
/** The venue and the option belong to one organization: a pair across organizations is never readable or writable. */
const SAME_ORG = 'option.group.organization = venue.organization';
const KEEPS_PARENTS =
  '(@request.body.venue:isset = false || @request.body.venue = venue) && (@request.body.option:isset = false || @request.body.option = option)';
/**
 * Floor staff (service mode) set availability at a venue assigned to them; the option itself
 * (name, price) stays the team's. The option must be one the venue's menus offer
 * (venue-options/hooks.ts: the check costs too many joins for a rule).
 */
const STAFF_AVAILABILITY = `${STAFF_VENUES} ?= venue && ${subscribed(ORG)}`;

/**
 * A venue's own sold-out mark of one option (issue 23, item 1): "Oat milk" sold out at this venue
 * only, like `venue_items` for dishes. One row per venue and option; the pair cannot change once set.
 */
export const venueOptionsCollection: CollectionDef = {
  name: 'venue_options',
  fields: [
    { name: 'venue', type: 'relation', collection: 'venues', required: true, cascadeDelete: true },
    { name: 'option', type: 'relation', collection: 'options', required: true, cascadeDelete: true },
    { name: 'available', type: 'bool' },
    { name: 'soldOutUntil', type: 'date' },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  listRule: `${staffOr(readRule(ORG), ORG, `${STAFF_VENUES} ?= venue`)} && ${SAME_ORG}`,
  viewRule: `${staffOr(readRule(ORG), ORG, `${STAFF_VENUES} ?= venue`)} && ${SAME_ORG}`,
  createRule: `${staffOr(writeRule(ORG), ORG, STAFF_AVAILABILITY)} && ${SAME_ORG}`,
  updateRule: `${staffOr(writeRule(ORG), ORG, STAFF_AVAILABILITY)} && ${SAME_ORG} && ${KEEPS_PARENTS}`,
  // Like venue_items: the team clears a venue's marks; staff mark an option available again.
  deleteRule: `${writeRule(ORG)} && ${SAME_ORG}`,
  indexes: [{ columns: ['venue', 'option'], unique: true }, { columns: ['option'] }, { columns: ['available', 'soldOutUntil'] }],
};
