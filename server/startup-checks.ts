import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Config } from './config.ts';
import { writableDirProblem } from './core/files/dirs.ts';
import { s3BucketProblem } from './core/files/s3-storage.ts';
import { UPLOAD_TEMP_PREFIX } from './http/body.ts';

/**
 * Folders the app writes to, checked before anything else starts: created if missing and probed
 * for writing. A problem stops the start with a message naming the variable, the path, what is
 * wrong and what to do (instead of a 500 on every upload, or a hung mkdir).
 */
export async function checkStorageDirs(config: Config): Promise<void> {
  const dirs: Array<{ env: string; dir: string; what: string }> = [
    { env: 'DATA_DIR', dir: config.dataDir, what: 'the database folder' },
    // With S3 storage, UPLOADS_DIR is not used (the bucket is probed below).
    ...(config.s3Storage ? [] : [{ env: 'UPLOADS_DIR', dir: config.uploadsDir, what: 'the uploaded files folder' }]),
    { env: 'DATA_DIR', dir: config.uploads.tmpDir, what: 'the folder for uploads in progress' },
  ];
  const problems: string[] = [];
  for (const { env, dir, what } of dirs) {
    const problem = await writableDirProblem(dir);
    if (problem) {
      problems.push(
        `  ${env}: ${dir} (${what}) ${problem}.\n    Create it and make it writable for the user running the server (uid ${process.getuid?.() ?? '?'}), or set ${env} to a writable folder.`,
      );
    }
  }
  if (problems.length) throw new ConfigError(`Cannot start: a storage folder is unusable:\n${problems.join('\n')}`);
  if (config.s3Storage) {
    const { endpoint, bucket } = config.s3Storage;
    const problem = await s3BucketProblem(config.s3Storage);
    if (problem)
      throw new ConfigError(
        `Cannot start: the S3 bucket for files is unusable:\n  STORAGE_S3_BUCKET: ${bucket} at ${endpoint} does not take a test write (${problem}).\n    Check the bucket exists, the endpoint, region, access key and secret, and STORAGE_S3_FORCE_PATH_STYLE.`,
      );
  }
  await sweepUploadTemp(config.uploads.tmpDir);
}

/** Parts of uploads cut short by a crash: nothing can still be writing them when the app starts. */
async function sweepUploadTemp(dir: string): Promise<void> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(UPLOAD_TEMP_PREFIX)).map((n) => fsp.rm(path.join(dir, n), { force: true }).catch(() => undefined)),
  );
}
