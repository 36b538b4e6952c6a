import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { ensureDir } from './dirs.ts';
import { randomSuffix } from './names.ts';

/** Storage backend for record files. Keys are "/"-separated, e.g. "<collectionId>/<recordId>/<filename>". */
export interface FileStorage {
  /** Creates parent dirs and writes atomically (tmp file + rename), so readers never see partial files. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Moves a finished file (an upload streamed to disk) into place, as atomically as put();
   * the source is gone afterwards. Large uploads never pass through memory this way.
   */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** null when the file does not exist. */
  read(key: string): Promise<Buffer | null>;
  /** null when the file does not exist (or is not a regular file). */
  stat(key: string): Promise<{ size: number; mtimeMs: number } | null>;
  /** `range` is inclusive on both ends (same as HTTP Range). Throws synchronously on an invalid key. */
  openReadStream(key: string, range?: { start: number; end: number }): NodeJS.ReadableStream;
  /** A missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes everything under the prefix, e.g. "<collectionId>/<recordId>" (incl. thumbs). */
  deletePrefix(prefix: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/**
 * Throws unless `key` is a plain relative "/"-separated path. Keys are built from
 * ids and file names, so anything path-like (absolute, "..", "\", NUL) is an attack.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key === '') throw new Error('invalid storage key: empty');
  if (key.includes('\0')) throw new Error('invalid storage key: NUL byte');
  if (key.includes('\\')) throw new Error('invalid storage key: backslash');
  // Leading "/" (POSIX absolute) or "C:" (Windows drive) would ignore rootDir in path.join/resolve.
  if (key.startsWith('/') || /^[a-zA-Z]:/.test(key)) throw new Error('invalid storage key: absolute path');
  for (const seg of key.split('/')) {
    // Empty and "." segments are rejected too, so every key has exactly one spelling.
    if (seg === '' || seg === '.' || seg === '..') throw new Error(`invalid storage key segment: ${JSON.stringify(seg)}`);
  }
}

function isNotFound(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function tmpNameFor(full: string): string {
  return path.join(path.dirname(full), `.${path.basename(full)}.${randomSuffix(8)}.tmp`);
}

export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  const resolveKey = (key: string): string => {
    assertValidKey(key);
    const full = path.resolve(root, ...key.split('/'));
    // Defence in depth: validation should already make this impossible.
    if (!full.startsWith(root + path.sep)) throw new Error('invalid storage key: escapes root');
    return full;
  };

  const stat = async (key: string) => {
    const full = resolveKey(key);
    try {
      const st = await fsp.stat(full);
      return st.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };

  return {
    async put(key, data) {
      const full = resolveKey(key);
      await ensureDir(path.dirname(full));
      // Tmp file in the same dir so rename() is atomic (same filesystem).
      const tmp = tmpNameFor(full);
      try {
        const fh = await fsp.open(tmp, 'wx');
        try {
          await fh.writeFile(data);
          await fh.sync(); // without fsync a crash after rename could leave an empty file
        } finally {
          await fh.close();
        }
        await fsp.rename(tmp, full);
      } catch (err) {
        await fsp.rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
    },

    async putFile(key, sourcePath) {
      const full = resolveKey(key);
      await ensureDir(path.dirname(full));
      // Flushed before it becomes visible, as put() does: a crash must not leave an empty file.
      const fh = await fsp.open(sourcePath, 'r+');
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
      try {
        await fsp.rename(sourcePath, full);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      }
      // Another filesystem (DATA_DIR and UPLOADS_DIR on different volumes): copy next to the
      // target, then rename there.
      const tmp = tmpNameFor(full);
      try {
        await fsp.copyFile(sourcePath, tmp, fsp.constants.COPYFILE_EXCL);
        const copy = await fsp.open(tmp, 'r+');
        try {
          await copy.sync();
        } finally {
          await copy.close();
        }
        await fsp.rename(tmp, full);
      } catch (err) {
        await fsp.rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
      await fsp.rm(sourcePath, { force: true });
    },

    async read(key) {
      const full = resolveKey(key);
      try {
        return await fsp.readFile(full);
      } catch (err) {
        if (isNotFound(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
    },

    stat,

    openReadStream(key, range) {
      const full = resolveKey(key);
      return range ? createReadStream(full, { start: range.start, end: range.end }) : createReadStream(full);
    },

    async delete(key) {
      const full = resolveKey(key);
      try {
        await fsp.unlink(full);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },

    async deletePrefix(prefix) {
      // Validation rejects "" so this can never wipe the whole root.
      const full = resolveKey(prefix.replace(/\/+$/, ''));
      await fsp.rm(full, { recursive: true, force: true });
    },

    async exists(key) {
      return (await stat(key)) !== null;
    },
  };
}
