import * as fsp from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { PassThrough, pipeline, Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, type FileStorage } from './storage.ts';

/** STORAGE_S3_*: an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage…). */
export interface S3StorageConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secret: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, Garage, most self-hosted stores). */
  forcePathStyle: boolean;
}

/** Bytes per part of a multipart upload (S3's minimum is 5 MiB) and parts in flight: the most an upload holds in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** Keys per ListObjectsV2 page and per DeleteObjects request: S3's maximum for both. */
const S3_KEYS_MAX = 1000;

/**
 * A missing object (GetObject's NoSuchKey, HeadObject's bodiless 404 "NotFound"), and nothing
 * else: NoSuchBucket or a denied request is a broken setup and must not look like a missing file.
 */
function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** A missing object as the local storage reports a missing file, so callers need not know the backend. */
function enoent(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such object, ${key}`), { code: 'ENOENT' });
}

/** Passes `take` bytes after skipping `skip`, drops the rest. */
function sliceBytes(skip: number, take: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.min(skip, chunk.length);
      skip -= from;
      const part = chunk.subarray(from, from + take);
      take -= part.length;
      done(null, part.length ? part : undefined);
    },
  });
}

/**
 * The body of a ranged GetObject as exactly the bytes asked for. HTTP lets a server ignore a
 * Range (a 200 with everything) and some S3-compatible stores widen one (s3rver answers
 * `bytes=0-0` with the whole object): whatever came back is cut to the range, never passed on longer.
 */
function exactRange(body: Readable, contentRange: string | undefined, range: { start: number; end: number }): Readable {
  const served = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
  const from = served ? Number(served[1]) : 0;
  const to = served ? Number(served[2]) : Number.MAX_SAFE_INTEGER;
  if (from === range.start && to === range.end) return body;
  if (from > range.start) throw new Error(`S3 answered range ${contentRange ?? ''} for bytes=${range.start}-${range.end}`);
  return pipeline(body, sliceBytes(range.start - from, Math.min(range.end, to) - range.start + 1), () => undefined);
}

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secret },
    // Checksums only where S3 requires them (DeleteObjects): several S3-compatible stores do not
    // accept the SDK's default trailing checksums on every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer fails the request instead of hanging it (requestTimeout is idle time on the socket).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * Record files in an S3-compatible bucket, with the same keys and the same answers as
 * createLocalStorage: a missing object is null/false, deletes of missing objects succeed.
 * Objects become visible only once complete (S3 PUT and multipart completion are atomic).
 */
export function createS3Storage(
  config: S3StorageConfig,
  client: S3Client = createS3Client(config),
  /** Smaller pages and batches let tests cover paging without thousands of objects. */
  limits: { listPage: number; deleteBatch: number } = { listPage: S3_KEYS_MAX, deleteBatch: S3_KEYS_MAX },
): FileStorage {
  const Bucket = config.bucket;

  const stat = async (key: string) => {
    assertValidKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, mtimeMs: head.LastModified?.getTime() ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };

  const deleteKeys = async (keys: string[]) => {
    if (!keys.length) return;
    const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
    if (failed.length)
      throw new Error(`S3 DeleteObjects failed for ${failed.length} key(s): ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`);
  };

  return {
    async put(key, data) {
      assertValidKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }));
    },

    async putFile(key, sourcePath) {
      assertValidKey(key);
      const { size } = await fsp.stat(sourcePath);
      // Streamed from the temp file: small files in one PUT, large ones in parts of PART_SIZE,
      // never more than QUEUE_SIZE parts in memory.
      const body = createReadStream(sourcePath);
      try {
        await new Upload({
          client,
          params: { Bucket, Key: key, Body: body, ContentLength: size },
          partSize: PART_SIZE,
          queueSize: QUEUE_SIZE,
        }).done();
      } finally {
        body.destroy();
      }
      await fsp.rm(sourcePath, { force: true });
    },

    async read(key) {
      assertValidKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    stat,

    openReadStream(key, range) {
      assertValidKey(key);
      const out = new PassThrough();
      const abort = new AbortController();
      // The reader went away (client closed the connection): stop the download from the bucket too.
      out.on('close', () => abort.abort());
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      client.send(new GetObjectCommand({ Bucket, Key: key, Range }), { abortSignal: abort.signal }).then(
        (res) => {
          try {
            const body = range ? exactRange(res.Body as Readable, res.ContentRange, range) : (res.Body as Readable);
            pipeline(body, out, () => undefined);
          } catch (err) {
            (res.Body as Readable).destroy();
            out.destroy(err as Error);
          }
        },
        (err: unknown) => {
          out.destroy(isNotFound(err) ? enoent(key) : (err as Error));
        },
      );
      return out;
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a key that does not exist: deleting twice is fine.
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },

    async deletePrefix(prefix) {
      // Validation rejects "" so this can never empty the whole bucket.
      const base = prefix.replace(/\/+$/, '');
      assertValidKey(base);
      // "c/r1/" and not "c/r1": the record r10 must not go with r1. The key itself goes too, as on disk.
      const keys: string[] = [base];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${base}/`, ContinuationToken, MaxKeys: limits.listPage }),
        );
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        while (keys.length >= limits.deleteBatch) await deleteKeys(keys.splice(0, limits.deleteBatch));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      await deleteKeys(keys);
    },

    async exists(key) {
      return (await stat(key)) !== null;
    },
  };
}

/**
 * Checks at startup that the bucket takes writes (a probe object written and removed), so wrong
 * credentials or a missing bucket stop the start with one message instead of a 500 on every upload.
 * Returns null when fine, else what went wrong.
 */
export async function s3BucketProblem(config: S3StorageConfig): Promise<string | null> {
  const client = createS3Client(config);
  const storage = createS3Storage(config, client);
  const key = `.write-probe/${process.pid}-${Date.now()}`;
  try {
    await storage.put(key, Buffer.from('probe'));
    await storage.delete(key);
    return null;
  } catch (err) {
    const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode ? ` (HTTP ${e.$metadata.httpStatusCode})` : '';
    return `${e.name ?? 'Error'}${status}: ${e.message ?? String(err)}`;
  } finally {
    client.destroy();
  }
}
