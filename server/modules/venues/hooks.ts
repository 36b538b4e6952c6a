import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { zVenueRecord } from '../../../shared/schemas/venues.ts';
import { uniqueSlug, validateWith, valuesOf, writeFailed } from '../hook-helpers.ts';
import { countMenusOfOrganization } from '../menus/queries.ts';
import { uploadOfOrganization } from '../uploads/queries.ts';
import { normalizeTranslations } from '../translation-hooks.ts';
import { venueSlugTaken } from './queries.ts';
import { normalizeEmbedOrigins } from '../../../shared/schemas/embeds.ts';

/** Venue validation with the form's messages, a unique guest-URL slug, and same-organization links. */
export function registerVenueHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;
  const venues = engine.collection('venues');

  const check = (ctx: HookContext) => {
    const row = ctx.row;
    validateWith(ctx, zVenueRecord, valuesOf(venues, row));
    normalizeTranslations(ctx, 'venues');
    // Stored as the CSP reads them (lower case, no default port): the guest page uses them as they are.
    const origins = valuesOf(venues, row).embedOrigins;
    if (Array.isArray(origins)) row.embedOrigins = JSON.stringify(normalizeEmbedOrigins(origins.map(String)));
    if (!row.slug) row.slug = uniqueSlug((s) => venueSlugTaken(stmts, s, String(row.id)), String(row.name));
    const menuIds = JSON.parse(String(row.menus || '[]')) as string[];
    if (menuIds.length) {
      if (countMenusOfOrganization(stmts, String(row.organization), menuIds) !== menuIds.length)
        throw writeFailed(ctx, {
          menus: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.'),
        });
    }
    if (row.originalMenu && !uploadOfOrganization(stmts, String(row.originalMenu), String(row.organization))) {
      throw writeFailed(ctx, {
        originalMenu: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.'),
      });
    }
  };
  hooks.before('venues', 'create', check);
  hooks.before('venues', 'update', check);
}
