import { z } from 'zod';
import { MAX_VENUE_TABLES, TABLE_LABEL_PATTERN } from '../constants.ts';
import { normalizeHex } from '../contrast.ts';
import { zHexColor, zTimezone } from './domain.ts';
import { zVenueForm } from './forms.ts';
import { venueInfoShape } from './venue-info.ts';
import { zEmbedOrigins } from './embeds.ts';

/**
 * The writable fields of venues: the server's record hook validates with `zVenueRecord`, and the
 * staff app's venue forms (web/src/components/venues/venue-schemas.ts) extend the same form
 * schema and colour rule.
 */

/** A `#rrggbb` colour; `#rgb` and `rrggbb` typed by hand are accepted and normalized. */
export const zColorField = z
  .string()
  .trim()
  .transform((v) => normalizeHex(v) ?? v)
  .pipe(zHexColor);

export const zVenueRecord = zVenueForm.extend({
  timezone: zTimezone,
  primaryColor: zHexColor,
  tables: z.union(
    [
      z.null(),
      z
        .array(z.string().regex(TABLE_LABEL_PATTERN, 'Use up to 20 letters, digits, spaces or dashes'))
        .max(MAX_VENUE_TABLES, `A venue has at most ${MAX_VENUE_TABLES} tables`)
        .refine((list) => new Set(list).size === list.length, 'Each table is listed once'),
    ],
    'Must be a list of table labels',
  ),
  ...venueInfoShape,
  embedOrigins: zEmbedOrigins,
});
