import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadyInfo, ServerMessage } from './protocol.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '../..');
const SERVER = path.join(HERE, 'server.ts');

/** The bench server child: started, awaited until seeded and listening, and always cleaned up. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private dir: string | null = null;
  private stopped: Promise<void> | null = null;

  /** Spawns `node --import tsx scripts/bench/server.ts` and resolves once it listens. */
  start(opts: { timeoutMs: number; cpuProfDir?: string; onProgress?: (text: string) => void }): Promise<ReadyInfo> {
    // The child's temp dirs (buildTestApp's included, even when it fails half-way) go under one
    // dir of ours, removed on stop.
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-bench-'));
    const args = ['--import', 'tsx', '--expose-gc'];
    if (opts.cpuProfDir) args.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
    args.push(SERVER);
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', TMPDIR: this.dir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
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
