import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import BetterSqlite3 from 'better-sqlite3';
import { databaseFile, type AppContext } from '../context.ts';
import { formatDateTime } from '../core/datetime.ts';
import { ApiError, fieldError } from '../core/errors.ts';
import { invalidData } from './guard.ts';
import { extractZip, listFiles, looksLikeZip, writeZip } from './zip.ts';

/**
 * Backups: one zip per backup in `DATA_DIR/backups/` holding `data.db` (a consistent online
 * snapshot through SQLite's backup API, taken while the app keeps serving) and `uploads/…` (the
 * uploaded files). Request logs (`auxiliary.db`) are not included.
 *
 * Restore: the zip is extracted next to the database and checked (it must contain a `data.db`
 * that passes `PRAGMA integrity_check` and has our tables) *before* the request answers 204. Then
 * the app restarts itself in-process through the `Restarter` the entry point provides: the
 * running app closes (in-flight requests finish, SQLite closes cleanly), the files are swapped by
 * renames (the previous ones are kept aside until the new app is up, and put back if it fails to
 * start), and a new app is built and listens on the same port, applying migrations as at boot.
 */

/** Closes the running app, runs `between` (with no database open), then builds and starts a new app. */
export type Restarter = (between: () => Promise<void>) => Promise<void>;

export interface BackupInfo {
  key: string;
  size: number;
  modified: string;
}

interface Log {
  info(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

export const BUSY_MESSAGE = 'Try again later - another backup/restore process has already been started';
export const INVALID_BACKUP = 'Missing or invalid backup file.';
/** With S3 storage a zip here would hold the database without its files: backups are the bucket's and the database's own. */
export const S3_BACKUPS_MESSAGE =
  "Backups are not available with S3 file storage: the files live in the bucket. Use the bucket's versioning or replication for files, and copy the database file (data.db) with SQLite's online backup.";
/** With PostgreSQL (DATABASE_URL) the database is not a file here: its backups are the database server's. */
export const PG_BACKUPS_MESSAGE =
  "Backups are not available with PostgreSQL (DATABASE_URL): back up the database with PostgreSQL's own tools (pg_dump, or your provider's point-in-time recovery) and the files with the bucket's versioning or replication.";
/** Names a client may choose. */
const NAME_RE = /^[a-z0-9_-]+\.zip$/;
/** Keys we list and serve: client names, uploaded names and `@auto_…` scheduled ones; never dotfiles (work in progress). */
const KEY_RE = /^@?[\w-][\w.-]*\.zip$/;
const AUTO_PREFIX = '@auto_';

const services = new WeakMap<AppContext, BackupService>();

/** For `/api/health`: false while a backup or restore runs. */
export function canBackup(ctx: AppContext): boolean {
  return !services.get(ctx)?.busy;
}

function snake(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'app'
  );
}

async function exists(file: string): Promise<boolean> {
  return fs.promises.access(file).then(
    () => true,
    () => false,
  );
}

/** Moves a folder; across filesystems or onto a mount point, moves its contents instead. */
async function moveDir(src: string, dst: string): Promise<void> {
  try {
    await fs.promises.rename(src, dst);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (!['EXDEV', 'EBUSY', 'EPERM', 'ENOTEMPTY', 'EEXIST', 'EACCES'].includes(code)) throw err;
  }
  await fs.promises.mkdir(dst, { recursive: true });
  for (const name of await fs.promises.readdir(dst)) await fs.promises.rm(path.join(dst, name), { recursive: true, force: true });
  for (const name of await fs.promises.readdir(src)) {
    await fs.promises.cp(path.join(src, name), path.join(dst, name), { recursive: true });
    await fs.promises.rm(path.join(src, name), { recursive: true, force: true });
  }
  // A mount point cannot be removed; its (now empty) folder stays.
  await fs.promises.rm(src, { recursive: true, force: true }).catch(() => undefined);
}

/** Opens a restored database file and checks it is intact and ours. */
export function checkDatabase(file: string): void {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`integrity_check: ${String(result)}`);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('_params', '_superusers')").all();
    if (tables.length !== 2) throw new Error('not a database of this app');
  } finally {
    db.close();
  }
}

