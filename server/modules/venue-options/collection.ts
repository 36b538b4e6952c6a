import type { CollectionDef } from '../../core/collections.ts';
import { venueMarkRules } from '../rules.ts';

/**
 * The venue and the option belong to one organization (a pair across organizations is never
 * readable or writable). Floor staff set availability at a venue assigned to them; the option
 * itself (name, price) stays the team's. The option must be one the venue's menus offer
 * (venue-options/hooks.ts: the check costs too many joins for a rule).
 */
const RULES = venueMarkRules('option', 'option.group.organization = venue.organization');

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
  ...RULES,
  indexes: [{ columns: ['venue', 'option'], unique: true }, { columns: ['option'] }, { columns: ['available', 'soldOutUntil'] }],
};
