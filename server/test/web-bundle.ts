import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The production build of the web app for every test suite that serves it (browser tests, the CSP
 * check of built pages). Built at most once per state of its sources, on demand by whichever suite
 * needs it first, into `node_modules/.cache/qrmenu-web/<hash of the inputs>`. A bundle directory
 * appears complete (atomic rename) and never changes afterwards, so suites read it in place: a
 * rebuild of web/dist (`npm start`) or another run can never swap assets under a running test, and
 * no test depends on a build another suite happened to make.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'qrmenu-web');
/** Bundles of older source states kept for other checkouts' runs; the rest is removed. */
const KEEP = 3;
const BUILD_TIMEOUT_MS = 10 * 60_000;

/** What the build reads: the app's sources and config, shared/, the dependency lock and the build script. */
function inputFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'e2e'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(ROOT, 'web'));
  walk(path.join(ROOT, 'shared'));
  files.push(path.join(ROOT, 'package-lock.json'), path.join(ROOT, 'scripts', 'build-web.ts'));
  return files.sort();
}

export function webSourceHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of inputFiles()) {
    hash.update(path.relative(ROOT, file)).update('\0');
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the build lock of one bundle; false while a live process holds it. */
function tryLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A lock without a live owner (a killed run) is removed; one just created may have no pid yet.
    try {
      const owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')) || 0;
      if (owner && !isAlive(owner)) fs.rmSync(lock, { recursive: true, force: true });
    } catch {
      if (fs.existsSync(lock) && Date.now() - fs.statSync(lock).mtimeMs > 10_000) fs.rmSync(lock, { recursive: true, force: true });
    }
    return false;
  }
}

function prune(keep: string): void {
  const bundles = fs
    .readdirSync(CACHE, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[0-9a-f]{16}$/.test(e.name) && e.name !== keep)
    .map((e) => ({ dir: path.join(CACHE, e.name), at: fs.statSync(path.join(CACHE, e.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of bundles.slice(KEEP - 1)) fs.rmSync(old.dir, { recursive: true, force: true });
}

/** The directory of the built web app for the current sources, building it first if needed. */
export async function webBundle(): Promise<string> {
  const hash = webSourceHash();
  const dir = path.join(CACHE, hash);
  const lock = `${dir}.lock`;
  fs.mkdirSync(CACHE, { recursive: true });
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!fs.existsSync(dir)) {
    if (Date.now() > deadline) throw new Error(`no web bundle at ${dir} after ${BUILD_TIMEOUT_MS / 1000} s`);
    if (!tryLock(lock)) {
      await new Promise((r) => setTimeout(r, 250)); // another suite or run is building this one
      continue;
    }
    try {
      if (fs.existsSync(dir)) break;
      const partial = `${dir}.partial-${process.pid}`;
      fs.rmSync(partial, { recursive: true, force: true });
      const started = Date.now();
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts', '--out', partial], {
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      });
      fs.renameSync(partial, dir);
      console.info(`[web-bundle] built ${path.relative(ROOT, dir)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      prune(hash);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}
