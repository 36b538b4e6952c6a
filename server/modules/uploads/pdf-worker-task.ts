import * as fsp from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { UPLOAD_MAX_BYTES } from '../../../shared/constants.ts';
import { ExtractionError, extractPdf } from './extract/index.ts';
import { inspectPdf, UPLOAD_MESSAGES } from './pdf.ts';
import type { WorkerReply, WorkerTask } from './pdf-workers.ts';

/**
 * Runs in a worker thread: opens, checks and extracts PDFs, so a slow or hostile file blocks this
 * thread, never the server's event loop. The main thread stops it (terminate) on its time limit;
 * `resourceLimits` bound its heap. One task at a time.
 */
const port = parentPort;
if (!port) throw new Error('pdf-worker-task.ts must run in a worker thread');

async function bytesOf(task: WorkerTask): Promise<Uint8Array | null> {
  if ('bytes' in task.source) return task.source.bytes;
  // Size first: an oversized temp file is never read into this thread's heap.
  const { size } = await fsp.stat(task.source.path);
  if (size > UPLOAD_MAX_BYTES) return null;
  return new Uint8Array(await fsp.readFile(task.source.path));
}

async function run(task: WorkerTask): Promise<WorkerReply> {
  const bytes = await bytesOf(task);
  if (!bytes) return { type: 'problem', problem: { code: 'too_large', message: UPLOAD_MESSAGES.tooLarge } };
  const inspected = await inspectPdf(bytes);
  if (!inspected.ok) return { type: 'problem', problem: inspected.problem };
  const doc = inspected.doc;
  try {
    if (task.kind === 'check') return { type: 'checked', pages: inspected.pages };
    port?.postMessage({ type: 'opened', pages: inspected.pages } satisfies WorkerReply);
    try {
      const draft = await extractPdf(doc, {
        defaultSectionName: task.defaultSectionName,
        onPage: (done, total) => port?.postMessage({ type: 'page', done, total } satisfies WorkerReply),
      });
      return { type: 'extracted', pages: inspected.pages, draft };
    } catch (err) {
      if (err instanceof ExtractionError) return { type: 'unusable', message: err.message };
      throw err;
    }
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

port.on('message', (task: WorkerTask) => {
  run(task).then(
    (reply) => port.postMessage(reply),
    (err: unknown) => port.postMessage({ type: 'crashed', message: String((err as Error | null)?.stack ?? err) } satisfies WorkerReply),
  );
});
