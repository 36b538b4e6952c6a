import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { UPLOAD_NAME_MIN } from '../../../shared/constants.ts';
import { writeFailed } from '../hook-helpers.ts';
import { isSuperuser } from '../../core/request-info.ts';

/** Upload records: the form's rules (name, PDF file), the initial status, same-organization menu links. */
export function registerUploadHooks(engine: RecordEngine): void {
  const sameOrganizationMenu = (ctx: HookContext) => {
    if (isSuperuser(ctx.req)) return; // support may repair data across organizations
    const menu = String(ctx.row.menu ?? '');
    if (ctx.before && ctx.before.menu === ctx.row.menu) return; // only a new link is checked
    if (menu && !engine.stmts.get('SELECT 1 FROM menus WHERE id = ? AND organization = ?', [menu, String(ctx.row.organization)])) {
      throw writeFailed(ctx, { menu: fieldError('validation_missing_rel_records', 'Failed to find all relation records with the provided ids.') });
    }
  };
  engine.hooks.before('menu_uploads', 'create', (ctx) => {
    const errors: Record<string, ReturnType<typeof fieldError>> = {};
    if (String(ctx.row.name ?? '').trim().length < UPLOAD_NAME_MIN) errors.name = fieldError('validation_required', 'Menu name is required');
    if (!ctx.row.file) errors.file = fieldError('validation_required', 'A valid PDF file is required');
    if (Object.keys(errors).length) throw writeFailed(ctx, errors);
    if (!ctx.row.status) ctx.row.status = 'uploaded';
    sameOrganizationMenu(ctx);
  });
  engine.hooks.before('menu_uploads', 'update', sameOrganizationMenu);
}
