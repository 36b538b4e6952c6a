import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureDir, writableDirProblem } from './dirs.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dirs-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('ensureDir', () => {
  it('creates missing parents and accepts an existing directory', async () => {
    const dir = path.join(root, 'a', 'b', 'c');
    await ensureDir(dir);
    await ensureDir(dir);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
  });

  it('fails (instead of spinning) where mkdir answers ENOENT although the parent exists', async () => {
    // Node's recursive mkdir retries this forever at 100% CPU; a hang fails this test by timeout.
    await expect(ensureDir(`/proc/qrmenu-${process.pid}/uploads`)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 5000);

  it('fails on a path through a regular file (also for root)', async () => {
    fs.writeFileSync(path.join(root, 'file'), 'x');
    await expect(ensureDir(path.join(root, 'file', 'uploads'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(ensureDir(path.join(root, 'file'))).rejects.toMatchObject({ code: 'EEXIST' });
  });
});

describe('writableDirProblem', () => {
  it('is null for a writable folder, created if needed, and leaves no probe file', async () => {
    const dir = path.join(root, 'new', 'uploads');
    expect(await writableDirProblem(dir)).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('names what is wrong', async () => {
    fs.writeFileSync(path.join(root, 'file'), 'x');
    expect(await writableDirProblem(path.join(root, 'file', 'uploads'))).toMatch(/^cannot be created \(ENOTDIR: /);
    expect(await writableDirProblem(path.join(root, 'file'))).toMatch(/^cannot be created \(EEXIST: /);
    expect(await writableDirProblem('/proc/qrmenu-uploads')).toMatch(/^cannot be created \(ENOENT: /);
    // /proc/self exists but nobody, not even root, can create files in it.
    expect(await writableDirProblem('/proc/self')).toMatch(/^is not writable \((ENOENT|EACCES|EPERM): /);
  });
});
