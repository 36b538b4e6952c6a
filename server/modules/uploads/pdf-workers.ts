import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../context.ts';
import type { MenuDraft } from './extract/index.ts';
import { UPLOAD_MESSAGES, type PdfProblem } from './pdf.ts';

/** Where the PDF comes from: a file (an upload's temp file) or bytes (read from storage). */
export type PdfSource = { path: string } | { bytes: Uint8Array };

export type WorkerTask =
  | { kind: 'check'; source: PdfSource }
  | { kind: 'checkImage'; source: PdfSource }
  /** `source` is a PDF or the first photo; `photos` are further photos (pages in order). */
  | { kind: 'extract'; source: PdfSource | null; photos?: PdfSource[]; defaultSectionName?: string };

export type WorkerReply =
  /** The worker took the task (after its boot): the memory the task uses is counted from here. */
  | { type: 'started' }
  | { type: 'problem'; problem: PdfProblem }
  | { type: 'checked'; pages: number }
  | { type: 'opened'; pages: number }
  | { type: 'page'; done: number; total: number }
  /** OCR starts on `pages` pages: progress starts again, and the time limit becomes the pages' limit. */
  | { type: 'ocr'; pages: number; timeoutMs: number }
  | { type: 'extracted'; pages: number; draft: MenuDraft }
  | { type: 'unusable'; message: string }
  | { type: 'crashed'; message: string };

export type CheckResult = { ok: true; pages: number } | { ok: false; problem: PdfProblem };
export type ExtractResult =
  | { ok: true; pages: number; draft: MenuDraft }
  /** The file cannot be used: `message` is for the venue. */
  | { ok: false; message: string };

export interface ExtractOptions {
  defaultSectionName?: string;
  /** After the document opened (page count known). */
  onOpened?: (pages: number) => Promise<void>;
  /** OCR starts (a PDF without text layer, or photos): per-page progress follows. */
  onOcr?: (pages: number) => Promise<void>;
  /** Photos after the first file, as pages in order. */
  photos?: PdfSource[];
  /** After each page; a rejection stops the extraction (the worker is terminated) with that error. */
  onPage?: (done: number, total: number) => Promise<void>;
}

export interface PdfWorkerLimits {
  /**
   * Wall time of one task, counted from when the worker takes it (a new worker's start gets the
   * same time again); the worker is terminated when it is over.
   */
  timeoutMs: number;
  /** Heap limit of each worker (`resourceLimits.maxOldGenerationSizeMb`). */
  maxMemoryMb: number;
  /**
   * How much the process's resident memory may grow while a task runs (default: no limit). Decoded
   * streams and images are ArrayBuffers outside the worker's heap, which the heap limit does not
   * bound; the main thread samples the process's RSS and terminates the task's worker past this.
   */
  maxRssGrowthMb?: number;
}

/** How often the main thread samples the process's resident memory while a task runs. */
const RSS_SAMPLE_MS = 20;

/** The pool was closed (app shutting down) while a task ran. */
export class PdfWorkersClosed extends Error {
  override readonly name = 'ExtractionStopped';
}

/** Upload-time checks get a shorter limit than extractions: the request waits for them. */
const CHECK_TIMEOUT_MS = 20_000;
const BOOT = new URL('./pdf-worker-boot.mjs', import.meta.url);
const TASK = new URL('./pdf-worker-task.ts', import.meta.url).href;
/** Loaded before the worker's TypeScript loader (pdf-worker-boot.mjs): a new worker is up in 1 s, not 2.5 s. */
const PRELOAD = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'];

type Outcome = { reply: WorkerReply } | { failure: 'timeout' | 'memory' | 'exit'; detail: string } | { error: unknown };

/**
 * PDF parsing off the event loop: each task runs in a worker thread with a time limit (the worker
 * is terminated when it is over) and a heap limit; a worker that finished cleanly is kept for the
 * next task (starting one loads pdfjs again), any other is thrown away.
 */
