import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../core/files/s3-storage.ts';

/**
 * s3rver in its own process. `--openssl-legacy-provider`: it signs ListObjectsV2 continuation
 * tokens with DES, which Node's OpenSSL 3 only offers from the legacy provider (without it, any
 * listing past 1,000 keys answers 500).
 */
const SERVER = `
import S3rver from 's3rver';
const [dir, bucket, verbose] = process.argv.slice(1);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: verbose !== '1', directory: dir, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(JSON.stringify({ port }) + '\\n');
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
// The test process went away (even killed): go too, never linger as an orphan.
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
`;

/**
 * An S3-compatible server (s3rver, from the npm registry) on a free local port over a temp dir:
 * the real S3 HTTP protocol, as a stand-in for AWS/MinIO/R2. It is a devDependency, so it is
 * always there: a test using it fails, never skips, when it cannot start. It runs in a child
 * process so that its memory is not counted as the app's.
 */
export class S3StandIn {
  readonly bucket = 'qrmenu-files';
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-stand-in-'));
  private child: ChildProcess | null = null;
  private client: S3Client | null = null;
  port = 0;

  async start(): Promise<this> {
    const child = spawn(
      process.execPath,
      ['--openssl-legacy-provider', '--input-type=module', '-e', SERVER, this.dir, this.bucket, process.env.S3RVER_VERBOSE ?? ''],
      // Resolved from the project, wherever the test runs.
      { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['pipe', 'pipe', 'inherit'] },
    );
    this.child = child;
    this.port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /\{"port":(\d+)\}/.exec(out);
        if (m) resolve(Number(m[1]));
        else if (out.length > 100_000) out = out.slice(-1000);
      });
      child.on('exit', (code) => reject(new Error(`the S3 stand-in (s3rver) exited with ${code} before listening: ${out}`)));
    });
    return this;
  }

  get config(): S3StorageConfig {
    return {
      endpoint: `http://127.0.0.1:${this.port}`,
      bucket: this.bucket,
      region: 'us-east-1',
      accessKey: 'S3RVER',
      secret: 'S3RVER',
      forcePathStyle: true,
    };
  }

  /** STORAGE_S3_* for an app using this bucket. */
  get env(): Record<string, string> {
    const c = this.config;
    return {
      STORAGE_S3_ENDPOINT: c.endpoint,
      STORAGE_S3_BUCKET: c.bucket,
      STORAGE_S3_REGION: c.region,
      STORAGE_S3_ACCESS_KEY: c.accessKey,
      STORAGE_S3_SECRET: c.secret,
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** Every key in the bucket under `prefix`, listed with a plain SDK client (not the app's storage). */
  async keys(prefix = ''): Promise<string[]> {
    this.client ??= new S3Client({
      endpoint: this.config.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const out: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out.sort();
  }

  async stop(): Promise<void> {
    this.client?.destroy();
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
