import type { AppContext } from '../context.ts';
import { formatDateTime } from '../core/datetime.ts';
import type { BackupService } from './backups.ts';
import type { LogStore } from './logs.ts';
import type { Settings } from './settings.ts';

/**
 * The system's own cron jobs (PocketBase's internal ids, listed after the app's jobs). Product
 * jobs (trial expiry, sold-out resets, upload extraction) are registered by their modules.
 */
export const JOB = {
  logsCleanup: '__pbLogsCleanup__',
  otpCleanup: '__pbOTPCleanup__',
  dbOptimize: '__pbDBOptimize__',
  autoBackup: '__pbAutoBackup__',
} as const;

/** OTPs older than their collection's OTP lifetime; OTPs of unknown collections after a day. */
export function deleteExpiredOtps(ctx: AppContext): number {
  if (!ctx.registry.get('_otps')) return 0;
  const now = ctx.config.now().getTime();
  const authCollections = ctx.registry.all().filter((c) => c.type === 'auth' && c.auth);
  let deleted = 0;
  for (const c of authCollections) {
    const cutoff = formatDateTime(new Date(now - (c.auth?.otp.duration ?? 180) * 1000));
    deleted += ctx.stmts.run('DELETE FROM "_otps" WHERE "collectionRef" = ? AND "created" < ?', [c.id, cutoff]).changes;
  }
  const ids = JSON.stringify(authCollections.map((c) => c.id));
  deleted += ctx.stmts.run(
    `DELETE FROM "_otps" WHERE "collectionRef" NOT IN (SELECT value FROM ${ctx.stmts.dialect.jsonEach('?')}) AND "created" < ?`,
    [ids, formatDateTime(new Date(now - 86_400_000))],
  ).changes;
  return deleted;
}

function scheduleAutoBackup(ctx: AppContext, backups: BackupService, s: Settings): void {
  if (s.backups.cron) ctx.crons.register(JOB.autoBackup, s.backups.cron, () => backups.scheduled(ctx.settings.get().backups.cronMaxKeep));
  else ctx.crons.remove(JOB.autoBackup);
}

export function registerSystemJobs(ctx: AppContext, logs: LogStore, backups: BackupService): void {
  ctx.crons.register(JOB.logsCleanup, '0 */6 * * *', () => logs.deleteOlderThan(ctx.settings.get().logs.maxDays));
  ctx.crons.register(JOB.otpCleanup, '0 * * * *', () => deleteExpiredOtps(ctx));
  ctx.crons.register(JOB.dbOptimize, '0 0 * * *', () => {
    for (const db of [ctx.sqlite, logs.sqlite]) {
      if (!db?.open) continue;
      db.pragma('optimize');
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
  });
  scheduleAutoBackup(ctx, backups, ctx.settings.get());
  ctx.settings.onChange((next, previous) => {
    if (next.backups.cron !== previous.backups.cron) scheduleAutoBackup(ctx, backups, next);
  });
}
