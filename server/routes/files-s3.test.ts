import fs from 'node:fs';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { startChildServer } from '../test/child-server.ts';
import { testCollections } from '../test/fixtures.ts';
import { S3StandIn } from '../test/s3-stand-in.ts';
import { ROOT, rootEnv } from '../test/sdk-clients.ts';
import { expectError } from '../test/sdk-errors.ts';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';

/**
 * Record files over HTTP with S3 storage (STORAGE_S3_*) against an S3-compatible stand-in:
 * the same answers as on disk (records-sdk.test.ts), and the bucket checked with a plain SDK client.
 */
let s3: S3StandIn;
let t: TestApp;
let alice: Record<string, unknown>;
let pbAlice: PocketBase;
let pbBob: PocketBase;
let pbGuest: PocketBase;

beforeAll(async () => {
  s3 = await new S3StandIn().start();
  t = await buildTestApp({ collections: testCollections, env: { ...s3.env, ...rootEnv } });
  await t.listen();
  alice = await seed(t.ctx, 'users', { email: 'alice@example.com', password: 'alice-password', passwordConfirm: 'alice-password' });
  const bob = await seed(t.ctx, 'users', { email: 'bob@example.com', password: 'bob-password1', passwordConfirm: 'bob-password1' });
  pbAlice = t.sdk();
  pbAlice.authStore.save(await tokenFor(t.ctx, 'users', String(alice.id)), null);
  pbBob = t.sdk();
  pbBob.authStore.save(await tokenFor(t.ctx, 'users', String(bob.id)), null);
  pbGuest = t.sdk();
});

afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

