// Entry of the PDF worker thread (pdf-workers.ts). Plain JavaScript so Node can start it on its
// own: it makes TypeScript importable in this thread (tsx), then loads the task module. The same
// works under `npm start` (tsx) and under vitest, whose loaders do not reach worker threads.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
