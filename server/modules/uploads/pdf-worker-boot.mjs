// Entry of the PDF and diff worker threads (pdf-workers.ts, diff-workers.ts). Plain JavaScript so
// Node can start it on its own: it makes TypeScript importable in this thread (tsx), then loads the
// task module. The same works under `npm start` (tsx) and under vitest, whose loaders do not reach
// worker threads. The spawner passes `execArgv: []`, so tsx is registered here once, not also by
// the parent's inherited `--import` (a second loader thread).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Large plain-JavaScript packages are imported before tsx's hooks exist: through them, pdfjs and
// its fake worker (2 MB, imported by pdfjs at the first document) took 1.5 of a worker's 2.5 s
// boot; imported first, the task's own imports find them loaded (pdf.worker.mjs also sets
// globalThis.pdfjsWorker, which pdfjs uses instead of importing it again).
for (const specifier of workerData.preload ?? []) await import(specifier);
register();
await import(workerData.entry);
