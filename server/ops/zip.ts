import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** Zip writing (yazl) and safe extraction (yauzl) for backups. */

/** Files inside `dir`, recursively, as paths relative to it with `/` separators (none when dir is missing). */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) out.push(child);
    }
  };
  await walk('');
  return out.sort();
}

const STORED = /\.(jpe?g|png|webp|gif|avif|zip|gz|br|mp4|webm|mp3|woff2?)$/i;

export interface ZipSource {
  /** Name inside the zip (`/` separators). */
  name: string;
  /** File on disk. */
  file: string;
}

/**
 * Writes a zip of the given files. Each file is opened only when its turn comes, and a file that
 * disappeared in between (an upload deleted during the backup) is stored empty instead of failing
 * the whole archive.
 */
export async function writeZip(target: string, sources: ZipSource[]): Promise<void> {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream as Readable, fs.createWriteStream(target));
  for (const s of sources) {
    zip.addReadStreamLazy(s.name, { compress: !STORED.test(s.name) }, (cb) => {
      fs.open(s.file, 'r', (err, fd) => {
        if (err) return cb(null, Readable.from([]));
        cb(null, fs.createReadStream('', { fd }));
      });
    });
  }
  zip.end();
  await written;
}

/** A zip entry name that stays inside the extraction folder, or null. */
export function safeEntryName(name: string): string | null {
  if (name.includes('\\') || name.startsWith('/') || /^[a-z]:/i.test(name)) return null;
  const parts = name.split('/');
  if (parts.some((p) => p === '..' || p === '.')) return null;
  return parts.filter(Boolean).join('/');
}

/**
 * Extracts the entries `accept` returns a relative target for into `dir`. Names that would
 * escape the folder are refused (the whole zip is rejected).
 */
export async function extractZip(file: string, dir: string, accept: (name: string) => string | null): Promise<string[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, strictFileNames: false, validateEntrySizes: true });
  const extracted: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = safeEntryName(entry.fileName);
        if (name === null) return reject(new Error(`unsafe path in zip: ${entry.fileName}`));
        const rel = entry.fileName.endsWith('/') ? null : accept(name);
        if (rel === null) return zip.readEntry();
        const target = path.join(dir, rel);
        if (!target.startsWith(dir + path.sep)) return reject(new Error(`unsafe path in zip: ${entry.fileName}`));
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          fs.promises
            .mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, fs.createWriteStream(target)))
            .then(() => {
              extracted.push(rel);
              zip.readEntry();
            }, reject);
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return extracted;
}

/** True when the file starts like a zip archive. */
export async function looksLikeZip(file: string): Promise<boolean> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await fh.read(head, 0, 4, 0);
    return bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6);
  } finally {
    await fh.close();
  }
}
