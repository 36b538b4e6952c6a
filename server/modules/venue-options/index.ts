import type { ProductModule } from '../module.ts';
import { venueOptionsCollection } from './collection.ts';
import { registerVenueOptionHooks } from './hooks.ts';

/** Per-venue availability of options (issue 23, item 1): "Oat milk" sold out at one venue only. */
export const venueOptionsModule: ProductModule = {
  name: 'venue-options',
  collections: [venueOptionsCollection],
  register: (ctx) => registerVenueOptionHooks(ctx.engine),
};
