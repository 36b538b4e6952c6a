import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { zHelpForm } from '../../../shared/schemas/forms.ts';
import { validateWith } from '../hook-helpers.ts';

/** Help requests: the form's rules; they start open and default to the user's organization. */
export function registerHelpHooks(engine: RecordEngine): void {
  engine.hooks.before('help_requests', 'create', (ctx: HookContext) => {
    validateWith(ctx, zHelpForm, { title: ctx.row.title, description: ctx.row.description });
    if (!ctx.row.status) ctx.row.status = 'open';
    if (!ctx.row.organization) {
      // Attribute to the current organization only while the user still belongs to it.
      const current = engine.stmts.get(
        'SELECT u.currentOrganization AS o FROM users u JOIN memberships m ON m.organization = u.currentOrganization AND m.user = u.id WHERE u.id = ?',
        [String(ctx.row.user)],
      )?.o;
      if (current) ctx.row.organization = String(current);
    }
  });
}
