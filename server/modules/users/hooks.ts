import type { RecordEngine } from '../../core/records/engine.ts';
import { randomString } from '../../../shared/ids.ts';

/** Sign-up provisions the user's own organization (owner membership, current organization); disabling signs out. */
export function registerUserHooks(engine: RecordEngine): void {
  // Disabling an account also ends its sessions: tokens are signed with the tokenKey.
  engine.hooks.before('users', 'update', (ctx) => {
    if (ctx.row.disabled && !ctx.before?.disabled) ctx.row.tokenKey = randomString(50);
  });
  if (!engine.registry.get('organizations')) return;
  engine.hooks.after('users', 'create', (ctx) => {
    if (ctx.row.currentOrganization) return;
    const name = String(ctx.row.name || '').trim() || String(ctx.row.email).split('@')[0] || 'My organization';
    const org = ctx.tx.create('organizations', { name: name.slice(0, 100), subscriptionStatus: 'none' });
    ctx.tx.create('memberships', { organization: org.id, user: ctx.row.id, role: 'owner' });
    ctx.tx.update('users', String(ctx.row.id), { currentOrganization: org.id });
  });
}
