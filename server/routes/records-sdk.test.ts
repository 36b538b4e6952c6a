import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import sharp from 'sharp';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { testCollections } from '../test/fixtures.ts';
import { expectError } from '../test/sdk-errors.ts';

/** Contract tests: the official SDK against the real app listening on 127.0.0.1. */
let t: TestApp;
let alice: Record<string, unknown>;
let bob: Record<string, unknown>;
let pbAlice: PocketBase;
let pbBob: PocketBase;
let pbGuest: PocketBase;

beforeAll(async () => {
  t = await buildTestApp({ collections: testCollections });
  await t.listen();
  alice = await seed(t.ctx, 'users', {
    email: 'alice@example.com',
    password: 'alice-password',
    passwordConfirm: 'alice-password',
    name: 'Alice',
  });
  bob = await seed(t.ctx, 'users', { email: 'bob@example.com', password: 'bob-password1', passwordConfirm: 'bob-password1', name: 'Bob' });
  pbAlice = t.sdk();
  pbAlice.authStore.save(await tokenFor(t.ctx, 'users', String(alice.id)), null);
  pbBob = t.sdk();
  pbBob.authStore.save(await tokenFor(t.ctx, 'users', String(bob.id)), null);
  pbGuest = t.sdk();
});

afterAll(async () => {
  await t.close();
});

