import type { ProductModule } from './module.ts';
import { registerUserHooks } from './users/hooks.ts';
import { membershipsCollection, organizationsCollection } from './organizations/collections.ts';
import { registerOrganizationHooks } from './organizations/hooks.ts';
import { plansCollection } from './billing/collection.ts';
import { registerPlanLimits } from './billing/limits.ts';
import { venuesCollection } from './venues/collection.ts';
import { registerVenueHooks } from './venues/hooks.ts';
import { tagsCollection } from './tags/collection.ts';
import { registerTagHooks } from './tags/hooks.ts';
import { itemsCollection, menusCollection, sectionsCollection } from './menus/collections.ts';
import { registerMenuHooks } from './menus/hooks.ts';
import { menuUploadsCollection } from './uploads/collection.ts';
import { registerUploadHooks } from './uploads/hooks.ts';
import { helpRequestsCollection } from './help/collection.ts';
import { registerHelpHooks } from './help/hooks.ts';

/** The product, area by area: collections in dependency order, hooks registered at boot. */
export const productModules: ProductModule[] = [
  { name: 'billing', collections: [plansCollection], register: registerPlanLimits },
  { name: 'organizations', collections: [organizationsCollection, membershipsCollection], register: registerOrganizationHooks },
  { name: 'users', collections: [], register: registerUserHooks },
  { name: 'tags', collections: [tagsCollection], register: registerTagHooks },
  { name: 'menus', collections: [menusCollection, sectionsCollection, itemsCollection], register: registerMenuHooks },
  { name: 'uploads', collections: [menuUploadsCollection], register: registerUploadHooks },
  { name: 'venues', collections: [venuesCollection], register: registerVenueHooks },
  { name: 'help', collections: [helpRequestsCollection], register: registerHelpHooks },
];