export class PdfWorkers {
  private idle: Worker | null = null;
  private readonly busy = new Set<Worker>();
  private closed = false;

  constructor(private readonly limits: PdfWorkerLimits) {}

  /** The upload checks (magic bytes, size, opens, not encrypted, page count) in a worker. */
  async check(source: PdfSource): Promise<CheckResult> {
    const outcome = await this.run({ kind: 'check', source }, Math.min(CHECK_TIMEOUT_MS, this.limits.timeoutMs));
    if ('reply' in outcome) {
      const r = outcome.reply;
      if (r.type === 'checked') return { ok: true, pages: r.pages };
      if (r.type === 'problem') return { ok: false, problem: r.problem };
      throw new Error(`pdf worker: ${r.type === 'crashed' ? r.message : `unexpected reply ${r.type}`}`);
    }
    if ('failure' in outcome) return { ok: false, problem: problemOfFailure(outcome.failure) };
    throw outcome.error;
  }

  /** The upload checks of a photo (an image sharp can decode, within the pixel limits), in a worker. */
  async checkImage(source: PdfSource): Promise<CheckResult> {
    const outcome = await this.run({ kind: 'checkImage', source }, Math.min(CHECK_TIMEOUT_MS, this.limits.timeoutMs));
    if ('reply' in outcome) {
      const r = outcome.reply;
      if (r.type === 'checked') return { ok: true, pages: r.pages };
      if (r.type === 'problem') return { ok: false, problem: r.problem };
      throw new Error(`pdf worker: ${r.type === 'crashed' ? r.message : `unexpected reply ${r.type}`}`);
    }
    if ('failure' in outcome) return { ok: false, problem: outcome.failure === 'timeout' ? { code: 'image_damaged', message: UPLOAD_MESSAGES.imageDamaged } : { code: 'image_too_large', message: UPLOAD_MESSAGES.imageTooLarge } };
    throw outcome.error;
  }

  /** Checks and extracts the menu of a PDF or of photos in a worker; `options` hear about progress. */
  async extract(source: PdfSource | null, options: ExtractOptions = {}): Promise<ExtractResult> {
    const task: WorkerTask = { kind: 'extract', source, photos: options.photos, defaultSectionName: options.defaultSectionName };
    const outcome = await this.run(task, this.limits.timeoutMs, async (reply) => {
      if (reply.type === 'opened') await options.onOpened?.(reply.pages);
      if (reply.type === 'ocr') await options.onOcr?.(reply.pages);
      if (reply.type === 'page') await options.onPage?.(reply.done, reply.total);
    });
    if ('reply' in outcome) {
      const r = outcome.reply;
      if (r.type === 'extracted') return { ok: true, pages: r.pages, draft: r.draft };
      if (r.type === 'problem') return { ok: false, message: r.problem.message };
      if (r.type === 'unusable') return { ok: false, message: r.message };
      throw new Error(`pdf worker: ${r.type === 'crashed' ? r.message : `unexpected reply ${r.type}`}`);
    }
    if ('failure' in outcome) return { ok: false, message: problemOfFailure(outcome.failure).message };
    throw outcome.error;
  }