/** Every file below UPLOADS_DIR (relative paths): with S3 storage there must be none. */
function localFiles(): string[] {
  const dir = t.config.uploadsDir;
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#0a0' } })
  .png()
  .toBuffer();

describe('record files in an S3 bucket, through the official SDK', () => {
  it('uploads into the bucket and serves files, ranges, thumbs and downloads from it', async () => {
    const form = new FormData();
    form.append('title', 'With files');
    form.append('author', String(alice.id));
    form.append('cover', new Blob([png], { type: 'image/png' }), 'My Cover.png');
    form.append('docs', new Blob(['hello']), 'a.txt');
    form.append('docs', new Blob(['world']), 'b.txt');
    const rec = await pbAlice.collection('posts').create(form);
    const prefix = `${rec.collectionId}/${rec.id}/`;
    expect(await s3.keys(prefix)).toEqual([`${prefix}${rec.cover}`, ...(rec.docs as string[]).map((d) => `${prefix}${d}`)].sort());
    expect(localFiles()).toEqual([]);

    const url = pbGuest.files.getURL(rec, rec.cover);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Number(res.headers.get('content-length'))).toBe(png.length);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    // Conditional requests work off the object's Last-Modified/size as off a file's.
    expect((await fetch(url, { headers: { 'If-None-Match': String(res.headers.get('etag')) } })).status).toBe(304);

    const doc = pbGuest.files.getURL(rec, rec.docs[0]);
    const ranged = await fetch(doc, { headers: { Range: 'bytes=1-3' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 1-3/5');
    expect(await ranged.text()).toBe('ell');
    const first = await fetch(doc, { headers: { Range: 'bytes=0-0' } });
    expect([first.status, first.headers.get('content-length'), await first.text()]).toEqual([206, '1', 'h']);
    const suffix = await fetch(doc, { headers: { Range: 'bytes=-2' } });
    expect([suffix.status, await suffix.text()]).toEqual([206, 'lo']);
    const beyond = await fetch(doc, { headers: { Range: 'bytes=5-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */5');
    expect(await beyond.json()).toMatchObject({ status: 416, message: 'Range not satisfiable.' });
    const dl = await fetch(pbGuest.files.getURL(rec, rec.docs[0], { download: true }));
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(await dl.text()).toBe('hello');

    // A thumb is made on first request and stored back into the bucket, next to the original.
    const thumbKey = `${prefix}thumbs_${rec.cover}/50x50_${rec.cover}`;
    expect(await s3.keys(thumbKey)).toEqual([]);
    const thumb = Buffer.from(await (await fetch(pbGuest.files.getURL(rec, rec.cover, { thumb: '50x50' }))).arrayBuffer());
    const meta = await sharp(thumb).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 50, 50]);
    expect(await s3.keys(thumbKey)).toEqual([thumbKey]);
    const again = await fetch(pbGuest.files.getURL(rec, rec.cover, { thumb: '50x50' }));
    expect(Buffer.from(await again.arrayBuffer()).equals(thumb)).toBe(true);

    // Replacing removes the old object; deleting the record removes its prefix, thumbs included.
    const upd = await pbAlice.collection('posts').update(rec.id, { 'docs+': new File(['third'], 'c.txt'), 'docs-': [rec.docs[0]] });
    expect(await s3.keys(`${prefix}${rec.docs[0]}`)).toEqual([]);
    expect(await s3.keys(`${prefix}${upd.docs[1]}`)).toHaveLength(1);
    expect((await fetch(doc)).status).toBe(404);
    await pbAlice.collection('posts').delete(rec.id);
    expect(await s3.keys(prefix)).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
  });

  it('refuses a bad file by content and leaves nothing in the bucket', async () => {
    const before = await s3.keys();
    const bad = new FormData();
    bad.append('title', 'Bad');
    bad.append('author', String(alice.id));
    bad.append('cover', new Blob(['not really a png']), 'fake.png');
    const e = await expectError(pbAlice.collection('posts').create(bad), 400);
    expect(e.response.data.cover.code).toBe('validation_invalid_mime_type');
    expect(await s3.keys()).toEqual(before);
  });

  it('streams a 3 MB upload into the bucket byte for byte', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4) big.writeUInt32BE(i, i);
    const form = new FormData();
    form.append('title', 'Big');
    form.append('author', String(alice.id));
    form.append('docs', new Blob([big]), 'big.bin');
    const rec = await pbAlice.collection('posts').create(form);
    const res = await fetch(pbGuest.files.getURL(rec, rec.docs[0]));
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
    const mid = await fetch(pbGuest.files.getURL(rec, rec.docs[0]), { headers: { Range: 'bytes=2000000-2000007' } });
    expect(Buffer.from(await mid.arrayBuffer()).equals(big.subarray(2_000_000, 2_000_008))).toBe(true);
  });

  it('protects files behind short-lived file tokens', async () => {
    const form = new FormData();
    form.append('owner', String(alice.id));
    form.append('file', new Blob(['top secret']), 'secret.txt');
    const rec = await pbAlice.collection('vault').create(form);
    expect(await s3.keys(`${rec.collectionId}/${rec.id}/`)).toHaveLength(1);
    expect((await fetch(pbAlice.files.getURL(rec, rec.file))).status).toBe(404);
    const token = await pbAlice.files.getToken();
    const ok = await fetch(pbAlice.files.getURL(rec, rec.file, { token }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('top secret');
    const bobToken = await pbBob.files.getToken();
    expect((await fetch(pbBob.files.getURL(rec, rec.file, { token: bobToken }))).status).toBe(404);
  });

  it('answers backups with a clear 400: the files are the bucket’s to keep', async () => {
    const admin = t.sdk();
    await admin.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
    const e = await expectError(admin.backups.create('with_s3.zip'), 400);
    expect(e.response.message).toMatch(/not available with S3 file storage.*versioning/);
    expect(await admin.backups.getFullList()).toEqual([]);
    // Nor can a superuser schedule them in the settings.
    const s = await expectError(admin.settings.update({ backups: { cron: '0 3 * * *' } }), 400);
    expect(s.response.data).toMatchObject({ backups: { cron: { code: 'validation_backups_s3_storage' } } });
    expect((await admin.settings.getAll()).backups.cron).toBe('');
  });
});

describe('S3 configuration at start', () => {
  const base = { LOG_LEVEL: 'silent', APP_SECRET: 'x'.repeat(40) };

  it('refuses a partial configuration, naming what is missing', () => {
    const err = (() => {
      try {
        loadConfig({ ...base, STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000', STORAGE_S3_BUCKET: 'files' });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const k of ['STORAGE_S3_REGION', 'STORAGE_S3_ACCESS_KEY', 'STORAGE_S3_SECRET']) expect(msg).toContain(`${k}: required`);
    expect(msg).not.toContain('STORAGE_S3_BUCKET: required');
    expect(() => loadConfig({ ...base, ...s3.env, STORAGE_S3_BUCKET: 'Not A Bucket' })).toThrow(/STORAGE_S3_BUCKET/);
    expect(() => loadConfig({ ...base, ...s3.env, STORAGE_S3_ENDPOINT: 'not a url' })).toThrow(/STORAGE_S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, ...s3.env, BACKUPS_CRON: '0 3 * * *' })).toThrow(/BACKUPS_CRON: .*S3/);
    expect(loadConfig({ ...base }).s3Storage).toBeNull();
  });

  it('is selected by the environment in the real entry point, which says so when it starts', async () => {
    const dir = fs.mkdtempSync(path.join(t.dir, 'proc-'));
    const p = startChildServer({ ...s3.env, DATA_DIR: path.join(dir, 'data'), UPLOADS_DIR: path.join(dir, 'up') });
    try {
      await p.listening;
      expect(p.output()).toMatch(new RegExp(`^ {2}Files: +S3 bucket ${s3.bucket} at ${s3.config.endpoint.replace(/[.]/g, '\\.')}$`, 'm'));
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    expect(fs.existsSync(path.join(dir, 'up'))).toBe(false);
  });

  it('refuses to start on a bucket that does not take a write, saying which and why', async () => {
    const dir = fs.mkdtempSync(path.join(t.dir, 'start-'));
    const env = { ...base, DATA_DIR: path.join(dir, 'data'), UPLOADS_DIR: path.join(dir, 'uploads') };
    const err = await buildApp(loadConfig({ ...env, ...s3.env, STORAGE_S3_BUCKET: 'no-such-bucket' }), { logger: false }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(`STORAGE_S3_BUCKET: no-such-bucket at ${s3.config.endpoint} does not take a test write`);
    expect((err as Error).message).toContain('NoSuchBucket');
    // Nothing was started: no database file either.
    expect(fs.existsSync(path.join(dir, 'data', 'data.db'))).toBe(false);
  });
});

describe('a bucket that stops answering', () => {
  it('turns file requests into a 5xx with the error envelope; the app keeps serving', async () => {
    const form = new FormData();
    form.append('title', 'Before the outage');
    form.append('author', String(alice.id));
    form.append('docs', new Blob(['still here']), 'a.txt');
    const rec = await pbAlice.collection('posts').create(form);
    await s3.stop();
    const res = await fetch(pbGuest.files.getURL(rec, rec.docs[0]));
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await res.json()).toMatchObject({ status: res.status, message: expect.any(String) as string });
    const upload = new FormData();
    upload.append('title', 'During the outage');
    upload.append('author', String(alice.id));
    upload.append('docs', new Blob(['lost?']), 'b.txt');
    const e = await pbAlice
      .collection('posts')
      .create(upload)
      .catch((err: unknown) => err as { status: number });
    expect(e.status).toBeGreaterThanOrEqual(500);
    // No half-written record: the write failed as a whole.
    expect(t.ctx.stmts.get("SELECT COUNT(*) AS n FROM posts WHERE title = 'During the outage'")?.n).toBe(0);
    // The streamed part was not left behind on disk either.
    expect(fs.readdirSync(t.config.uploads.tmpDir)).toEqual([]);
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  }, 30_000);
});
