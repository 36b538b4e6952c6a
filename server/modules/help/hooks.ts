import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { zHelpForm } from '../../../shared/schemas/forms.ts';
import { validateWith } from '../hook-helpers.ts';
import { roleOf } from '../organizations/queries.ts';
import { currentOrganizationOf } from '../users/queries.ts';

/** Help requests: the form's rules; they start open and default to the user's organization. */
export function registerHelpHooks(engine: RecordEngine): void {
  engine.hooks.before('help_requests', 'create', (ctx: HookContext) => {
    validateWith(ctx, zHelpForm, { title: ctx.row.title, description: ctx.row.description });
    if (!ctx.row.status) ctx.row.status = 'open';
    if (!ctx.row.organization) {
      // Attribute to the current organization only while the user still belongs to it.
      const user = String(ctx.row.user);
      const current = currentOrganizationOf(engine.stmts, user);
      if (current && roleOf(engine.stmts, current, user)) ctx.row.organization = current;
    }
  });
}
