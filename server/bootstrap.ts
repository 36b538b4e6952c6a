import type { AppContext } from './context.ts';
import { upsertSuperuser } from './core/auth/superusers.ts';

/**
 * Boot-time auth setup: the configured superuser is upserted; sign-ups (new unverified auth
 * records) get their verification email. With no superuser at all, the startup block
 * (startup-summary.ts) prints the one-time link that creates the first one.
 */
export async function bootstrapAuth(ctx: AppContext): Promise<void> {
  if (ctx.config.superuser) {
    await upsertSuperuser(ctx.engine, ctx.auth.systemRequest('default'), ctx.config.superuser.email, ctx.config.superuser.password);
  }
  ctx.events.on((event) => {
    const { collection, row } = event;
    if (event.action !== 'create' || collection.type !== 'auth' || collection.name === '_superusers') return;
    if (row.verified === 1 || row.verified === true || !row.email) return;
    ctx.auth.sendVerification(collection, row);
  });
}
