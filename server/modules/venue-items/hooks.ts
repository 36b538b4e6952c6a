import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { zVenueItemRecord } from '../../../shared/schemas/venue-items.ts';
import { submitted, validateWith, valuesOf, writeFailed } from '../hook-helpers.ts';
import { menuOfSection, menusModuleRow, organizationOfSection } from '../menus/queries.ts';
import { roleOf } from '../organizations/queries.ts';
import { venueById, venueInOrganization } from '../venues/queries.ts';

/**
 * Venue overrides: prices with the items' own rules (or null to inherit), available unless said
 * otherwise, and a venue and item of one organization (the rules say so for members; this also
 * holds for superusers, and answers with a field error).
 */
export function registerVenueItemHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;
  const venueItems = engine.collection('venue_items');

  const check = (ctx: HookContext) => {
    validateWith(ctx, zVenueItemRecord, valuesOf(venueItems, ctx.row));
    const section = menusModuleRow(stmts, 'items', String(ctx.row.item))?.section;
    const org = section ? organizationOfSection(stmts, String(section)) : '';
    if (!org || !venueInOrganization(stmts, String(ctx.row.venue), org))
      throw writeFailed(ctx, {
        item: fieldError('validation_missing_rel_records', 'The item and the venue must belong to the same organization.'),
      });
    // Floor staff serve what their venue shows: an item of another menu is not theirs to mark.
    const auth = ctx.req.auth;
    if (auth?.collection.name === 'users' && roleOf(stmts, org, String(auth.row.id)) === 'staff') {
      const shown = JSON.parse(String(venueById(stmts, String(ctx.row.venue))?.menus ?? '[]')) as string[];
      if (!shown.includes(menuOfSection(stmts, String(section))))
        throw writeFailed(ctx, { item: fieldError('validation_missing_rel_records', "This item is not on this venue's menus.") });
    }
  };
  hooks.before('venue_items', 'create', (ctx) => {
    if (!submitted(ctx, 'available')) ctx.row.available = 1;
    check(ctx);
  });
  hooks.before('venue_items', 'update', check);
}
