import type { AppContext } from '../../context.ts';
import type { ProductModule } from '../module.ts';
import { menuUploadsCollection } from './collection.ts';
import { registerUploadHooks } from './hooks.ts';
import { runExtraction } from './job.ts';
import { unfinishedUploadIds } from './queries.ts';
import { JobQueue } from './queue.ts';
import { uploadRoutes } from './routes.ts';
import { uploadChecks } from './upload-check.ts';

export interface UploadsModuleOptions {
  /** Extractions running at the same time (default 1: each runs in its own PDF worker thread and is CPU-bound). */
  concurrency?: number;
}

/** The running queue of each app (tests build many apps in one process). */
const queues = new WeakMap<AppContext, JobQueue>();

/** Waits until the app's extraction queue is empty (tests, scripts). */
export function extractionIdle(ctx: AppContext): Promise<void> {
  return queues.get(ctx)?.idle() ?? Promise.resolve();
}

/**
 * PDF menu uploads: the collection and its hooks, the upload/import routes, and the extraction
 * queue: after-commit events of new (or re-queued) uploads enqueue a job; at boot, uploads still
 * `uploaded` or `processing` (the process stopped mid-way) are queued again.
 */
export function createUploadsModule(options: UploadsModuleOptions = {}): ProductModule {
  return {
    name: 'uploads',
    collections: [menuUploadsCollection],
    register(ctx: AppContext) {
      registerUploadHooks(ctx.engine);
      const logError = (obj: Record<string, unknown>, msg: string) => console.error(`[uploads] ${msg}`, obj);
      const queue: JobQueue = new JobQueue(
        (id) => runExtraction(ctx, id, { shouldStop: () => queue.isStopped, log: logError }),
        Math.max(1, options.concurrency ?? 1),
        (err, id) => logError({ err, upload: id }, 'extraction job crashed'),
      );
      queues.set(ctx, queue);
      ctx.onClose(() => queue.stop());
      ctx.events.on((event) => {
        if (event.collection.name !== 'menu_uploads' || event.action === 'delete') return;
        // Jobs run outside the async context of the request that queued them.
        if (event.row.status === 'uploaded') uploadChecks.exit(() => queue.enqueue(String(event.row.id)));
      });
      for (const id of unfinishedUploadIds(ctx.stmts)) queue.enqueue(id);
    },
    routes: uploadRoutes,
  };
}

export const uploadsModule = createUploadsModule();
