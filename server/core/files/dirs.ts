import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import path from 'node:path';

function codeOf(err: unknown): string {
  return (err as NodeJS.ErrnoException | null)?.code ?? '';
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await fsp.stat(dir).catch(() => null))?.isDirectory() ?? false;
}

/**
 * `mkdir -p` that always ends. Node's own `mkdir(…, { recursive: true })` retries forever when
 * mkdir answers ENOENT although the parent exists (a path under /proc, a parent removed again and
 * again), burning a CPU core. Here every level is tried at most twice: once, and once more after
 * its parent was made.
 */
export async function ensureDir(dir: string): Promise<void> {
  const target = path.resolve(dir);
  try {
    await fsp.mkdir(target);
    return;
  } catch (err) {
    if (codeOf(err) === 'EEXIST' && (await isDirectory(target))) return;
    if (codeOf(err) !== 'ENOENT') throw err;
  }
  const parent = path.dirname(target);
  if (parent === target) throw Object.assign(new Error(`cannot create ${target}`), { code: 'ENOENT' });
  await ensureDir(parent);
  try {
    await fsp.mkdir(target);
  } catch (err) {
    if (codeOf(err) === 'EEXIST' && (await isDirectory(target))) return;
    throw err;
  }
}

/**
 * Makes sure `dir` exists and this process can create and remove files in it (a probe file),
 * so a bad folder is reported once at startup instead of as a 500 on every upload.
 * Returns null when fine, else what is wrong (the errno code and message).
 */
export async function writableDirProblem(dir: string): Promise<string | null> {
  try {
    await ensureDir(dir);
  } catch (err) {
    return `cannot be created (${codeOf(err) || 'error'}: ${(err as Error).message})`;
  }
  if (!(await isDirectory(dir))) return 'is not a directory';
  const probe = path.join(dir, `.write-probe-${randomBytes(6).toString('hex')}`);
  try {
    await fsp.writeFile(probe, 'probe', { flag: 'wx' });
    await fsp.unlink(probe);
  } catch (err) {
    await fsp.rm(probe, { force: true }).catch(() => undefined);
    return `is not writable (${codeOf(err) || 'error'}: ${(err as Error).message})`;
  }
  return null;
}