  /** Terminates every worker; running tasks end with PdfWorkersClosed. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.busy, ...(this.idle ? [this.idle] : [])];
    this.idle = null;
    await Promise.all(all.map((w) => w.terminate().catch(() => undefined)));
  }

  private spawn(): Worker {
    const worker = new Worker(BOOT, {
      workerData: { entry: TASK, preload: PRELOAD },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxMemoryMb },
      stdout: true, // pdfjs may print warnings: never into the server's output
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    // An idle worker must not keep the process alive.
    worker.unref();
    return worker;
  }

  /**
   * One task on an idle or new worker, until its final reply, the time limit, the heap limit, the
   * worker's exit, or an `onProgress` rejection (then the worker is terminated and that is the error).
   */
  private run(task: WorkerTask, timeoutMs: number, onProgress?: (reply: WorkerReply) => Promise<void>): Promise<Outcome> {
    if (this.closed) return Promise.reject(new PdfWorkersClosed('the PDF workers are closed'));
    const worker = this.idle ?? this.spawn();
    this.idle = null;
    this.busy.add(worker);
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      let progress = Promise.resolve();
      const finish = (outcome: Outcome, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watchdog);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.busy.delete(worker);
        if (keep && !this.closed && !this.idle) this.idle = worker;
        else void worker.terminate().catch(() => undefined);
        if (this.closed && !('reply' in outcome)) outcome = { error: new PdfWorkersClosed('the PDF workers are closed') };
        resolve(outcome);
      };
      const onMessage = (reply: WorkerReply) => {
        if (reply.type === 'started') {
          // The limit counts from here: a new worker's boot (slow on a loaded machine) had its own.
          clearTimeout(timer);
          timer = setTimeout(() => finish({ failure: 'timeout', detail: `${timeoutMs} ms` }, false), timeoutMs);
          return watch();
        }
        if (reply.type === 'ocr') {
          // OCR takes seconds per page: the task's limit becomes the pages' own (each page's
          // tesseract has its limit too), never shorter than the configured one.
          clearTimeout(timer);
          const ms = Math.max(timeoutMs, reply.timeoutMs);
          timer = setTimeout(() => finish({ failure: 'timeout', detail: `${ms} ms` }, false), ms);
        }
        if (reply.type === 'opened' || reply.type === 'page' || reply.type === 'ocr') {
          // Progress is handled in order; a failing handler (record gone, app closing) stops the task.
          progress = progress.then(() => (settled ? undefined : onProgress?.(reply))).catch((error: unknown) => finish({ error }, false));
          return;
        }
        // The final reply waits for the progress before it, so callers see every step first.
        void progress.then(() => finish({ reply }, reply.type !== 'crashed'));
      };
      const onError = (err: Error & { code?: string }) => {
        finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { failure: 'memory', detail: err.message } : { error: err }, false);
      };
      const onExit = (code: number) => finish({ failure: 'exit', detail: `exit code ${code}` }, false);
      let timer = setTimeout(() => finish({ failure: 'timeout', detail: `${timeoutMs} ms` }, false), timeoutMs);
      // Counted from the worker's `started` (a new worker's boot, tsx and pdfjs, is ours, not the file's).
      let watchdog: NodeJS.Timeout | undefined;
      const maxGrowth = (this.limits.maxRssGrowthMb ?? 0) * 1024 * 1024;
      const watch = () => {
        if (!maxGrowth || watchdog) return;
        const baseline = process.memoryUsage.rss();
        watchdog = setInterval(() => {
          const growth = process.memoryUsage.rss() - baseline;
          if (growth > maxGrowth) finish({ failure: 'memory', detail: `resident memory grew by ${Math.round(growth / 1024 / 1024)} MB` }, false);
        }, RSS_SAMPLE_MS);
        watchdog.unref();
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(task);
    });
  }
}

function problemOfFailure(failure: 'timeout' | 'memory' | 'exit'): PdfProblem {
  if (failure === 'timeout') return { code: 'timeout', message: UPLOAD_MESSAGES.timeout };
  if (failure === 'memory') return { code: 'too_complex', message: UPLOAD_MESSAGES.tooComplex };
  return { code: 'damaged', message: UPLOAD_MESSAGES.damaged };
}

const pools = new WeakMap<AppContext, PdfWorkers>();

/** The app's PDF workers (limits from PDF_WORKER_*), terminated when the app closes. */
export function pdfWorkersOf(ctx: AppContext): PdfWorkers {
  let pool = pools.get(ctx);
  if (!pool) {
    const created = new PdfWorkers(ctx.config.pdfWorker);
    pools.set(ctx, (pool = created));
    ctx.onClose(() => void created.close());
  }
  return pool;
}
