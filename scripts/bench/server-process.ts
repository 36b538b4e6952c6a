import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadyInfo, ServerMessage, ServerRequest } from './protocol.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '../..');
const SERVER = path.join(HERE, 'server.ts');

/**
 * `node <args>`, or with `fdLimit` `bash -c 'ulimit -n <fdLimit> && exec node <args>'` (a child
 * cannot raise its own limit; exec keeps the pid and the IPC channel).
 */
export function nodeCommand(args: string[], fdLimit?: number): { command: string; args: string[] } {
  if (!fdLimit) return { command: process.execPath, args };
  return { command: 'bash', args: ['-c', `ulimit -n ${Math.floor(fdLimit)} && exec "$0" "$@"`, process.execPath, ...args] };
}

/** A ServerRequest without its envelope (`type`, `id`). */
type Request = Omit<ServerRequest, 'type' | 'id'>;

/** The bench server child: started, awaited until seeded and listening, and always cleaned up. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private dir: string | null = null;
  private stopped: Promise<void> | null = null;
  private nextRequest = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();

  /**
   * Spawns `node --import tsx scripts/bench/server.ts` and resolves once it listens.
   * `env` adds variables (e.g. a smaller BENCH_ITEMS); `fdLimit` raises its open-files limit.
   */
  start(opts: {
    timeoutMs: number;
    cpuProfDir?: string;
    onProgress?: (text: string) => void;
    env?: Record<string, string>;
    fdLimit?: number;
  }): Promise<ReadyInfo> {
    // The child's temp dirs (buildTestApp's included, even when it fails half-way) go under one
    // dir of ours, removed on stop.
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-bench-'));
    const args = ['--import', 'tsx', '--expose-gc'];
    if (opts.cpuProfDir) args.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
    args.push(SERVER);
    const cmd = nodeCommand(args, opts.fdLimit);
    const child = spawn(cmd.command, cmd.args, {
      cwd: ROOT,
      env: { ...process.env, ...opts.env, LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', TMPDIR: this.dir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('message', (raw) => {
      const msg = raw as ServerMessage;
      if (msg.type !== 'reply') return;
      const waiting = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error !== undefined) waiting?.reject(new Error(`Server request failed: ${msg.error}`));
      else waiting?.resolve(msg.result);
    });
    child.on('exit', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('Server exited'));
      this.pending.clear();
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Server not ready after ${opts.timeoutMs / 1000}s`)), opts.timeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      child.on('error', fail);
      child.on('exit', (code, signal) => fail(new Error(`Server exited early (${signal ?? code})`)));
      child.on('message', (raw) => {
        const msg = raw as ServerMessage;
        if (msg.type === 'progress') opts.onProgress?.(msg.text);
        else if (msg.type === 'error') fail(new Error(`Server failed:\n${msg.message}`));
        else if (msg.type === 'ready') {
          clearTimeout(timer);
          resolve(msg.info);
        }
      });
    });
  }

  /** Asks the running child to do something (see ServerRequest); rejects after `timeoutMs`. */
  request<T>(req: Request, timeoutMs = 120_000): Promise<T> {
    const child = this.child;
    if (!child?.connected) return Promise.reject(new Error('Server not running'));
    const id = this.nextRequest++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`Server request ${req.op} timed out`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      child.send({ ...req, type: 'request', id } as ServerRequest);
    });
  }

  /** Stops the child (SIGTERM, then SIGKILL after 5 s) and removes its temp dir. Idempotent. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      const child = this.child;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      this.removeDir();
    })();
    return this.stopped;
  }

  /** Synchronous last resort for `process.on('exit')`. */
  killNow(): void {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    this.removeDir();
  }

  private removeDir(): void {
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
