import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { submitted, writeFailed } from '../hook-helpers.ts';
import { menuOfSection, sectionsUsingOptionGroup } from '../menus/queries.ts';
import { optionsModuleRow, organizationOfOptionGroup } from '../options/queries.ts';
import { roleOf } from '../organizations/queries.ts';
import { venueById, venueInOrganization } from '../venues/queries.ts';

/**
 * A venue's option marks: available unless said otherwise, a venue and option of one organization
 * (the rules say so for members; this also holds for superusers, and answers with a field error),
 * and for floor staff an option the venue's menus offer.
 */
export function registerVenueOptionHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;

  const check = (ctx: HookContext) => {
    const group = optionsModuleRow(stmts, 'options', String(ctx.row.option))?.group;
    const org = group ? organizationOfOptionGroup(stmts, String(group)) : '';
    if (!org || !venueInOrganization(stmts, String(ctx.row.venue), org))
      throw writeFailed(ctx, {
        option: fieldError('validation_missing_rel_records', 'The option and the venue must belong to the same organization.'),
      });
    const auth = ctx.req.auth;
    if (auth?.collection.name === 'users' && roleOf(stmts, org, String(auth.row.id)) === 'staff') {
      const shown = new Set(JSON.parse(String(venueById(stmts, String(ctx.row.venue))?.menus ?? '[]')) as string[]);
      if (!sectionsUsingOptionGroup(stmts, String(group)).some((s) => shown.has(menuOfSection(stmts, s))))
        throw writeFailed(ctx, { option: fieldError('validation_missing_rel_records', "This option is not on this venue's menus.") });
    }
  };
  hooks.before('venue_options', 'create', (ctx) => {
    if (!submitted(ctx, 'available')) ctx.row.available = 1;
    check(ctx);
  });
  hooks.before('venue_options', 'update', check);
}
