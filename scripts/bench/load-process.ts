import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadMessage, LoadTask } from './protocol.ts';
import { nodeCommand, ROOT } from './server-process.ts';

const CLIENTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sse-clients.ts');

const running = new Set<ChildProcess>();

/** Kills any load generator still running (for the runner's cleanup). */
export function killLoadGenerators(): void {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * Runs one task in a fresh load-generator process (scripts/bench/sse-clients.ts), so the runner
 * stays light and every delivery is timed on one clock. Killed and rejected after `timeoutMs`.
 */
export function runLoad<T>(task: LoadTask, opts: { timeoutMs: number; fdLimit?: number; onProgress?: (text: string) => void }): Promise<T> {
  const cmd = nodeCommand(['--import', 'tsx', CLIENTS], opts.fdLimit);
  const child = spawn(cmd.command, cmd.args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  running.add(child);
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() => reject(new Error(`load generator (${task.type}) overran ${opts.timeoutMs / 1000}s and was killed`)));
    }, opts.timeoutMs);
    child.on('error', (err) => finish(() => reject(err)));
    child.on('exit', (code, signal) => {
      running.delete(child);
      finish(() => reject(new Error(`load generator exited early (${signal ?? code})`)));
    });
    child.on('message', (raw) => {
      const msg = raw as LoadMessage;
      if (msg.type === 'progress') opts.onProgress?.(msg.text);
      else if (msg.type === 'error') finish(() => reject(new Error(`load generator failed:\n${msg.message}`)));
      else if (msg.type === 'result') finish(() => resolve(msg.result as T));
    });
    child.send(task);
  });
}
