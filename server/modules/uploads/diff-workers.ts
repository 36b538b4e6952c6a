import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../core/errors.ts';
import type { DraftSectionInput, LiveSection, MenuChange, PlannedSection } from '../../../shared/menu-diff.ts';
import { UPLOAD_MESSAGES } from '../../../shared/upload-messages.ts';

/**
 * Menu diffs off the event loop (README "Re-import as a diff"): one worker thread (started like the
 * PDF workers, through pdf-worker-boot.mjs) takes one comparison at a time; at most `maxQueued`
 * wait, more get a 503; a comparison over `timeoutMs` (counted from when the worker takes it)
 * terminates the worker (a 503 too) and the next one starts a new worker. The result is exactly
 * `diffMenu` / `applyChanges` of shared/menu-diff.ts.
 */
export interface DiffTask {
  live: LiveSection[];
  draft: DraftSectionInput[];
  /** With it, the menu after these changes (`applyChanges`) comes back too. */
  accept?: string[];
}
export type DiffReply =
  | { type: 'started' }
  | { type: 'done'; changes: MenuChange[]; planned?: PlannedSection[] }
  | { type: 'crashed'; message: string };

export interface DiffWorkerLimits {
  timeoutMs: number;
  maxQueued: number;
  maxMemoryMb: number;
}
export const DIFF_LIMITS: DiffWorkerLimits = { timeoutMs: 20_000, maxQueued: 8, maxMemoryMb: 256 };
export const DIFF_BUSY = UPLOAD_MESSAGES.diffBusy;
export const DIFF_TOO_SLOW = UPLOAD_MESSAGES.diffTooSlow;

const BOOT = new URL('./pdf-worker-boot.mjs', import.meta.url);
const TASK = new URL('./diff-worker-task.ts', import.meta.url).href;

export class DiffWorkers {
  /** `start` when the worker takes a comparison, `end` when it answered (tests, metrics). */
  readonly events = new EventEmitter();
  private worker: Worker | null = null;
  private readonly queue: Array<() => void> = [];
  private running = false;
  private closed = false;

  constructor(private readonly limits: DiffWorkerLimits = DIFF_LIMITS) {}

  /** Comparisons waiting or running. */
  get load(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  async run(task: DiffTask): Promise<{ changes: MenuChange[]; planned?: PlannedSection[] }> {
    if (this.closed) throw new ApiError(503, DIFF_BUSY);
    if (this.running) {
      if (this.queue.length >= this.limits.maxQueued) throw new ApiError(503, DIFF_BUSY);
      await new Promise<void>((resolve) => this.queue.push(resolve));
      if (this.closed) throw new ApiError(503, DIFF_BUSY);
    }
    this.running = true;
    try {
      return await this.once(task);
    } finally {
      this.running = false;
      this.queue.shift()?.();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.queue.splice(0)) wake();
    const w = this.worker;
    this.worker = null;
    await w?.terminate().catch(() => undefined);
  }

  private spawn(): Worker {
    const worker = new Worker(BOOT, { workerData: { entry: TASK }, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: this.limits.maxMemoryMb } });
    // An idle worker must not keep the process alive.
    worker.unref();
    return worker;
  }

  private once(task: DiffTask): Promise<{ changes: MenuChange[]; planned?: PlannedSection[] }> {
    const worker = (this.worker ??= this.spawn());
    return new Promise((resolve, reject) => {
      const tooSlow = () => finish(false, () => reject(new ApiError(503, DIFF_TOO_SLOW)));
      // A new worker's boot gets the same time again: counted anew once it takes the task.
      let timer = setTimeout(tooSlow, this.limits.timeoutMs);
      const finish = (keep: boolean, done: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (!keep) {
          if (this.worker === worker) this.worker = null;
          void worker.terminate().catch(() => undefined);
        }
        this.events.emit('end');
        done();
      };
      const onMessage = (reply: DiffReply) => {
        if (reply.type === 'started') {
          clearTimeout(timer);
          timer = setTimeout(tooSlow, this.limits.timeoutMs);
          this.events.emit('start');
          return;
        }
        if (reply.type === 'done') finish(true, () => resolve({ changes: reply.changes, planned: reply.planned }));
        else finish(true, () => reject(new Error(`diff worker: ${reply.message}`)));
      };
      const onError = (err: Error) => finish(false, () => reject(err));
      const onExit = (code: number) => finish(false, () => reject(this.closed ? new ApiError(503, DIFF_BUSY) : new Error(`diff worker exited (${code})`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(task);
    });
  }
}

const pools = new WeakMap<AppContext, DiffWorkers>();

/** The app's diff worker, terminated when the app closes. */
export function diffWorkersOf(ctx: AppContext): DiffWorkers {
  let pool = pools.get(ctx);
  if (!pool) {
    const created = new DiffWorkers();
    pools.set(ctx, (pool = created));
    ctx.onClose(() => void created.close());
  }
  return pool;
}
