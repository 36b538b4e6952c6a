import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import { upsertSuperuser } from './core/auth/superusers.ts';

/**
 * Boot-time auth setup: the configured superuser is upserted; with none at all the log says how
 * to create one; sign-ups (new unverified auth records) get their verification email.
 */
export async function bootstrapAuth(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (ctx.config.superuser) {
    await upsertSuperuser(ctx.engine, ctx.auth.systemRequest('default'), ctx.config.superuser.email, ctx.config.superuser.password);
  }
  const count = ctx.stmts.get('SELECT COUNT(*) AS c FROM "_superusers"');
  if (Number(count?.c ?? 0) === 0) {
    log.warn(
      'No superuser yet. Create one with: npm run superuser -- upsert EMAIL PASSWORD (or set SUPERUSER_EMAIL and SUPERUSER_PASSWORD).',
    );
  }
  ctx.events.on((event) => {
    const { collection, row } = event;
    if (event.action !== 'create' || collection.type !== 'auth' || collection.name === '_superusers') return;
    if (row.verified === 1 || row.verified === true || !row.email) return;
    ctx.auth.sendVerification(collection, row);
  });
}
