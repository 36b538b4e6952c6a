import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCollections } from '../test/fixtures.ts';
import { buildTestApp, superuserRequest, type TestApp } from '../test/test-app.ts';

/** Conditional file downloads: If-None-Match and If-Modified-Since (PocketBase answers both with 304). */
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await buildTestApp({ collections: testCollections });
  const posts = t.ctx.engine.collection('posts');
  const rec = await t.ctx.engine.create(
    posts,
    {
      data: { title: 'Files', published: true },
      files: { docs: [{ name: 'hello.txt', data: Buffer.from('hello world') }] },
      fromForm: false,
    },
    superuserRequest(t.ctx),
  );
  const name = (rec.docs as string[])[0] as string;
  url = `/api/files/posts/${String(rec.id)}/${name}`;
  // Stored an hour ago: dates after it are still in the past.
  const hourAgo = new Date(Date.now() - 3600_000);
  fs.utimesSync(path.join(t.config.uploadsDir, posts.id, String(rec.id), name), hourAgo, hourAgo);
});
afterAll(async () => {
  await t.close();
});

const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/files conditional requests', () => {
  it('sends Last-Modified and answers If-Modified-Since with 304 while the file is unchanged', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const lastModified = String(first.headers['last-modified']);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const same = await get({ 'if-modified-since': lastModified });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    const later = await get({ 'if-modified-since': new Date(Date.parse(lastModified) + 1000).toUTCString() });
    expect(later.statusCode).toBe(304);
  });

  it('sends the file when it changed since, or the date is unusable', async () => {
    const lastModified = Date.parse(String((await get()).headers['last-modified']));
    const before = await get({ 'if-modified-since': new Date(lastModified - 1000).toUTCString() });
    expect(before.statusCode).toBe(200);
    expect(before.body).toBe('hello world');
    expect((await get({ 'if-modified-since': 'not a date' })).statusCode).toBe(200);
    expect((await get({ 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() })).statusCode).toBe(200);
  });

  it('lets If-None-Match decide when both are sent (RFC 9110)', async () => {
    const first = await get();
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    // A different ETag means changed, whatever the date says.
    const other = await get({ 'if-none-match': '"other"', 'if-modified-since': lastModified });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe('hello world');
    expect((await get({ 'if-none-match': `"other", ${etag}`, 'if-modified-since': 'not a date' })).statusCode).toBe(304);
  });
});
