import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { zVenueRecord } from '../../../shared/schemas/venues.ts';
import { uniqueSlug, validateWith, valuesOf, writeFailed } from '../hook-helpers.ts';

/** Venue validation with the form's messages, a unique guest-URL slug, and same-organization links. */
export function registerVenueHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;
  const venues = engine.collection('venues');

  const check = (ctx: HookContext) => {
    const row = ctx.row;
    validateWith(ctx, zVenueRecord, valuesOf(venues, row));
    if (!row.slug) row.slug = uniqueSlug((s) => Boolean(stmts.get('SELECT 1 FROM venues WHERE slug = ? AND id != ?', [s, String(row.id)])), String(row.name));
    if (!row.currency) row.currency = String(stmts.get('SELECT currency FROM organizations WHERE id = ?', [String(row.organization)])?.currency || 'EUR');
    const menuIds = JSON.parse(String(row.menus || '[]')) as string[];
    if (menuIds.length) {
      const own = Number(stmts.get('SELECT COUNT(*) AS c FROM menus WHERE organization = ? AND id IN (SELECT value FROM json_each(?))', [String(row.organization), JSON.stringify(menuIds)])?.c ?? 0);
      if (own !== menuIds.length) throw writeFailed(ctx, { menus: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.') });
    }
    if (row.originalMenu && !stmts.get('SELECT 1 FROM menu_uploads WHERE id = ? AND organization = ?', [String(row.originalMenu), String(row.organization)])) {
      throw writeFailed(ctx, { originalMenu: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.') });
    }
  };
  hooks.before('venues', 'create', check);
  hooks.before('venues', 'update', check);
}
