import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CollectionDef } from '../core/collections.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Multipart bodies over a real socket with chunked encoding (no Content-Length to check up
 * front): file parts go to temp files, caps answer 413 as soon as they are passed, and a write
 * that is refused anyway is refused before its body is read.
 */
const MB = 1024 * 1024;

const collections: CollectionDef[] = [
  {
    name: 'blobs',
    fields: [
      { name: 'note', type: 'text' },
      { name: 'blob', type: 'file', maxSize: 600 * MB },
    ],
    listRule: '',
    viewRule: '',
    createRule: '',
    updateRule: '',
    deleteRule: '',
  },
  {
    name: 'locked',
    fields: [{ name: 'blob', type: 'file', maxSize: 600 * MB }],
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
  {
    name: 'members_only',
    fields: [{ name: 'blob', type: 'file', maxSize: 600 * MB }],
    listRule: '',
    viewRule: '',
    createRule: '@request.auth.id != ""',
    updateRule: '@request.auth.id != ""',
    deleteRule: null,
  },
];

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function setup(env: Record<string, string> = {}) {
  const t = await buildTestApp({ collections, env });
  apps.push(t);
  await t.listen();
  // What the server read from each connection (the body the client managed to push through).
  const sockets: Socket[] = [];
  t.app.server.on('connection', (s: Socket) => sockets.push(s));
  const bytesRead = () => sockets.reduce((n, s) => n + s.bytesRead, 0);
  return { t, bytesRead };
}

interface Streamed {
  status: number;
  body: Record<string, unknown>;
  sent: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
}

/**
 * A multipart upload of `fileBytes` generated on the fly (one reused 64 KiB chunk, written as the
 * socket drains) with `Transfer-Encoding: chunked`. Stops sending as soon as a response arrives.
 */
function streamUpload(
  url: string,
  options: { method?: string; fileBytes: number; fields?: Record<string, string>; headers?: Record<string, string> },
): Promise<Streamed> {
  const boundary = `----qrmenu${Date.now()}`;
  const fields = Object.entries(options.fields ?? {})
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="blob"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let responded = false;
    let wake: () => void = () => undefined;
    const req = http.request(url, {
      method: options.method ?? 'POST',
      agent: false,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', ...options.headers },
    });
    req.on('response', (res) => {
      responded = true;
      wake();
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        req.destroy();
        const text = Buffer.concat(parts).toString();
        resolve({
          status: res.statusCode ?? 0,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          sent,
          ms: Date.now() - started,
          headers: res.headers,
        });
      });
    });
    // Once the server answered, it may close the connection under a request still being sent.
    req.on('error', (err) => {
      if (!responded) reject(err);
    });
    req.on('drain', () => wake());
    const pump = async () => {
      req.write(head);
      while (sent < options.fileBytes && !responded && !req.destroyed) {
        const n = Math.min(chunk.length, options.fileBytes - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
          await new Promise<void>((r) => {
            wake = r;
          });
      }
      if (!responded && !req.destroyed) req.end(tail);
    };
    void pump();
  });
}

const tempFiles = (t: TestApp) => fs.readdirSync(t.config.uploads.tmpDir);

describe('multipart uploads are streamed to disk with caps', () => {
  it('keeps memory flat while a 500 MB chunked upload is stored', async () => {
    const { t } = await setup({ UPLOAD_MAX_FILE_MB: '600', UPLOAD_MAX_REQUEST_MB: '700' });
    const size = 500 * MB;
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    let res: Streamed;
    try {
      res = await streamUpload(`${t.url}/api/collections/blobs/records`, { fileBytes: size, fields: { note: 'big' } });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = path.join(t.config.uploadsDir, t.ctx.engine.collection('blobs').id, String(res.body.id), String(res.body.blob));
    expect(fs.statSync(stored).size).toBe(size);
    expect(peak - before).toBeLessThan(64 * MB);
    expect(tempFiles(t)).toEqual([]);
  }, 180_000);

  it('answers 413 as soon as a file passes the per-file cap, without reading the rest, and removes the part', async () => {
    const { t, bytesRead } = await setup({ UPLOAD_MAX_FILE_MB: '1' });
    const res = await streamUpload(`${t.url}/api/collections/blobs/records`, { fileBytes: 300 * MB });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: 413, message: 'Request entity too large.', data: {} });
    expect(res.headers.connection).toBe('close');
    expect(bytesRead()).toBeLessThan(32 * MB);
    expect(res.sent).toBeLessThan(64 * MB);
    expect(tempFiles(t)).toEqual([]);
    expect(t.ctx.stmts.get('SELECT COUNT(*) AS n FROM blobs')?.n).toBe(0);
  }, 60_000);

  it('answers 413 when the parts together pass the per-request cap', async () => {
    const { t, bytesRead } = await setup({ UPLOAD_MAX_FILE_MB: '4', UPLOAD_MAX_REQUEST_MB: '2' });
    const res = await streamUpload(`${t.url}/api/collections/blobs/records`, { fileBytes: 300 * MB, fields: { note: 'x'.repeat(1000) } });
    expect(res.status).toBe(413);
    expect(bytesRead()).toBeLessThan(32 * MB);
    expect(tempFiles(t)).toEqual([]);
    // A field alone over the cap is refused the same way.
    const field = await streamUpload(`${t.url}/api/collections/blobs/records`, { fileBytes: 0, fields: { note: 'y'.repeat(3 * MB) } });
    expect(field.status).toBe(413);
  }, 60_000);

  it('answers 404 for an update of a record that does not exist, before reading the body', async () => {
    const { t, bytesRead } = await setup();
    const res = await streamUpload(`${t.url}/api/collections/blobs/records/doesnotexist123`, { method: 'PATCH', fileBytes: 300 * MB });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, data: {} });
    expect(bytesRead()).toBeLessThan(16 * MB);
    expect(tempFiles(t)).toEqual([]);
  }, 60_000);

  it('refuses an anonymous upload to a superusers-only collection before reading the body', async () => {
    const { t, bytesRead } = await setup();
    const res = await streamUpload(`${t.url}/api/collections/locked/records`, { fileBytes: 300 * MB });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, message: 'Only superusers can perform this action.', data: {} });
    expect(bytesRead()).toBeLessThan(16 * MB);
    // The rule's parts about the caller are checked first too (anonymous: 400 as the engine says).
    const anonymous = await streamUpload(`${t.url}/api/collections/members_only/records`, { fileBytes: 300 * MB });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body).toEqual({ status: 400, message: 'Failed to create record.', data: {} });
    expect(bytesRead()).toBeLessThan(32 * MB);
    expect(tempFiles(t)).toEqual([]);
  }, 60_000);
});
