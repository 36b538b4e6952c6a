import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordEvent } from '../events.ts';
import { buildTestApp, seed, superuserRequest, type TestApp } from '../../test/test-app.ts';
import { testCollections } from '../../test/fixtures.ts';

/** After-commit events and file cleanup of the engine's write path. */
let t: TestApp;
const events: RecordEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp({ collections: testCollections });
  t.ctx.events.on((e) => events.push(e));
  await seed(t.ctx, 'users', { id: 'author000000001', email: 'a@x.io', password: 'password123', passwordConfirm: 'password123' });
});
afterAll(async () => t.close());

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

describe('record engine writes', () => {
  it('fires create, update and delete events after commit, cascades included', async () => {
    events.length = 0;
    const post = await seed(t.ctx, 'posts', { title: 'Evented', author: 'author000000001' });
    const comment = await seed(t.ctx, 'comments', { post: post.id, message: 'x' });
    const engine = t.ctx.engine;
    await engine.update(
      engine.collection('posts'),
      String(post.id),
      { data: { title: 'Changed' }, files: {}, fromForm: false },
      superuserRequest(t.ctx),
    );
    await engine.delete(engine.collection('posts'), String(post.id), superuserRequest(t.ctx));
    expect(events.map((e) => `${e.action}:${e.collection.name}:${String(e.row.id)}`)).toEqual([
      `create:posts:${post.id}`,
      `create:comments:${comment.id}`,
      `update:posts:${post.id}`,
      `delete:comments:${comment.id}`,
      `delete:posts:${post.id}`,
    ]);
    expect(events[2]?.row.title).toBe('Changed');
  });

  it('fires nothing and keeps no uploaded file when the transaction fails', async () => {
    events.length = 0;
    const engine = t.ctx.engine;
    const posts = engine.collection('posts');
    const req = superuserRequest(t.ctx);
    const before = filesUnder(t.config.uploadsDir).length;
    const good = await engine.prepareCreate(
      posts,
      { data: { title: 'ok', author: 'author000000001' }, files: { docs: [{ name: 'a.txt', data: Buffer.from('a') }] }, fromForm: true },
      req,
    );
    const bad = await engine.prepareCreate(posts, { data: { author: 'author000000001' }, files: {}, fromForm: true }, req);
    expect(filesUnder(t.config.uploadsDir).length).toBe(before + 1);
    await expect(engine.execute([good, bad])).rejects.toMatchObject({ status: 400 });
    expect(events).toEqual([]);
    expect(filesUnder(t.config.uploadsDir).length).toBe(before);
    expect(t.ctx.stmts.get("SELECT 1 FROM posts WHERE title = 'ok'")).toBeUndefined();
  });

  it('removes replaced files after commit', async () => {
    const engine = t.ctx.engine;
    const posts = engine.collection('posts');
    const req = superuserRequest(t.ctx);
    const rec = await engine.create(
      posts,
      {
        data: { title: 'files', author: 'author000000001' },
        files: { docs: [{ name: 'one.txt', data: Buffer.from('1') }] },
        fromForm: true,
      },
      req,
    );
    const first = (rec.docs as string[])[0] as string;
    const dir = path.join(t.config.uploadsDir, posts.id, String(rec.id));
    expect(fs.existsSync(path.join(dir, first))).toBe(true);
    const upd = await engine.update(
      posts,
      String(rec.id),
      { data: {}, files: { docs: [{ name: 'two.txt', data: Buffer.from('2') }] }, fromForm: true },
      req,
    );
    expect(upd.docs).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, first))).toBe(false);
    expect(fs.existsSync(path.join(dir, (upd.docs as string[])[0] as string))).toBe(true);
  });

  it('keeps a committed write when storage cannot remove its old file, and reports the file left behind', async () => {
    const engine = t.ctx.engine;
    const posts = engine.collection('posts');
    const req = superuserRequest(t.ctx);
    const rec = await engine.create(
      posts,
      {
        data: { title: 'stuck file', author: 'author000000001' },
        files: { docs: [{ name: 'old.txt', data: Buffer.from('old') }] },
        fromForm: true,
      },
      req,
    );
    const old = (rec.docs as string[])[0] as string;
    const file = path.join(t.config.uploadsDir, posts.id, String(rec.id), old);
    // A directory where the file was: the storage's delete fails (EISDIR), as a store that is down would.
    fs.rmSync(file);
    fs.mkdirSync(path.join(file, 'inside'), { recursive: true });
    const reported: string[] = [];
    const before = engine.onStorageCleanupError;
    engine.onStorageCleanupError = (key) => reported.push(key);
    try {
      const upd = await engine.update(posts, String(rec.id), { data: { 'docs-': [old] }, files: {}, fromForm: true }, req);
      expect(upd.docs).toEqual([]);
    } finally {
      engine.onStorageCleanupError = before;
    }
    expect(reported).toEqual([`${posts.id}/${String(rec.id)}/${old}`]);
  });

  it('never serves a stale cached total after a write or a rollback', async () => {
    const engine = t.ctx.engine;
    const posts = engine.collection('posts');
    const req = superuserRequest(t.ctx);
    const params = { page: 1, perPage: 5, sort: '', filter: 'title ~ "counted"', skipTotal: false, expand: '' };
    expect((await engine.list(posts, params, req)).totalItems).toBe(0);
    expect((await engine.list(posts, params, req)).totalItems).toBe(0);
    await engine.create(posts, { data: { title: 'counted 1', author: 'author000000001' }, files: {}, fromForm: false }, req);
    expect((await engine.list(posts, params, req)).totalItems).toBe(1);
    const ok = await engine.prepareCreate(
      posts,
      { data: { title: 'counted 2', author: 'author000000001' }, files: {}, fromForm: false },
      req,
    );
    const bad = await engine.prepareCreate(posts, { data: { author: 'author000000001' }, files: {}, fromForm: false }, req);
    await expect(engine.execute([ok, bad])).rejects.toMatchObject({ status: 400 });
    expect((await engine.list(posts, params, req)).totalItems).toBe(1);
    await engine.delete(posts, String((await engine.list(posts, params, req)).items[0]?.id), req);
    expect((await engine.list(posts, params, req)).totalItems).toBe(0);
  });
});