describe('records through the official SDK', () => {
  it('creates, views, updates and deletes with JSON bodies', async () => {
    const created = await pbAlice
      .collection('posts')
      .create({ title: 'Hello', author: alice.id, views: 3, meta: { a: [1, 2] }, labels: ['a', 'b'] });
    expect(created).toMatchObject({
      collectionName: 'posts',
      title: 'Hello',
      views: 3,
      published: false,
      meta: { a: [1, 2] },
      labels: ['a', 'b'],
      tags: [],
      cover: '',
      docs: [],
    });
    expect(created.id).toMatch(/^[a-z0-9]{15}$/);
    expect(created.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(created).not.toHaveProperty('secret');
    const seen = await pbAlice.collection('posts').getOne(created.id);
    expect(seen.title).toBe('Hello');
    const updated = await pbAlice.collection('posts').update(created.id, { 'views+': 2, 'labels-': 'a', title: 'Hello again' });
    expect(updated).toMatchObject({ views: 5, labels: ['b'], title: 'Hello again' });
    await pbAlice.collection('posts').delete(created.id);
    await expectError(pbAlice.collection('posts').getOne(created.id), 404, "The requested resource wasn't found.");
  });

  it('lists with filter bindings, sort, paging, totals and skipTotal', async () => {
    for (let i = 0; i < 5; i++) {
      await pbAlice.collection('posts').create({ title: `List ${i}`, author: alice.id, views: i * 10, published: i % 2 === 0 });
    }
    const page = await pbGuest
      .collection('posts')
      .getList(1, 2, { filter: pbGuest.filter('title ~ {:t} && views >= {:v}', { t: 'List', v: 0 }), sort: '-views' });
    expect(page).toMatchObject({ page: 1, perPage: 2, totalItems: 3, totalPages: 2 });
    expect(page.items.map((p) => p.views)).toEqual([40, 20]);
    const skip = await pbGuest.collection('posts').getList(2, 2, { filter: 'title ~ "List"', sort: 'views', skipTotal: true });
    expect(skip).toMatchObject({ page: 2, perPage: 2, totalItems: -1, totalPages: -1 });
    expect(skip.items.map((p) => p.views)).toEqual([40]);
    const mine = await pbAlice.collection('posts').getFullList({ filter: 'title ~ "List"', sort: 'views', batch: 2 });
    expect(mine.map((p) => p.views)).toEqual([0, 10, 20, 30, 40]);
    const first = await pbGuest.collection('posts').getFirstListItem(pbGuest.filter('title = {:t}', { t: 'List 4' }));
    expect(first.views).toBe(40);
    await expectError(pbGuest.collection('posts').getFirstListItem('title = "nope"'), 404, "The requested resource wasn't found.");
    await expectError(pbGuest.collection('posts').getOne(''), 404, 'Missing required record id.');
  });

  it('applies rules: list silently filters, view/update/delete answer 404, create 400, null rule 403', async () => {
    const draft = await pbAlice.collection('posts').create({ title: 'Alice draft', author: alice.id });
    const guestList = await pbGuest.collection('posts').getList(1, 50, { filter: 'title = "Alice draft"' });
    expect(guestList.items).toHaveLength(0);
    await expectError(pbBob.collection('posts').getOne(draft.id), 404);
    await expectError(pbBob.collection('posts').update(draft.id, { title: 'hijack' }), 404);
    await expectError(pbBob.collection('posts').delete(draft.id), 404);
    await expectError(pbBob.collection('posts').create({ title: 'as alice', author: alice.id }), 400, 'Failed to create record.');
    await expectError(pbAlice.collection('posts').update(draft.id, { author: bob.id }), 404);
    await expectError(pbGuest.collection('locked').getList(), 403, 'Only superusers can perform this action.');
    await expectError(pbAlice.collection('locked').create({ name: 'x' }), 403, 'Only superusers can perform this action.');
    expect((await pbAlice.collection('posts').getOne(draft.id)).title).toBe('Alice draft');
  });

  it('reports field validation errors in the contract shape', async () => {
    const e = await expectError(
      pbAlice
        .collection('posts')
        .create({ author: alice.id, views: -1, rating: 2.5, status: 'nope', site: 'not a url', contact: 'x@', labels: ['a', 'z'] }),
      400,
      'Failed to create record.',
    );
    expect(e.response.data).toMatchObject({
      title: { code: 'validation_required', message: 'Cannot be blank.' },
      views: { code: 'validation_min_number_constraint' },
      rating: { code: 'validation_only_int_constraint', message: 'Decimal numbers are not allowed.' },
      status: { code: 'validation_invalid_value' },
      site: { code: 'validation_invalid_url' },
      contact: { code: 'validation_is_email' },
      labels: { code: 'validation_invalid_value' },
    });
    const rel = await expectError(pbAlice.collection('posts').create({ title: 'x', author: alice.id, tags: ['missing00000000'] }), 400);
    expect(rel.response.data.tags.code).toBe('validation_missing_rel_records');
    await pbAlice.collection('topics').create({ name: 'unique-tag' });
    const dup = await expectError(pbAlice.collection('topics').create({ name: 'unique-tag' }), 400);
    expect(dup.response.data.name).toEqual({ code: 'validation_not_unique', message: 'Value must be unique.' });
  });

  it('expands relations, back-relations and nested paths, and picks fields', async () => {
    const tag1 = await pbAlice.collection('topics').create({ name: 'vegan' });
    const tag2 = await pbAlice.collection('topics').create({ name: 'spicy' });
    const post = await pbAlice.collection('posts').create({
      title: 'Expand me',
      author: alice.id,
      tags: [tag2.id, tag1.id],
      published: true,
      body: '<p>Hello <b>world</b>, this is long</p>',
    });
    await pbAlice.collection('comments').create({ post: post.id, message: 'first', author: alice.id });
    await pbAlice.collection('comments').create({ post: post.id, message: 'second', author: alice.id });
    const withExpand = await pbAlice.collection('posts').getOne(post.id, { expand: 'tags,author,comments_via_post.author' });
    expect(withExpand.expand?.tags.map((x: { name: string }) => x.name)).toEqual(['spicy', 'vegan']);
    expect(withExpand.expand?.author.name).toBe('Alice');
    expect(withExpand.expand?.comments_via_post).toHaveLength(2);
    expect(withExpand.expand?.comments_via_post[0].expand.author.id).toBe(alice.id);
    // Alice's record is hidden from the guest by the users view rule: nothing to expand.
    const guest = await pbGuest.collection('posts').getOne(post.id, { expand: 'author,tags' });
    expect(guest.expand?.author).toBeUndefined();
    expect(guest.expand?.tags).toHaveLength(2);
    const picked = await pbAlice
      .collection('posts')
      .getList(1, 10, { filter: `id = "${post.id}"`, fields: 'id,title,body:excerpt(10,true),expand.tags.name', expand: 'tags' });
    expect(picked.items[0]).toEqual({
      id: post.id,
      title: 'Expand me',
      body: 'Hello worl...',
      expand: { tags: [{ name: 'spicy' }, { name: 'vegan' }] },
    });
    const comments = await pbGuest
      .collection('comments')
      .getList(1, 10, { filter: 'post.title = "Expand me"', sort: '-post.views,message' });
    expect(comments.items.map((c) => c.message)).toEqual(['first', 'second']);
  });

  it('expands what was just written: rows cached for expand never outlive a write', async () => {
    const tag = await pbAlice.collection('topics').create({ name: 'fresh' });
    const post = await pbAlice.collection('posts').create({ title: 'Cache me', author: alice.id, tags: [tag.id], published: true });
    const tagsOf = async (pb: PocketBase) => {
      const list = await pb.collection('posts').getList(1, 1, { filter: `id = "${post.id}"`, expand: 'tags', skipTotal: true });
      return (list.items[0]?.expand?.tags ?? []).map((x: { name: string; color: string }) => `${x.name}/${x.color}`);
    };
    expect(await tagsOf(pbGuest)).toEqual(['fresh/']);
    expect(await tagsOf(pbGuest)).toEqual(['fresh/']);
    await pbBob.collection('topics').update(tag.id, { color: 'green' });
    expect(await tagsOf(pbGuest)).toEqual(['fresh/green']);
    const other = await pbAlice.collection('topics').create({ name: 'second' });
    await pbAlice.collection('posts').update(post.id, { 'tags+': other.id });
    expect(await tagsOf(pbAlice)).toEqual(['fresh/green', 'second/']);
    await pbAlice.collection('topics').delete(tag.id);
    expect(await tagsOf(pbGuest)).toEqual(['second/']);
    // Rule-bound targets never come from the cache: Alice's own record stays hidden from Bob
    // even right after Alice's request expanded it.
    const authorOf = async (pb: PocketBase) => (await pb.collection('posts').getOne(post.id, { expand: 'author' })).expand?.author?.id;
    expect(await authorOf(pbAlice)).toBe(alice.id);
    expect(await authorOf(pbBob)).toBeUndefined();
  });

  it('uploads, serves, replaces and deletes files with FormData', async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('title', 'With files');
    form.append('author', String(alice.id));
    form.append('published', 'true');
    form.append('views', '7');
    form.append('meta', JSON.stringify({ k: 'v' }));
    form.append('cover', new Blob([png], { type: 'image/png' }), 'My Cover.png');
    form.append('docs', new Blob(['hello']), 'a.txt');
    form.append('docs', new Blob(['world']), 'b.txt');
    const rec = await pbAlice.collection('posts').create(form);
    expect(rec.published).toBe(true);
    expect(rec.views).toBe(7);
    expect(rec.meta).toEqual({ k: 'v' });
    expect(rec.cover).toMatch(/^my_cover_[a-z0-9]{10}\.png$/);
    expect(rec.docs).toHaveLength(2);
    const url = pbGuest.files.getURL(rec, rec.cover);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(pbGuest.files.getURL(rec, rec.cover, { thumb: '50x50' }));
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([50, 50]);
    const ranged = await fetch(pbGuest.files.getURL(rec, rec.docs[0]), { headers: { Range: 'bytes=1-3' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('ell');
    const dl = await fetch(pbGuest.files.getURL(rec, rec.docs[0], { download: true }));
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment/);
    // Append one, remove one: modifiers on file fields.
    const upd = await pbAlice.collection('posts').update(rec.id, { 'docs+': new File(['third'], 'c.txt'), 'docs-': [rec.docs[0]] });
    expect(upd.docs).toHaveLength(2);
    expect(upd.docs).not.toContain(rec.docs[0]);
    expect((await fetch(pbGuest.files.getURL(rec, rec.docs[0]))).status).toBe(404);
    // A file that is not an allowed image type is refused by content, not by name.
    const bad = new FormData();
    bad.append('cover', new Blob(['not really a png']), 'fake.png');
    const e = await expectError(pbAlice.collection('posts').update(rec.id, bad), 400);
    expect(e.response.data.cover.code).toBe('validation_invalid_mime_type');
    await pbAlice.collection('posts').delete(rec.id);
    expect((await fetch(url)).status).toBe(404);
  });

  it('protects files behind short-lived file tokens', async () => {
    const form = new FormData();
    form.append('owner', String(alice.id));
    form.append('file', new Blob(['top secret']), 'secret.txt');
    const rec = await pbAlice.collection('vault').create(form);
    const plain = pbAlice.files.getURL(rec, rec.file);
    expect((await fetch(plain)).status).toBe(404);
    const token = await pbAlice.files.getToken();
    const ok = await fetch(pbAlice.files.getURL(rec, rec.file, { token }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('top secret');
    const bobToken = await pbBob.files.getToken();
    expect((await fetch(pbBob.files.getURL(rec, rec.file, { token: bobToken }))).status).toBe(404);
    await expectError(pbGuest.files.getToken(), 401);
  });

  it('runs batches transactionally', async () => {
    const batch = pbAlice.createBatch();
    batch.collection('topics').create({ id: 'batchtag0000001', name: 'batch-a' });
    batch.collection('posts').create({ title: 'Batch post', author: alice.id, tags: ['batchtag0000001'] }, { expand: 'tags' });
    batch.collection('topics').upsert({ id: 'batchtag0000001', name: 'batch-a2' });
    const results = await batch.send();
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results[1]?.body.expand.tags[0].name).toBe('batch-a');
    expect(results[2]?.body.name).toBe('batch-a2');

    const failing = pbAlice.createBatch();
    failing.collection('topics').create({ name: 'batch-rollback' });
    failing.collection('posts').create({ author: alice.id });
    const e = await expectError(failing.send(), 400, 'Batch transaction failed.');
    expect(e.response.data.requests['1']).toMatchObject({
      code: 'batch_request_failed',
      response: { status: 400, data: { title: { code: 'validation_required' } } },
    });
    const left = await pbAlice.collection('topics').getList(1, 1, { filter: 'name = "batch-rollback"' });
    expect(left.totalItems).toBe(0);

    const withFile = pbAlice.createBatch();
    withFile.collection('posts').create({ title: 'Batch file', author: alice.id, docs: [new File(['x'], 'x.txt')] });
    const [r] = await withFile.send();
    expect(r?.body.docs).toHaveLength(1);
  });

  it('deletes cascade through required relations', async () => {
    const post = await pbAlice.collection('posts').create({ title: 'Cascade', author: alice.id });
    const c = await pbAlice.collection('comments').create({ post: post.id, message: 'bye' });
    await pbAlice.collection('posts').delete(post.id);
    expect(t.ctx.stmts.get('SELECT 1 FROM comments WHERE id = ?', [c.id])).toBeUndefined();
  });
});
