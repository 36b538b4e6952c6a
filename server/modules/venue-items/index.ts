import type { ProductModule } from '../module.ts';
import { venueItemsCollection } from './collection.ts';
import { registerVenueItemHooks } from './hooks.ts';

/** Per-venue availability and prices of items (issue 20, item 5). */
export const venueItemsModule: ProductModule = {
  name: 'venue-items',
  collections: [venueItemsCollection],
  register: (ctx) => registerVenueItemHooks(ctx.engine),
};