export class BackupService {
  readonly dir: string;
  private running: string | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly restarter: Restarter | undefined,
    private readonly log: Log,
  ) {
    this.dir = path.join(ctx.config.dataDir, 'backups');
    services.set(ctx, this);
  }

  get busy(): boolean {
    return this.running !== null;
  }

  private acquire(key: string): void {
    if (this.running) throw new ApiError(400, BUSY_MESSAGE);
    this.running = key;
  }

  private release(): void {
    this.running = null;
  }

  async list(): Promise<BackupInfo[]> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: BackupInfo[] = [];
    for (const key of names.filter((n) => KEY_RE.test(n)).sort()) {
      const stat = await fs.promises.stat(path.join(this.dir, key)).catch(() => null);
      if (stat?.isFile()) out.push({ key, size: stat.size, modified: formatDateTime(stat.mtime) });
    }
    return out;
  }

  /** The file of an existing backup, or null (also for keys that are not backup names). */
  fileOf(key: string): string | null {
    if (!KEY_RE.test(key)) return null;
    const file = path.join(this.dir, key);
    try {
      return fs.statSync(file).isFile() ? file : null;
    } catch {
      return null;
    }
  }

  /** `pb_backup_{app}_{YYYYMMDDhhmmss}.zip` (UTC), made unique within the second. */
  private autoName(prefix = ''): string {
    const stamp = this.ctx.config.now().toISOString().replace(/\D/g, '').slice(0, 14);
    const base = `${prefix}pb_backup_${snake(this.ctx.config.appName)}_${stamp}`;
    let name = `${base}.zip`;
    for (let i = 2; fs.existsSync(path.join(this.dir, name)); i++) name = `${base}_${i}.zip`;
    return name;
  }

  private checkNewName(name: string, field: string): void {
    if (name.length > 150)
      throw invalidData({
        [field]: fieldError('validation_length_out_of_range', 'The length must be between 1 and 150.', { min: 1, max: 150 }),
      });
    if (!NAME_RE.test(name)) throw invalidData({ [field]: fieldError('validation_match_invalid', 'Must be in a valid format.') });
    if (fs.existsSync(path.join(this.dir, name))) {
      throw invalidData({ [field]: fieldError('validation_backup_name_exists', 'The backup file name is invalid or already exists.') });
    }
  }

  /** Creates a backup (waits for it); returns its key. */
  async create(name?: string, prefix = ''): Promise<string> {
    if (this.ctx.config.s3Storage) throw new ApiError(400, S3_BACKUPS_MESSAGE);
    if (!this.ctx.sqlite) throw new ApiError(400, PG_BACKUPS_MESSAGE);
    const key = name ?? this.autoName(prefix);
    if (name !== undefined) this.checkNewName(name, 'name');
    this.acquire(key);
    const started = Date.now();
    try {
      await fs.promises.mkdir(this.dir, { recursive: true });
      const work = await fs.promises.mkdtemp(path.join(this.dir, '.create-'));
      try {
        const snapshot = path.join(work, 'data.db');
        // Online and consistent: pages copied in steps between other work; writes of this connection are followed.
        await this.ctx.sqlite.backup(snapshot);
        const uploads = await listFiles(this.ctx.config.uploadsDir);
        const zipFile = path.join(work, 'backup.zip');
        await writeZip(zipFile, [
          { name: 'data.db', file: snapshot },
          ...uploads.map((rel) => ({ name: `uploads/${rel}`, file: path.join(this.ctx.config.uploadsDir, rel) })),
        ]);
        const target = path.join(this.dir, key);
        if (fs.existsSync(target)) throw new ApiError(400, 'The backup file name is invalid or already exists.');
        await fs.promises.rename(zipFile, target);
        this.log.info({ key, files: uploads.length, ms: Date.now() - started }, 'backup created');
      } finally {
        await fs.promises.rm(work, { recursive: true, force: true });
      }
    } finally {
      this.release();
    }
    return key;
  }

  /** Stores an uploaded backup zip under its (sanitised) file name. */
  async saveUpload(stream: Readable, filename: string): Promise<string> {
    const key =
      path
        .basename(filename)
        .toLowerCase()
        .replace(/\.zip$/, '')
        .replace(/[^a-z0-9_-]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .slice(0, 140) + '.zip';
    await fs.promises.mkdir(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `.upload-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(stream, fs.createWriteStream(tmp));
      if ((stream as Readable & { truncated?: boolean }).truncated) throw new ApiError(413);
      if (!(await looksLikeZip(tmp))) {
        throw invalidData({
          file: fieldError('validation_invalid_mime_type', `"${path.basename(filename)}" mime type must be one of: application/zip.`),
        });
      }
      this.checkNewName(key, 'file');
      await fs.promises.rename(tmp, path.join(this.dir, key));
      return key;
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.fileOf(key);
    if (!file) throw new ApiError(400, 'Invalid or already deleted backup file. Raw error: file does not exist');
    if (this.running === key) throw new ApiError(400, 'The backup is currently in use and cannot be deleted.');
    await fs.promises.rm(file);
  }

  /** Deletes the oldest scheduled backups beyond `keep`. */
  async pruneAuto(keep: number): Promise<string[]> {
    const auto = await Promise.all(
      (await this.list())
        .filter((b) => b.key.startsWith(AUTO_PREFIX))
        .map(async (b) => ({
          key: b.key,
          time: (await fs.promises.stat(path.join(this.dir, b.key)).catch(() => null))?.mtimeMs ?? 0,
        })),
    );
    // Newest first; same instant: the later name (`_2` suffixes) first.
    auto.sort((a, b) => b.time - a.time || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
    const removed: string[] = [];
    for (const b of auto.slice(keep)) {
      await fs.promises.rm(path.join(this.dir, b.key), { force: true });
      removed.push(b.key);
    }
    return removed;
  }

  /** The scheduled backup job: a new `@auto_…` backup, then retention. */
  async scheduled(keep: number): Promise<void> {
    if (this.busy) {
      this.log.info({}, 'scheduled backup skipped: another backup/restore is running');
      return;
    }
    await this.create(undefined, AUTO_PREFIX);
    await this.pruneAuto(keep);
  }

  /**
   * Validates and stages a restore; returns what to run once the 204 was sent. Throws 400 for a
   * missing or broken backup (nothing changed then).
   */
  async prepareRestore(key: string): Promise<() => Promise<void>> {
    if (this.ctx.config.s3Storage) throw new ApiError(400, S3_BACKUPS_MESSAGE);
    if (!this.ctx.sqlite) throw new ApiError(400, PG_BACKUPS_MESSAGE);
    const file = this.fileOf(key);
    if (!file) throw new ApiError(400, INVALID_BACKUP);
    if (!this.restarter) throw new ApiError(400, 'Restoring needs the app to be started by server/index.ts (it restarts itself).');
    this.acquire(key);
    const staging = path.join(this.ctx.config.dataDir, `.restore-${Date.now()}`);
    try {
      const names = await extractZip(file, staging, (name) => (name === 'data.db' || name.startsWith('uploads/') ? name : null));
      if (!names.includes('data.db')) throw new Error('the zip has no data.db');
      checkDatabase(path.join(staging, 'data.db'));
      await fs.promises.mkdir(path.join(staging, 'uploads'), { recursive: true });
    } catch (err) {
      await fs.promises.rm(staging, { recursive: true, force: true });
      this.release();
      this.log.error({ err, key }, 'backup restore refused');
      throw new ApiError(400, INVALID_BACKUP);
    }
    return () => this.swapAndRestart(key, staging);
  }

  private async swapAndRestart(key: string, staging: string): Promise<void> {
    const restarter = this.restarter as Restarter;
    const dbFile = databaseFile(this.ctx.config);
    const uploadsDir = this.ctx.config.uploadsDir;
    const aside = path.join(this.ctx.config.dataDir, `.restore-previous-${Date.now()}`);
    const suffixes = ['', '-wal', '-shm'];
    const swap = async () => {
      await fs.promises.mkdir(aside, { recursive: true });
      for (const s of suffixes) {
        if (await exists(dbFile + s)) await fs.promises.rename(dbFile + s, path.join(aside, `data.db${s}`));
      }
      await fs.promises.rename(path.join(staging, 'data.db'), dbFile);
      if (await exists(uploadsDir)) await moveDir(uploadsDir, path.join(aside, 'uploads'));
      await moveDir(path.join(staging, 'uploads'), uploadsDir);
      await fs.promises.rm(staging, { recursive: true, force: true });
    };
    const rollback = async () => {
      if (!(await exists(path.join(aside, 'data.db')))) return;
      for (const s of suffixes) {
        await fs.promises.rm(dbFile + s, { force: true });
        if (await exists(path.join(aside, `data.db${s}`))) await fs.promises.rename(path.join(aside, `data.db${s}`), dbFile + s);
      }
      if (await exists(path.join(aside, 'uploads'))) await moveDir(path.join(aside, 'uploads'), uploadsDir);
    };
    try {
      await restarter(swap);
      this.log.info({ key }, 'backup restored');
      await fs.promises.rm(aside, { recursive: true, force: true });
    } catch (err) {
      this.log.error({ err, key }, 'backup restore failed: putting the previous data back');
      try {
        await restarter(rollback);
      } catch (err2) {
        this.log.error({ err: err2 }, 'restart after a failed restore failed');
      }
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}
