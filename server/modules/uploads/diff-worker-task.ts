import { parentPort } from 'node:worker_threads';
import { applyChanges, diffMenu } from '../../../shared/menu-diff.ts';
import type { DiffReply, DiffTask } from './diff-workers.ts';

/**
 * The diff worker thread (diff-workers.ts, started through pdf-worker-boot.mjs): compares a live
 * menu with a draft, and with `accept` also plans the menu after those changes.
 */
const port = parentPort;
if (!port) throw new Error('diff-worker-task runs in a worker thread');
port.on('message', (task: DiffTask) => {
  port.postMessage({ type: 'started' } satisfies DiffReply);
  try {
    const changes = diffMenu(task.live, task.draft);
    const planned = task.accept ? applyChanges(task.live, task.draft, changes, task.accept) : undefined;
    port.postMessage({ type: 'done', changes, planned } satisfies DiffReply);
  } catch (err) {
    port.postMessage({ type: 'crashed', message: err instanceof Error ? err.message : String(err) } satisfies DiffReply);
  }
});
