import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from '../core/errors.ts';
import { BackupService, type Restarter } from './backups.ts';
import { registerSystemJobs } from './jobs.ts';
import { openLogStore, registerRequestLogging } from './logs.ts';
import { installerRoutes } from './installer.ts';
import { backupRoutes, cronRoutes, logRoutes, settingsRoutes } from './routes.ts';

export type { Restarter } from './backups.ts';

export interface OpsOptions {
  /** How the app restarts itself after a restore (server/index.ts provides it). */
  onRestart?: Restarter;
}

/**
 * Operations: request logs (`auxiliary.db` on SQLite, `_logs` of the shared database on PostgreSQL), backups, the system cron jobs and their routes,
 * plus the batch body limit from settings. The scheduler ticks once the app listens.
 */
export function registerOps(app: FastifyInstance, ctx: AppContext, options: OpsOptions = {}): void {
  const logs = openLogStore({
    databaseUrl: ctx.config.databaseUrl,
    auxiliaryFile: path.join(ctx.config.dataDir, 'auxiliary.db'),
    now: ctx.config.now,
  });
  ctx.onClose(() => logs.close());
  registerRequestLogging(app, ctx, logs);
  const backups = new BackupService(ctx, options.onRestart, app.log);
  registerSystemJobs(ctx, logs, backups);

  // settings.batch.maxBodySize (0 = the route's own 128 MiB limit).
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST' || !request.url.startsWith('/api/batch')) return;
    const max = ctx.settings.get().batch.maxBodySize;
    if (max > 0 && Number(request.headers['content-length'] ?? 0) > max) throw new ApiError(413);
  });

  app.addHook('onListen', async () => ctx.crons.start());

  settingsRoutes(app, ctx);
  logRoutes(app, logs);
  backupRoutes(app, ctx, backups);
  cronRoutes(app, ctx);
  installerRoutes(app, ctx);
}
