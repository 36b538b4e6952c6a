import type { ProductModule } from './module.ts';
import { registerUserHooks } from './users/hooks.ts';
import { membershipsCollection, organizationsCollection } from './organizations/collections.ts';
import { registerOrganizationHooks } from './organizations/hooks.ts';
import { billingModule } from './billing/index.ts';
import { venuesCollection } from './venues/collection.ts';
import { registerVenueHooks } from './venues/hooks.ts';
import { tagsCollection } from './tags/collection.ts';
import { registerTagHooks } from './tags/hooks.ts';
import { itemsCollection, menusCollection, sectionsCollection } from './menus/collections.ts';
import { registerMenuHooks } from './menus/hooks.ts';
import { registerSoldOutReset } from './menus/sold-out.ts';
import { uploadsModule } from './uploads/index.ts';
import { optionsModule } from './options/index.ts';
import { helpRequestsCollection } from './help/collection.ts';
import { registerHelpHooks } from './help/hooks.ts';
import { invitationsModule } from './invitations/index.ts';
import { accountModule } from './account/index.ts';
import { guestMenuModule } from './guest-menu/index.ts';
import { venueItemsModule } from './venue-items/index.ts';
import { venueOptionsModule } from './venue-options/index.ts';
import { setCoursesModule } from './set-courses/index.ts';
import { translationModule } from './translation/index.ts';
import { menuCsvModule } from './menu-csv/index.ts';
import { printKitModule } from './print-kit/index.ts';

/** The product, area by area: collections in dependency order, hooks registered at boot. */
export const productModules: ProductModule[] = [
  billingModule,
  {
    name: 'organizations',
    collections: [organizationsCollection, membershipsCollection],
    register: (ctx) => registerOrganizationHooks(ctx.engine),
  },
  { name: 'users', collections: [], register: (ctx) => registerUserHooks(ctx.engine) },
  { name: 'tags', collections: [tagsCollection], register: (ctx) => registerTagHooks(ctx.engine, ctx.stmts) },
  optionsModule,
  {
    name: 'menus',
    collections: [menusCollection, sectionsCollection, itemsCollection],
    register: (ctx) => {
      registerMenuHooks(ctx.engine);
      registerSoldOutReset(ctx);
    },
  },
  setCoursesModule,
  uploadsModule,
  { name: 'venues', collections: [venuesCollection], register: (ctx) => registerVenueHooks(ctx.engine) },
  venueItemsModule,
  venueOptionsModule,
  { name: 'help', collections: [helpRequestsCollection], register: (ctx) => registerHelpHooks(ctx.engine) },
  invitationsModule,
  accountModule,
  guestMenuModule,
  translationModule,
  menuCsvModule,
  printKitModule,
];
