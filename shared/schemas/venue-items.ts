import { z } from 'zod';
import { zPriceVariants } from './domain.ts';

/**
 * The writable fields of a venue's override of an item (issue 20, item 5): its own price list, the
 * same rules as an item's, or null to inherit the item's prices. The sold-out fields are the
 * collection's own bool and date.
 */
export const zVenueItemRecord = z.object({ prices: zPriceVariants.nullable() });
