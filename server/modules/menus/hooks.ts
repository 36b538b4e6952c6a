import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { zItemRecord, zMenuRecord, zSectionRecord } from '../../../shared/schemas/menus.ts';
import { submitted, validateWith, valuesOf, writeFailed } from '../hook-helpers.ts';

/**
 * Menus, sections and items: validation with shared schemas, defaults (draft, available, the
 * organization's language), dense positions within the parent, and same-organization tags.
 */
export function registerMenuHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;
  const menus = engine.collection('menus');
  const items = engine.collection('items');

  const checkMenu = (ctx: HookContext) => {
    const row = ctx.row;
    if (!row.status) row.status = 'draft';
    if (row.languages === null || row.languages === '[]') {
      const lang = String(stmts.get('SELECT defaultLanguage FROM organizations WHERE id = ?', [String(row.organization)])?.defaultLanguage || 'en');
      row.languages = JSON.stringify([lang]);
    }
    validateWith(ctx, zMenuRecord, valuesOf(menus, row));
  };
  hooks.before('menus', 'create', checkMenu);
  hooks.before('menus', 'update', checkMenu);

  /** New children go last unless a position was given. */
  const appendPosition = (ctx: HookContext, table: string, parent: string) => {
    if (submitted(ctx, 'position')) return;
    const max = stmts.get(`SELECT MAX(position) AS m FROM "${table}" WHERE "${parent}" = ?`, [String(ctx.row[parent])])?.m;
    ctx.row.position = max === null || max === undefined ? 0 : Number(max) + 1;
  };
  /** After a delete, later siblings move up so positions stay 0..n-1. */
  const closeGap = (ctx: HookContext, table: string, parent: string) => {
    const later = stmts.all(`SELECT id, position FROM "${table}" WHERE "${parent}" = ? AND position > ? ORDER BY position`, [String(ctx.row[parent]), Number(ctx.row.position)]);
    for (const sibling of later) ctx.tx.update(table, String(sibling.id), { position: Number(sibling.position) - 1 });
  };

  hooks.before('sections', 'create', (ctx) => {
    appendPosition(ctx, 'sections', 'menu');
    validateWith(ctx, zSectionRecord, { name: ctx.row.name, translations: ctx.row.translations ? JSON.parse(String(ctx.row.translations)) : null });
  });
  hooks.before('sections', 'update', (ctx) => {
    validateWith(ctx, zSectionRecord, { name: ctx.row.name, translations: ctx.row.translations ? JSON.parse(String(ctx.row.translations)) : null });
  });
  hooks.after('sections', 'delete', (ctx) => closeGap(ctx, 'sections', 'menu'));

  const checkItem = (ctx: HookContext) => {
    const values = valuesOf(items, ctx.row);
    validateWith(ctx, zItemRecord, values);
    const contains = values.allergens as string[];
    const mayContain = values.mayContain as string[];
    if (contains.some((a) => mayContain.includes(a))) {
      throw writeFailed(ctx, { mayContain: fieldError('validation_invalid_value', 'An allergen is either contained or may be contained, not both') });
    }
    const tagIds = values.tags as string[];
    if (tagIds.length) {
      const org = stmts.get('SELECT m.organization AS o FROM sections s JOIN menus m ON m.id = s.menu WHERE s.id = ?', [String(ctx.row.section)])?.o;
      const own = Number(stmts.get('SELECT COUNT(*) AS c FROM tags WHERE organization = ? AND id IN (SELECT value FROM json_each(?))', [String(org ?? ''), JSON.stringify(tagIds)])?.c ?? 0);
      if (own !== tagIds.length) throw writeFailed(ctx, { tags: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.') });
    }
  };
  hooks.before('items', 'create', (ctx) => {
    appendPosition(ctx, 'items', 'section');
    if (!submitted(ctx, 'available')) ctx.row.available = 1;
    checkItem(ctx);
  });
  hooks.before('items', 'update', checkItem);
  hooks.after('items', 'delete', (ctx) => closeGap(ctx, 'items', 'section'));
}
