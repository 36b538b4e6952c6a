import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { testCollections } from '../test/fixtures.ts';
import { testOnPostgres } from '../test/test-db.ts';

/**
 * A database that stops taking writes (disk full, read-only mount, I/O errors) is the server's
 * problem, not the client's: writes answer 503 with a generic message, and /api/health fails
 * until writes work again. SQLite's own limits produce the real error codes here:
 * `max_page_count` makes the file unable to grow (SQLITE_FULL, as a full disk does) and
 * `query_only` refuses every write (SQLITE_READONLY, as a read-only mount does).
 */
let t: TestApp;
let token = '';

beforeEach(async () => {
  t = await buildTestApp({ collections: testCollections });
  const user = await seed(t.ctx, 'users', {
    email: 'writer@example.com',
    password: 'writer-password-1',
    passwordConfirm: 'writer-password-1',
    verified: true,
  });
  token = await tokenFor(t.ctx, 'users', String(user.id));
});

afterEach(async () => {
  t.ctx.sqlite!.pragma('query_only = OFF');
  await t.close();
});

const createTopic = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/collections/topics/records',
    headers: { authorization: token },
    payload: { name: `${name}-${'x'.repeat(4900)}` },
  });
const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

// SQLite's own failure modes (a full file, a read-only connection), made with its pragmas.
describe.skipIf(testOnPostgres())('storage failures', () => {
  it('a full database answers 503 with a generic message, and health fails until a write succeeds', async () => {
    expect((await health()).statusCode).toBe(200);
    const pages = Number(t.ctx.sqlite!.pragma('page_count', { simple: true }));
    t.ctx.sqlite!.pragma(`max_page_count = ${pages}`);

    const refused = await createTopic('full');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ status: 503, message: 'The server cannot save data right now. Please try again later.', data: {} });
    expect(refused.body).not.toMatch(/SQLITE|disk|full/i);

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 503, message: 'API is unhealthy: the database does not take writes.' });
    expect(down.body).not.toMatch(/SQLITE/);

    // Space again: the next write succeeds, and health follows.
    t.ctx.sqlite!.pragma('max_page_count = 1073741823');
    expect((await createTopic('room')).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);
  });

  it('a read-only database: health fails before any user write is tried', async () => {
    t.ctx.sqlite!.pragma('query_only = ON');
    expect((await health()).statusCode).toBe(503);
    const refused = await createTopic('ro');
    expect(refused.statusCode).toBe(503);
    t.ctx.sqlite!.pragma('query_only = OFF');
    expect((await createTopic('rw')).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);
  });

  it('reads keep working while writes fail', async () => {
    await seed(t.ctx, 'topics', { name: 'kept' });
    t.ctx.sqlite!.pragma('query_only = ON');
    const list = await t.app.inject({ method: 'GET', url: '/api/collections/topics/records' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalItems: 1 });
  });

  it('a constraint violation from input stays a 400 and leaves health green', async () => {
    expect((await createTopic('dup')).statusCode).toBe(200);
    const dup = await createTopic('dup');
    expect(dup.statusCode).toBe(400);
    expect((await health()).statusCode).toBe(200);
  });
});
