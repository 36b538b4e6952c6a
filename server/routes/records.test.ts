import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../test/test-app.ts';
import { testCollections } from '../test/fixtures.ts';
import { announceSeed, shuffled } from '../test/test-seed.ts';

/**
 * Scenario-table API tests in the style of PocketBase's `apis/record_crud_test.go`: each row is
 * one HTTP request through Fastify's inject, with the expected status and substrings of the raw
 * body. The statuses and messages come from `shared/pocketbase-contract.md` §1–4, 7, 8.
 */

type Who = 'guest' | 'alice' | 'bob' | 'superuser';
type Lazy<T> = T | (() => T);

interface Scenario {
  name: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';
  url: Lazy<string>;
  auth: Who;
  /** A plain object/array is sent as JSON; a string is sent raw (set the content type in headers). */
  body?: Lazy<unknown>;
  /** A multipart body, encoded with the platform's FormData. */
  form?: () => FormData;
  /** Extra headers; an `authorization` here replaces the one of `auth`. */
  headers?: Lazy<Record<string, string>>;
  expectedStatus: number;
  expectedContent?: string[];
  notExpectedContent?: string[];
  expectedHeaders?: Record<string, string | RegExp>;
  absentHeaders?: string[];
  emptyBody?: boolean;
  /**
   * Requests sent right after this one, in the same row, and checked the same way: what a write
   * left behind (or did not), or the clean-up of a write other rows must not see. Rows run in a
   * shuffled order, so a row never relies on another row having run before it.
   */
  then?: Scenario[];
}

const NOT_FOUND = '"message":"The requested resource wasn\'t found."';
const ONLY_SUPERUSERS = '"message":"Only superusers can perform this action."';
const BAD_REQUEST = '"message":"Something went wrong while processing your request."';
const SECRET = 'hidden-secret-value';

// Fixed ids (15 chars of [a-z0-9]) so the table's URLs are static.
const ALICE = 'alice0000000001';
const BOB = 'bob000000000001';
const SUPER = 'super0000000001';
const ALICE_PUB = 'alicepub0000001';
const ALICE_DRAFT = 'alicedraft00001';
const ALICE_EDIT = 'aliceedit000001';
// Each row that changes a record changes its own one, so rows hold in any order.
const ALICE_EDIT_MOD = 'aliceedit000002';
const ALICE_EDIT_EMPTY = 'aliceedit000003';
const ALICE_EDIT_BATCH = 'aliceedit000004';
const ALICE_DEL = 'alicedel0000001';
const ALICE_DEL2 = 'alicedel0000002';
const BOB_PUB = 'bobpub000000001';
const BOB_DRAFT = 'bobdraft0000001';
const BOB_DEL = 'bobdel000000001';
const BATCH_DEL = 'batchdel0000001';
const LOCKED = 'locked000000001';
const LOCKED_DEL = 'locked000000002';
const LOCKED_EDIT = 'locked000000003';
const TAG = 'tag000000000001';
const COMMENT = 'comment00000001';
const VAULT = 'vault0000000001';

let t: TestApp;
const tokens: Record<Who, string> = { guest: '', alice: '', bob: '', superuser: '' };
const extra = { tampered: '', expired: '', algNone: '', aliceFile: '', bobFile: '', superFile: '', expiredFile: '', postsId: '' };
let docName = '';
let vaultFile = '';

const records = (collection: string, id = '') => `/api/collections/${collection}/records${id ? `/${id}` : ''}`;
const withQuery = (url: string, query: Record<string, string>) => `${url}?${new URLSearchParams(query).toString()}`;
const list = (collection: string, query: Record<string, string> = {}) => withQuery(records(collection), query);
const resolve = <T>(v: Lazy<T>): T => (typeof v === 'function' ? (v as () => T)() : v);

beforeAll(async () => {
  t = await buildTestApp({ collections: testCollections });
  const { ctx } = t;
  await seed(ctx, 'users', {
    id: ALICE,
    email: 'alice@example.com',
    password: 'alice-password',
    passwordConfirm: 'alice-password',
    name: 'Alice',
  });
  await seed(ctx, 'users', { id: BOB, email: 'bob@example.com', password: 'bob-password1', passwordConfirm: 'bob-password1', name: 'Bob' });
  await seed(ctx, '_superusers', { id: SUPER, email: 'root@example.com', password: 'root-password', passwordConfirm: 'root-password' });
  tokens.alice = await tokenFor(ctx, 'users', ALICE);
  tokens.bob = await tokenFor(ctx, 'users', BOB);
  tokens.superuser = await tokenFor(ctx, '_superusers', SUPER);

  // Hostile tokens: each one must silently mean "guest".
  const [h, p, s] = tokens.alice.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  extra.tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, id: BOB })).toString('base64url')}.${s}`;
  extra.algNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
  const users = ctx.engine.collection('users');
  const aliceRow = ctx.stmts.get('SELECT * FROM users WHERE id = ?', [ALICE]) as Record<string, unknown>;
  const bobRow = ctx.stmts.get('SELECT * FROM users WHERE id = ?', [BOB]) as Record<string, unknown>;
  const superRow = ctx.stmts.get('SELECT * FROM _superusers WHERE id = ?', [SUPER]) as Record<string, unknown>;
  extra.expired = await ctx.tokens.sign(users, aliceRow, 'auth', -60, { refreshable: true });
  extra.aliceFile = await ctx.tokens.sign(users, aliceRow, 'file', 180);
  extra.bobFile = await ctx.tokens.sign(users, bobRow, 'file', 180);
  extra.superFile = await ctx.tokens.sign(ctx.engine.collection('_superusers'), superRow, 'file', 180);
  extra.expiredFile = await ctx.tokens.sign(users, aliceRow, 'file', -60);
  extra.postsId = ctx.engine.collection('posts').id;

  await seed(ctx, 'topics', { id: TAG, name: 'vegan' });
  const post = (id: string, author: string, published: boolean, title: string, more: Record<string, unknown> = {}) =>
    seed(ctx, 'posts', { id, author, published, title, views: 10, secret: SECRET, tags: [TAG], ...more });
  // A public post with an unprotected file, seeded straight through the engine.
  const pub = await ctx.engine.create(
    ctx.engine.collection('posts'),
    {
      data: {
        id: ALICE_PUB,
        author: ALICE,
        published: true,
        title: 'Alice public',
        views: 10,
        secret: SECRET,
        body: '<p>Hello <b>World</b></p>',
      },
      files: { docs: [{ name: 'hello.txt', data: Buffer.from('hello world') }] },
      fromForm: false,
    },
    superuserRequest(ctx),
  );
  docName = (pub.docs as string[])[0] as string;
  await post(ALICE_DRAFT, ALICE, false, 'Alice draft');
  await post(ALICE_EDIT, ALICE, false, 'Alice editable');
  await post(ALICE_EDIT_MOD, ALICE, false, 'Alice editable by modifiers');
  await post(ALICE_EDIT_EMPTY, ALICE, false, 'Alice editable with an empty body');
  await post(ALICE_EDIT_BATCH, ALICE, false, 'Alice editable in a batch');
  await post(ALICE_DEL, ALICE, false, 'Alice deletable');
  await post(ALICE_DEL2, ALICE, false, 'Alice deletable 2');
  await post(BOB_PUB, BOB, true, 'Bob public');
  await post(BOB_DRAFT, BOB, false, 'Bob draft');
  await post(BOB_DEL, BOB, false, 'Bob deletable');
  await post(BATCH_DEL, ALICE, false, 'Batch deletable');
  await seed(ctx, 'comments', { id: COMMENT, post: ALICE_PUB, message: 'first!', author: ALICE });
  await seed(ctx, 'locked', { id: LOCKED, name: 'locked one' });
  await seed(ctx, 'locked', { id: LOCKED_DEL, name: 'locked two' });
  await seed(ctx, 'locked', { id: LOCKED_EDIT, name: 'locked three' });

  // The protected file is uploaded the way a browser does it: multipart through the HTTP API.
  const form = new FormData();
  form.append('id', VAULT);
  form.append('owner', ALICE);
  form.append('file', new Blob(['top secret']), 'secret.txt');
  const encoded = await encodeForm(form);
  const res = await t.app.inject({
    method: 'POST',
    url: records('vault'),
    headers: { authorization: tokens.alice, 'content-type': encoded.contentType },
    payload: encoded.payload,
  });
  expect(res.statusCode).toBe(200);
  vaultFile = String((res.json() as { file: string }).file);
  expect(vaultFile).toMatch(/^secret_[a-z0-9]{10}\.txt$/);
});

afterAll(async () => {
  await t.close();
});

async function encodeForm(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const req = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type') ?? '' };
}

function jsonForm(parts: Array<[string, string | Blob, string?]>): () => FormData {
  return () => {
    const form = new FormData();
    for (const [k, v, filename] of parts) {
      if (typeof v === 'string') form.append(k, v);
      else form.append(k, v, filename);
    }
    return form;
  };
}

const batchOf = (requests: unknown[]) => ({ requests });
/** A follow-up proving a refused write left the record in place. */
const stillThere = (collection: string, id: string): Scenario => ({
  name: `${collection}/${id} is still there`,
  method: 'GET',
  url: records(collection, id),
  auth: 'superuser',
  expectedStatus: 200,
  expectedContent: [`"id":"${id}"`],
});
/** The clean-up of a row that created a published post: other rows count what guests see. */
const removePublished = (id: string): Scenario => ({
  name: `remove the published post ${id} again`,
  method: 'DELETE',
  url: records('posts', id),
  auth: 'superuser',
  expectedStatus: 204,
  emptyBody: true,
});

const scenarios: Scenario[] = [
  // ---------------------------------------------------------------- global conventions (§1)
  {
    name: 'health is public',
    method: 'GET',
    url: '/api/health',
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"code":200', '"message":"API is healthy."', '"data":{}'],
    notExpectedContent: ['canBackup'],
  },
  {
    name: 'health shows diagnostics to superusers',
    method: 'GET',
    url: '/api/health',
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"code":200', '"canBackup":true', '"realIP"'],
  },
  {
    name: 'HEAD on health answers without a body',
    method: 'HEAD',
    url: '/api/health',
    auth: 'guest',
    expectedStatus: 200,
    emptyBody: true,
  },
  {
    name: 'unknown route: JSON 404 envelope',
    method: 'GET',
    url: '/api/nope',
    auth: 'guest',
    expectedStatus: 404,
    expectedContent: ['{"data":{},"message":"The requested resource wasn\'t found.","status":404}'],
  },
  {
    name: 'no trailing-slash normalisation',
    method: 'GET',
    url: '/api/health/',
    auth: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'CORS preflight',
    method: 'OPTIONS',
    url: records('posts'),
    auth: 'guest',
    headers: {
      origin: 'https://example.com',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
    expectedStatus: 204,
    emptyBody: true,
    expectedHeaders: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
      'access-control-allow-headers': 'authorization,content-type',
    },
  },
  {
    name: 'global security and CORS headers on a normal response',
    method: 'GET',
    url: records('posts', ALICE_PUB),
    auth: 'guest',
    headers: { origin: 'https://example.com' },
    expectedStatus: 200,
    expectedHeaders: {
      'x-xss-protection': '1; mode=block',
      'x-frame-options': 'SAMEORIGIN',
      'access-control-allow-origin': '*',
      'content-type': /^application\/json/,
    },
  },

  // ---------------------------------------------------------------- Authorization header (§1.6)
  {
    name: 'raw token (as the SDK sends it)',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: [`"id":"${ALICE_DRAFT}"`],
  },
  {
    name: 'token with a Bearer prefix',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'guest',
    headers: () => ({ authorization: `Bearer ${tokens.alice}` }),
    expectedStatus: 200,
    expectedContent: [`"id":"${ALICE_DRAFT}"`],
  },
  {
    name: 'garbage token is a guest',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'guest',
    headers: { authorization: 'not-a-jwt' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'tampered token (claims changed) is a guest',
    method: 'GET',
    url: records('posts', BOB_DRAFT),
    auth: 'guest',
    headers: () => ({ authorization: extra.tampered }),
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'tampered token lists as a guest',
    method: 'GET',
    url: list('posts', { perPage: '100' }),
    auth: 'guest',
    headers: () => ({ authorization: extra.tampered }),
    expectedStatus: 200,
    expectedContent: [ALICE_PUB],
    notExpectedContent: [BOB_DRAFT, ALICE_DRAFT],
  },
  {
    name: 'alg=none token is a guest',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'guest',
    headers: () => ({ authorization: extra.algNone }),
    expectedStatus: 404,
  },
  {
    name: 'expired token is a guest',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'guest',
    headers: () => ({ authorization: extra.expired }),
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'a file token is not an auth token',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'guest',
    headers: () => ({ authorization: extra.aliceFile }),
    expectedStatus: 404,
  },
  {
    name: 'invalid token on create: guest create rule fails',
    method: 'POST',
    url: records('posts'),
    auth: 'guest',
    headers: { authorization: 'x.y.z' },
    body: { title: 'x', author: ALICE },
    expectedStatus: 400,
    expectedContent: ['"data":{}', '"message":"Failed to create record."'],
  },
  {
    name: 'expired token cannot pass a null rule',
    method: 'GET',
    url: records('locked'),
    auth: 'guest',
    headers: () => ({ authorization: extra.expired }),
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },

  // ---------------------------------------------------------------- list (§3.2)
  {
    name: 'list as guest: rule filters silently',
    method: 'GET',
    url: records('posts'),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"page":1', '"perPage":30', '"totalItems":2', '"totalPages":1', ALICE_PUB, BOB_PUB],
    notExpectedContent: [ALICE_DRAFT, BOB_DRAFT, SECRET, '"secret"'],
  },
  {
    name: 'list as alice: published + own drafts',
    method: 'GET',
    url: list('posts', { perPage: '100' }),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: [ALICE_PUB, ALICE_DRAFT, BOB_PUB],
    notExpectedContent: [BOB_DRAFT, SECRET],
  },
  {
    name: 'list as bob: published + own drafts',
    method: 'GET',
    url: list('posts', { perPage: '100' }),
    auth: 'bob',
    expectedStatus: 200,
    expectedContent: [BOB_DRAFT, ALICE_PUB],
    notExpectedContent: [ALICE_DRAFT, SECRET],
  },
  {
    name: 'list as superuser: every row and hidden fields',
    method: 'GET',
    url: list('posts', { perPage: '100' }),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: [ALICE_DRAFT, BOB_DRAFT, `"secret":"${SECRET}"`],
  },
  {
    name: 'list with an empty JSON body and JSON content type (the SDK does this)',
    method: 'GET',
    url: records('posts'),
    auth: 'guest',
    headers: { 'content-type': 'application/json' },
    body: '',
    expectedStatus: 200,
    expectedContent: [ALICE_PUB],
  },
  {
    name: 'list by collection name, case-insensitively',
    method: 'GET',
    url: records('POSTS'),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: [ALICE_PUB],
  },
  {
    name: 'list by collection id',
    method: 'GET',
    url: () => records(extra.postsId),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: [ALICE_PUB],
  },
  {
    name: 'list of a missing collection',
    method: 'GET',
    url: records('missing'),
    auth: 'superuser',
    expectedStatus: 404,
    expectedContent: ['"message":"Missing collection context."', '"data":{}'],
  },
  {
    name: 'list with null rule as guest',
    method: 'GET',
    url: records('locked'),
    auth: 'guest',
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS, '"data":{}'],
  },
  {
    name: 'list with null rule as alice',
    method: 'GET',
    url: records('locked'),
    auth: 'alice',
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'list with null rule as superuser',
    method: 'GET',
    url: records('locked'),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: [LOCKED],
  },
  {
    name: 'list users as guest: empty items',
    method: 'GET',
    url: records('users'),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"items":[]', '"totalItems":0', '"totalPages":0'],
  },
  {
    name: 'list users as alice: herself with her email',
    method: 'GET',
    url: records('users'),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: [ALICE, '"email":"alice@example.com"'],
    notExpectedContent: [BOB, 'password', 'tokenKey'],
  },
  {
    name: 'list users filtered by email as non-superuser adds emailVisibility = true',
    method: 'GET',
    url: list('users', { filter: 'email = "alice@example.com"' }),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: ['"totalItems":0'],
  },
  {
    name: 'list users filtered by email as superuser',
    method: 'GET',
    url: list('users', { filter: 'email = "alice@example.com"' }),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"totalItems":1', ALICE],
  },
  {
    name: "filter by a relation's hidden email as guest cannot probe it (emailVisibility = true added)",
    method: 'GET',
    url: list('posts', { filter: 'author.email = "alice@example.com"' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"totalItems":0'],
  },
  {
    name: 'list teams (@collection rule) as alice',
    method: 'GET',
    url: records('teams'),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: ['"items":[]'],
  },
  {
    name: 'page=abc',
    method: 'GET',
    url: list('posts', { page: 'abc' }),
    auth: 'guest',
    expectedStatus: 400,
    expectedContent: [BAD_REQUEST, '"data":{}'],
  },
  {
    name: 'perPage=1.5',
    method: 'GET',
    url: list('posts', { perPage: '1.5' }),
    auth: 'guest',
    expectedStatus: 400,
    expectedContent: [BAD_REQUEST],
  },
  { name: 'perPage=ten', method: 'GET', url: list('posts', { perPage: 'ten' }), auth: 'guest', expectedStatus: 400 },
  {
    name: 'page=0 becomes 1',
    method: 'GET',
    url: list('posts', { page: '0' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"page":1'],
  },
  {
    name: 'page=-3 becomes 1',
    method: 'GET',
    url: list('posts', { page: '-3' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"page":1'],
  },
  {
    name: 'perPage=0 becomes 30',
    method: 'GET',
    url: list('posts', { perPage: '0' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"perPage":30'],
  },
  {
    name: 'perPage=-5 becomes 30',
    method: 'GET',
    url: list('posts', { perPage: '-5' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"perPage":30'],
  },
  {
    name: 'perPage=5000 is clamped to 1000 and echoed',
    method: 'GET',
    url: list('posts', { perPage: '5000' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"perPage":1000'],
  },
  {
    name: 'page beyond the end: empty items, page echoed',
    method: 'GET',
    url: list('posts', { page: '50', perPage: '1' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"page":50', '"perPage":1', '"items":[]', '"totalItems":2', '"totalPages":2'],
  },
  {
    name: 'skipTotal=1: totals are -1',
    method: 'GET',
    url: list('posts', { skipTotal: '1' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"totalItems":-1', '"totalPages":-1', ALICE_PUB],
  },
  {
    name: 'skipTotal=false: totals are counted',
    method: 'GET',
    url: list('posts', { skipTotal: 'false' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"totalItems":2'],
    notExpectedContent: ['"totalItems":-1'],
  },
  {
    name: 'skipTotal=maybe',
    method: 'GET',
    url: list('posts', { skipTotal: 'maybe' }),
    auth: 'guest',
    expectedStatus: 400,
    expectedContent: [BAD_REQUEST],
  },
  {
    name: 'filter with a syntax error',
    method: 'GET',
    url: list('posts', { filter: 'title ==' }),
    auth: 'guest',
    expectedStatus: 400,
    expectedContent: [BAD_REQUEST, '"data":{}'],
  },
  {
    name: 'filter with an unterminated quote',
    method: 'GET',
    url: list('posts', { filter: 'title = "abc' }),
    auth: 'guest',
    expectedStatus: 400,
  },
  {
    name: 'filter on an unknown field',
    method: 'GET',
    url: list('posts', { filter: 'nope = 1' }),
    auth: 'guest',
    expectedStatus: 400,
    expectedContent: [BAD_REQUEST],
  },
  {
    name: 'filter over 3500 characters',
    method: 'GET',
    url: list('posts', { filter: `title = "${'x'.repeat(3600)}"` }),
    auth: 'guest',
    expectedStatus: 400,
  },
  {
    name: 'filter over 200 expressions',
    method: 'GET',
    url: list('posts', { filter: Array.from({ length: 201 }, () => 'views > 0').join(' || ') }),
    auth: 'guest',
    expectedStatus: 400,
  },
  {
    name: 'valid filter',
    method: 'GET',
    url: list('posts', { filter: 'title ~ "public" && views >= 10' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: [ALICE_PUB, BOB_PUB, '"totalItems":2'],
  },
  // As in PocketBase ≥ 0.32: a client filter only reaches related records the caller may list
  // (users are private), so it cannot be used to probe them.
  {
    name: 'filter through a private relation matches nothing',
    method: 'GET',
    url: list('posts', { filter: 'author.name = "Alice"' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"totalItems":0'],
  },
  {
    name: 'filter through a relation the caller may list',
    method: 'GET',
    url: list('posts', { filter: 'author.name = "Alice"' }),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: [ALICE_PUB],
  },
  {
    name: 'filter by @request. as alice',
    method: 'GET',
    url: list('posts', { filter: '@request.auth.id != ""' }),
    auth: 'alice',
    expectedStatus: 403,
    expectedContent: ['"message":"Only superusers can filter by @request."', '"data":{}'],
  },
  {
    name: 'filter by @request. as guest',
    method: 'GET',
    url: list('posts', { filter: 'title = @request.query.x' }),
    auth: 'guest',
    expectedStatus: 403,
    expectedContent: ['"message":"Only superusers can filter by @request."'],
  },
  {
    name: 'filter by @collection. as guest',
    method: 'GET',
    url: list('posts', { filter: '@collection.users.email = "alice@example.com"' }),
    auth: 'guest',
    expectedStatus: 403,
    expectedContent: ['"message":"Only superusers can filter by @collection."'],
  },
  {
    name: 'filter by @collection. as bob',
    method: 'GET',
    url: list('posts', { filter: '@collection.users.id ?= author' }),
    auth: 'bob',
    expectedStatus: 403,
    expectedContent: ['"message":"Only superusers can filter by @collection."'],
  },
  {
    name: 'sort by @request. as bob',
    method: 'GET',
    url: list('posts', { sort: '@request.auth.id' }),
    auth: 'bob',
    expectedStatus: 403,
    expectedContent: ['"message":"Only superusers can filter by @request."'],
  },
  {
    name: 'filter by @request. as superuser',
    method: 'GET',
    url: list('posts', { filter: '@request.auth.id != ""', perPage: '100' }),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: [ALICE_DRAFT, BOB_DRAFT],
  },
  {
    name: 'filter by @collection. as superuser',
    method: 'GET',
    url: list('posts', { filter: '@collection.users.name ?= "Bob" && @collection.users.id ?= author', perPage: '100' }),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: [BOB_DRAFT],
    notExpectedContent: [ALICE_DRAFT],
  },
  {
    name: 'filter by a hidden field as alice',
    method: 'GET',
    url: list('posts', { filter: `secret = "${SECRET}"` }),
    auth: 'alice',
    expectedStatus: 400,
    expectedContent: [BAD_REQUEST],
    notExpectedContent: [SECRET],
  },
  {
    name: 'filter by a hidden field as guest',
    method: 'GET',
    url: list('posts', { filter: 'secret ~ "hidden"' }),
    auth: 'guest',
    expectedStatus: 400,
  },
  {
    name: 'filter by a hidden field as superuser',
    method: 'GET',
    url: list('posts', { filter: `secret = "${SECRET}"`, perPage: '100' }),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: [ALICE_DRAFT, BOB_DRAFT],
  },
  { name: 'sort by a hidden field as bob', method: 'GET', url: list('posts', { sort: '-secret' }), auth: 'bob', expectedStatus: 400 },
  {
    name: 'sort by a hidden field as superuser',
    method: 'GET',
    url: list('posts', { sort: '-secret' }),
    auth: 'superuser',
    expectedStatus: 200,
  },
  {
    name: 'sort by an unknown field',
    method: 'GET',
    url: list('posts', { sort: '-nope' }),
    auth: 'guest',
    expectedStatus: 400,
    expectedContent: [BAD_REQUEST],
  },
  { name: 'sort by a literal', method: 'GET', url: list('posts', { sort: '"abc"' }), auth: 'guest', expectedStatus: 400 },
  {
    name: 'sort desc, relation path, @random and @rowid',
    method: 'GET',
    url: list('posts', { sort: '-views,author.name,@rowid,@random' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: [ALICE_PUB],
  },
  {
    name: 'fields picker on a list keeps the envelope',
    method: 'GET',
    url: list('posts', { fields: 'id,title', filter: `id = "${ALICE_PUB}"` }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['"page":1', '"perPage":30', '"totalItems":1', `"items":[{"id":"${ALICE_PUB}","title":"Alice public"}]`],
    notExpectedContent: ['"views"', '"collectionName"'],
  },
  {
    name: 'expand on a list',
    method: 'GET',
    url: list('posts', { expand: 'author,tags', filter: `id = "${ALICE_DRAFT}"` }),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: ['"expand":{', '"name":"Alice"', '"name":"vegan"'],
  },
  { name: 'HEAD on a list', method: 'HEAD', url: records('posts'), auth: 'guest', expectedStatus: 200, emptyBody: true },

  // ---------------------------------------------------------------- view (§3.3)
  {
    name: 'view a public post as guest',
    method: 'GET',
    url: records('posts', ALICE_PUB),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: [`"id":"${ALICE_PUB}"`, '"collectionName":"posts"', '"title":"Alice public"', '"published":true'],
    notExpectedContent: [SECRET, '"secret"'],
  },
  {
    name: 'view a draft as guest: 404',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND, '"data":{}'],
  },
  {
    name: 'view a draft as bob: 404',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'bob',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'view own draft as alice',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: [`"id":"${ALICE_DRAFT}"`],
    notExpectedContent: [SECRET],
  },
  {
    name: 'view a draft as superuser (with the hidden field)',
    method: 'GET',
    url: records('posts', ALICE_DRAFT),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: [`"secret":"${SECRET}"`],
  },
  {
    name: 'view a missing record',
    method: 'GET',
    url: records('posts', 'missing00000000'),
    auth: 'superuser',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'view in a missing collection',
    method: 'GET',
    url: records('missing', ALICE_PUB),
    auth: 'guest',
    expectedStatus: 404,
    expectedContent: ['"message":"Missing collection context."'],
  },
  {
    name: 'view with null rule as alice',
    method: 'GET',
    url: records('locked', LOCKED),
    auth: 'alice',
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'view with null rule as superuser',
    method: 'GET',
    url: records('locked', LOCKED),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"name":"locked one"'],
  },
  { name: 'view another user as alice: 404', method: 'GET', url: records('users', BOB), auth: 'alice', expectedStatus: 404 },
  {
    name: 'view herself as alice: email shown, password never',
    method: 'GET',
    url: records('users', ALICE),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: ['"email":"alice@example.com"', '"verified":false'],
    notExpectedContent: ['password', 'tokenKey'],
  },
  {
    name: 'view a user as superuser: tokenKey/password never shown',
    method: 'GET',
    url: records('users', BOB),
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"email":"bob@example.com"'],
    notExpectedContent: ['password', 'tokenKey'],
  },
  {
    name: 'fields picker on a view',
    method: 'GET',
    url: withQuery(records('posts', ALICE_PUB), { fields: 'id,title' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: [`{"id":"${ALICE_PUB}","title":"Alice public"}`],
    notExpectedContent: ['"views"', '"collectionId"'],
  },
  {
    name: 'fields picker with :excerpt',
    method: 'GET',
    url: withQuery(records('posts', ALICE_PUB), { fields: 'body:excerpt(5,true)' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['{"body":"Hello..."}'],
  },
  {
    name: 'view with expand of a back-relation and nested relation',
    method: 'GET',
    url: withQuery(records('posts', ALICE_PUB), { expand: 'comments_via_post.author' }),
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: ['"comments_via_post":[', '"message":"first!"', '"name":"Alice"'],
  },
  {
    name: 'expand hidden by the related view rule is skipped',
    method: 'GET',
    url: withQuery(records('posts', ALICE_PUB), { expand: 'author' }),
    auth: 'guest',
    expectedStatus: 200,
    notExpectedContent: ['"name":"Alice"'],
  },
  {
    name: 'unknown expand is ignored',
    method: 'GET',
    url: withQuery(records('posts', ALICE_PUB), { expand: 'nope,author.nope' }),
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: [ALICE_PUB],
  },
  { name: 'HEAD on a view', method: 'HEAD', url: records('posts', ALICE_PUB), auth: 'guest', expectedStatus: 200, emptyBody: true },

  // ---------------------------------------------------------------- auth response picker (§3.10)
  {
    name: 'fields picker on an auth response',
    method: 'POST',
    url: withQuery('/api/collections/users/auth-with-password', { fields: 'token,record.id' }),
    auth: 'guest',
    body: { identity: 'alice@example.com', password: 'alice-password' },
    expectedStatus: 200,
    expectedContent: ['"token":"', `"record":{"id":"${ALICE}"}`],
    notExpectedContent: ['"email"', '"name"'],
  },

  // ---------------------------------------------------------------- create (§3.4)
  {
    name: 'create as guest: rule fails with empty data',
    method: 'POST',
    url: records('posts'),
    auth: 'guest',
    body: { title: 'guest post', author: ALICE },
    expectedStatus: 400,
    expectedContent: ['{"data":{},"message":"Failed to create record.","status":400}'],
  },
  {
    name: 'create for someone else: rule fails',
    method: 'POST',
    url: records('posts'),
    auth: 'bob',
    body: { title: 'as alice', author: ALICE },
    expectedStatus: 400,
    expectedContent: ['"data":{}', '"message":"Failed to create record."'],
  },
  {
    name: 'create with JSON: 200 (not 201)',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    body: { id: 'alicenew0000001', title: 'Brand new', author: ALICE, views: 3, meta: { a: [1, 2] }, secret: 'alice-tried' },
    expectedStatus: 200,
    expectedContent: [
      '"id":"alicenew0000001"',
      '"title":"Brand new"',
      '"views":3',
      '"meta":{"a":[1,2]}',
      '"published":false',
      '"tags":[]',
      '"docs":[]',
      '"cover":""',
    ],
    notExpectedContent: ['alice-tried', '"secret"'],
    then: [
      {
        name: 'hidden field submitted by a non-superuser was dropped',
        method: 'GET',
        url: records('posts', 'alicenew0000001'),
        auth: 'superuser',
        expectedStatus: 200,
        expectedContent: ['"secret":""'],
        notExpectedContent: ['alice-tried'],
      },
    ],
  },
  {
    name: 'create with an existing id',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    body: { id: ALICE_PUB, title: 'dup', author: ALICE },
    expectedStatus: 400,
    expectedContent: ['"message":"Failed to create record."', '"id":{"code":"validation_pk_invalid"'],
  },
  {
    name: 'create with a too-short id',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    body: { id: 'short', title: 'short id', author: ALICE },
    expectedStatus: 400,
    expectedContent: ['"id":{"code":"validation_min_text_constraint"'],
  },
  {
    name: 'create with invalid fields: codes per field',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    body: { author: ALICE, views: -1, rating: 2.5, status: 'nope', site: 'not a url', contact: 'x@', tags: ['missing00000000'] },
    expectedStatus: 400,
    expectedContent: [
      '"message":"Failed to create record."',
      '"title":{"code":"validation_required","message":"Cannot be blank."}',
      '"views":{"code":"validation_min_number_constraint"',
      '"rating":{"code":"validation_only_int_constraint","message":"Decimal numbers are not allowed."}',
      '"status":{"code":"validation_invalid_value"',
      '"site":{"code":"validation_invalid_url"',
      '"contact":{"code":"validation_is_email"',
      '"tags":{"code":"validation_missing_rel_records"',
    ],
  },
  {
    name: 'create a user with mismatching passwords',
    method: 'POST',
    url: records('users'),
    auth: 'guest',
    body: { email: 'carol@example.com', password: 'carol-password', passwordConfirm: 'other-password' },
    expectedStatus: 400,
    expectedContent: ['"passwordConfirm":{"code":"validation_values_mismatch"'],
  },
  {
    name: 'create a user that sets verified',
    method: 'POST',
    url: records('users'),
    auth: 'guest',
    body: { email: 'dave@example.com', password: 'dave-password', passwordConfirm: 'dave-password', verified: true },
    expectedStatus: 400,
    expectedContent: ['"verified":{"code":"validation_values_mismatch"'],
  },
  {
    name: 'create a unique value twice',
    method: 'POST',
    url: records('topics'),
    auth: 'alice',
    body: { name: 'vegan' },
    expectedStatus: 400,
    expectedContent: ['"name":{"code":"validation_not_unique","message":"Value must be unique."}'],
  },
  {
    name: 'create in a null-rule collection as alice',
    method: 'POST',
    url: records('locked'),
    auth: 'alice',
    body: { name: 'x' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'create in a null-rule collection as superuser',
    method: 'POST',
    url: records('locked'),
    auth: 'superuser',
    body: { name: 'by root' },
    expectedStatus: 200,
    expectedContent: ['"name":"by root"'],
  },
  {
    name: 'superuser creates for someone else and sets the hidden field',
    method: 'POST',
    url: records('posts'),
    auth: 'superuser',
    body: { title: 'for bob', author: BOB, secret: 'root-secret' },
    expectedStatus: 200,
    expectedContent: [`"author":"${BOB}"`, '"secret":"root-secret"'],
  },
  {
    name: 'create in a missing collection (body-limit middleware answers first)',
    method: 'POST',
    url: records('missing'),
    auth: 'superuser',
    body: { name: 'x' },
    expectedStatus: 404,
    expectedContent: ['"message":"Missing or invalid collection context."'],
  },
  {
    name: 'create with expand and fields',
    method: 'POST',
    url: withQuery(records('posts'), { expand: 'author', fields: 'title,expand.author.name' }),
    auth: 'alice',
    body: { title: 'Expanded create', author: ALICE },
    expectedStatus: 200,
    expectedContent: ['{"title":"Expanded create","expand":{"author":{"name":"Alice"}}}'],
  },
  {
    name: 'create with urlencoded body: values are inferred',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `id=formpost0000001&title=Form+post&author=${ALICE}&views=5&published=true&labels=a&labels=b`,
    expectedStatus: 200,
    expectedContent: ['"title":"Form post"', '"views":5', '"published":true', '"labels":["a","b"]'],
    then: [removePublished('formpost0000001')],
  },
  {
    name: 'create with multipart: several @jsonPayload parts are merged without inference',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    form: jsonForm([
      ['@jsonPayload', JSON.stringify({ id: 'multipart000001', title: '123', author: ALICE })],
      ['@jsonPayload', JSON.stringify({ meta: { k: [1, 2] }, labels: ['a', 'c'] })],
      ['views', '7'],
      ['published', 'true'],
    ]),
    expectedStatus: 200,
    expectedContent: ['"title":"123"', '"meta":{"k":[1,2]}', '"labels":["a","c"]', '"views":7', '"published":true'],
    then: [removePublished('multipart000001')],
  },
  // 5,000 nested arrays once overflowed the stack in validation (500): every way in answers 400.
  {
    name: 'create with a JSON body nested 5,000 levels deep: 400',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    headers: { 'content-type': 'application/json' },
    body: `{"title":"deep","author":"${ALICE}","meta":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    expectedStatus: 400,
    expectedContent: ['nests deeper than 128 levels'],
  },
  {
    name: 'create with a nested object 5,000 levels deep in a form field: 400 on that field',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    form: jsonForm([
      ['title', 'deep'],
      ['author', ALICE],
      ['meta', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ]),
    expectedStatus: 400,
    expectedContent: ['"meta":{"code":"validation_json_too_deep"'],
  },
  {
    name: 'create with a 5,000-level @jsonPayload: 400 on that field',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    form: jsonForm([['@jsonPayload', `{"title":"deep","author":"${ALICE}","meta":${'['.repeat(5000)}${']'.repeat(5000)}}`]]),
    expectedStatus: 400,
    expectedContent: ['"meta":{"code":"validation_json_too_deep"'],
  },
  {
    name: 'create with JSON nested 100 levels: stored as sent',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    body: { title: 'nested ok', author: ALICE, meta: JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown },
    expectedStatus: 200,
    expectedContent: [`"meta":${'['.repeat(100)}${']'.repeat(100)}`],
  },
  {
    name: 'create with multipart and an invalid @jsonPayload',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    form: jsonForm([['@jsonPayload', '{not json']]),
    expectedStatus: 400,
  },
  {
    name: 'create with a multipart file upload',
    method: 'POST',
    url: records('vault'),
    auth: 'bob',
    form: jsonForm([
      ['owner', BOB],
      ['file', new Blob(['bob file']), 'notes.txt'],
    ]),
    expectedStatus: 200,
    expectedContent: [`"owner":"${BOB}"`, '"file":"notes_'],
  },
  {
    name: 'create with invalid JSON',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    headers: { 'content-type': 'application/json' },
    body: '{"title": "x",',
    expectedStatus: 400,
    expectedContent: ['"status":400', '"data":{}'],
  },
  {
    name: 'create with a JSON array body',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    body: [1, 2],
    expectedStatus: 400,
    expectedContent: ['"status":400'],
  },
  {
    name: 'create with an unsupported content type',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    headers: { 'content-type': 'text/plain' },
    body: 'title=x',
    expectedStatus: 400,
    expectedContent: ['"status":400'],
  },
  {
    name: 'create over 32 MiB in a collection without sized fields: 413',
    method: 'POST',
    url: records('locked'),
    auth: 'superuser',
    headers: { 'content-type': 'application/json' },
    body: () => JSON.stringify({ name: 'x'.repeat(33 * 1024 * 1024) }),
    expectedStatus: 413,
    expectedContent: ['{"data":{},"message":"Request entity too large.","status":413}'],
  },
  {
    name: 'create of 40 MiB in posts is under its limit (32 MiB + file/json/editor field sizes): not 413',
    method: 'POST',
    url: records('posts'),
    auth: 'alice',
    headers: { 'content-type': 'application/json' },
    body: () => JSON.stringify({ title: 'x'.repeat(40 * 1024 * 1024), author: ALICE }),
    expectedStatus: 400,
    expectedContent: ['"title":{"code":"validation_max_text_constraint"'],
  },
  {
    name: 'update over every limit: 413',
    method: 'PATCH',
    url: records('posts', ALICE_EDIT),
    auth: 'alice',
    headers: { 'content-type': 'application/json' },
    body: () => JSON.stringify({ title: 'x'.repeat(64 * 1024 * 1024) }),
    expectedStatus: 413,
    expectedContent: ['"message":"Request entity too large."'],
  },

  // ---------------------------------------------------------------- update (§3.5)
  {
    name: 'update own post',
    method: 'PATCH',
    url: records('posts', ALICE_EDIT),
    auth: 'alice',
    body: { title: 'Edited' },
    expectedStatus: 200,
    expectedContent: ['"title":"Edited"', '"views":10'],
    notExpectedContent: [SECRET],
  },
  {
    name: 'update with a number modifier',
    method: 'PATCH',
    url: records('posts', ALICE_EDIT_MOD),
    auth: 'alice',
    body: { 'views+': 5, 'labels+': ['b'] },
    expectedStatus: 200,
    expectedContent: ['"views":15', '"labels":["b"]'],
  },
  {
    name: 'update with an empty body still saves',
    method: 'PATCH',
    url: records('posts', ALICE_EDIT_EMPTY),
    auth: 'alice',
    headers: { 'content-type': 'application/json' },
    body: '',
    expectedStatus: 200,
    expectedContent: ['"title":"Alice editable with an empty body"'],
  },
  {
    name: 'update changing the id',
    method: 'PATCH',
    url: records('posts', ALICE_EDIT),
    auth: 'alice',
    body: { id: 'otherid00000001' },
    expectedStatus: 400,
    expectedContent: [
      '"message":"Failed to update record."',
      '"id":{"code":"validation_pk_change","message":"The record primary key cannot be changed."}',
    ],
  },
  {
    name: 'update with invalid values',
    method: 'PATCH',
    url: records('posts', ALICE_EDIT),
    auth: 'alice',
    body: { views: -5, title: '' },
    expectedStatus: 400,
    expectedContent: [
      '"message":"Failed to update record."',
      '"views":{"code":"validation_min_number_constraint"',
      '"title":{"code":"validation_required"',
    ],
  },
  {
    name: 'update with invalid JSON',
    method: 'PATCH',
    url: records('posts', ALICE_EDIT),
    auth: 'alice',
    headers: { 'content-type': 'application/json' },
    body: '{',
    expectedStatus: 400,
  },
  {
    name: "update someone else's draft: 404",
    method: 'PATCH',
    url: records('posts', ALICE_DRAFT),
    auth: 'bob',
    body: { title: 'hijack' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
    then: [
      {
        name: 'the rejected update changed nothing',
        method: 'GET',
        url: records('posts', ALICE_DRAFT),
        auth: 'superuser',
        expectedStatus: 200,
        expectedContent: ['"title":"Alice draft"', `"author":"${ALICE}"`],
        notExpectedContent: ['hijack'],
      },
    ],
  },
  {
    name: "update someone else's public post: 404",
    method: 'PATCH',
    url: records('posts', ALICE_PUB),
    auth: 'bob',
    body: { title: 'hijack' },
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'update as guest: 404',
    method: 'PATCH',
    url: records('posts', ALICE_PUB),
    auth: 'guest',
    body: { title: 'hijack' },
    expectedStatus: 404,
  },
  {
    name: 'update giving the post away (@request.body rule): 404',
    method: 'PATCH',
    url: records('posts', ALICE_EDIT),
    auth: 'alice',
    body: { author: BOB },
    expectedStatus: 404,
  },
  {
    name: 'update a missing record',
    method: 'PATCH',
    url: records('posts', 'missing00000000'),
    auth: 'alice',
    body: { title: 'x' },
    expectedStatus: 404,
  },
  {
    name: 'update in a missing collection',
    method: 'PATCH',
    url: records('missing', ALICE_EDIT),
    auth: 'alice',
    body: { title: 'x' },
    expectedStatus: 404,
    expectedContent: ['"message":"Missing or invalid collection context."'],
  },
  {
    name: 'update with null rule as alice',
    method: 'PATCH',
    url: records('locked', LOCKED),
    auth: 'alice',
    body: { name: 'x' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'update a comment (null update rule) as its author',
    method: 'PATCH',
    url: records('comments', COMMENT),
    auth: 'alice',
    body: { message: 'edited' },
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'update with null rule as superuser',
    method: 'PATCH',
    url: records('locked', LOCKED_EDIT),
    auth: 'superuser',
    body: { name: 'renamed' },
    expectedStatus: 200,
    expectedContent: ['"name":"renamed"'],
  },
  {
    name: "superuser updates anybody's post",
    method: 'PATCH',
    url: records('posts', BOB_DRAFT),
    auth: 'superuser',
    body: { views: 42 },
    expectedStatus: 200,
    expectedContent: ['"views":42', `"secret":"${SECRET}"`],
  },
  {
    name: 'user changing her own email directly',
    method: 'PATCH',
    url: records('users', ALICE),
    auth: 'alice',
    body: { email: 'new@example.com' },
    expectedStatus: 400,
    expectedContent: ['"email":{"code":"validation_values_mismatch"'],
  },
  {
    name: 'user changing her password without oldPassword',
    method: 'PATCH',
    url: records('users', ALICE),
    auth: 'alice',
    body: { password: 'new-password1', passwordConfirm: 'new-password1' },
    expectedStatus: 400,
    expectedContent: ['"oldPassword":{"code":"validation_required"'],
  },

  // ---------------------------------------------------------------- delete (§3.7)
  // The refused deletes aim at a post no row deletes, so their 404 is the rule's, not a missing row's.
  {
    name: "delete someone else's post: 404",
    method: 'DELETE',
    url: records('posts', ALICE_DRAFT),
    auth: 'bob',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
    then: [stillThere('posts', ALICE_DRAFT)],
  },
  {
    name: 'delete as guest: 404',
    method: 'DELETE',
    url: records('posts', ALICE_DRAFT),
    auth: 'guest',
    expectedStatus: 404,
    then: [stillThere('posts', ALICE_DRAFT)],
  },
  {
    name: 'delete own post: 204 without body',
    method: 'DELETE',
    url: records('posts', ALICE_DEL),
    auth: 'alice',
    expectedStatus: 204,
    emptyBody: true,
    then: [{ name: 'the deleted post is gone', method: 'GET', url: records('posts', ALICE_DEL), auth: 'superuser', expectedStatus: 404 }],
  },
  {
    name: 'delete with an empty JSON body and JSON content type',
    method: 'DELETE',
    url: records('posts', ALICE_DEL2),
    auth: 'alice',
    headers: { 'content-type': 'application/json' },
    body: '',
    expectedStatus: 204,
    emptyBody: true,
  },
  {
    name: 'delete a missing record',
    method: 'DELETE',
    url: records('posts', 'missing00000000'),
    auth: 'superuser',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'delete in a missing collection',
    method: 'DELETE',
    url: records('missing', ALICE_PUB),
    auth: 'superuser',
    expectedStatus: 404,
    expectedContent: ['"message":"Missing collection context."'],
  },
  {
    name: 'delete with null rule as alice',
    method: 'DELETE',
    url: records('locked', LOCKED),
    auth: 'alice',
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
    then: [stillThere('locked', LOCKED)],
  },
  {
    name: 'delete a comment (null delete rule) as its author',
    method: 'DELETE',
    url: records('comments', COMMENT),
    auth: 'alice',
    expectedStatus: 403,
    expectedContent: [ONLY_SUPERUSERS],
  },
  {
    name: 'delete with null rule as superuser',
    method: 'DELETE',
    url: records('locked', LOCKED_DEL),
    auth: 'superuser',
    expectedStatus: 204,
    emptyBody: true,
  },
  {
    name: "superuser deletes anybody's post",
    method: 'DELETE',
    url: records('posts', BOB_DEL),
    auth: 'superuser',
    expectedStatus: 204,
    emptyBody: true,
  },

  // ---------------------------------------------------------------- batch (§7)
  {
    name: 'batch: create, upsert twice, update, delete in one transaction',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([
      { method: 'POST', url: '/api/collections/topics/records?fields=name', body: { name: 'batch-fields' } },
      { method: 'PUT', url: '/api/collections/posts/records', body: { id: 'upsert000000001', title: 'Upserted', author: ALICE } },
      { method: 'PUT', url: '/api/collections/posts/records', body: { id: 'upsert000000001', title: 'Upserted again' } },
      { method: 'PATCH', url: `/api/collections/posts/records/${ALICE_EDIT_BATCH}?expand=author`, body: { 'views-': 1 } },
      { method: 'DELETE', url: `/api/collections/posts/records/${BATCH_DEL}` },
    ]),
    expectedStatus: 200,
    expectedContent: [
      '[{"body":{"name":"batch-fields"},"status":200}',
      '"title":"Upserted"',
      '"title":"Upserted again"',
      '"views":9',
      '"expand":{"author":',
      '{"body":null,"status":204}]',
    ],
  },
  {
    name: 'batch with multipart (@jsonPayload + requests.N.field files)',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    form: jsonForm([
      [
        '@jsonPayload',
        JSON.stringify(
          batchOf([{ method: 'POST', url: '/api/collections/posts/records', body: { title: 'Batch with file', author: ALICE } }]),
        ),
      ],
      ['requests.0.docs', new Blob(['batch file']), 'batch.txt'],
    ]),
    expectedStatus: 200,
    expectedContent: ['"title":"Batch with file"', '"docs":["batch_'],
  },
  {
    name: 'batch with empty requests',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([]),
    expectedStatus: 400,
    expectedContent: ['"message":"Invalid batch request data."', '"requests":{"code":"validation_required"'],
  },
  {
    name: 'batch without requests',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: {},
    expectedStatus: 400,
    expectedContent: ['"message":"Invalid batch request data."'],
  },
  {
    name: 'batch with a bad method',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([{ method: 'FOO', url: '/api/collections/topics/records' }]),
    expectedStatus: 400,
    expectedContent: ['"message":"Invalid batch request data."', '"requests":{"0":{"method":{"code":"validation_in_invalid"'],
  },
  {
    name: 'batch with a missing url',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([{ method: 'POST', url: '/api/collections/topics/records', body: { name: 'ok' } }, { method: 'POST' }]),
    expectedStatus: 400,
    expectedContent: ['"requests":{"1":{"url":{"code":"validation_required"'],
  },
  {
    name: 'batch with a url over 2000 characters',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([{ method: 'POST', url: `/api/collections/topics/records?x=${'a'.repeat(2001)}` }]),
    expectedStatus: 400,
    expectedContent: ['"url":{"code":"validation_length_too_long"'],
  },
  {
    name: 'batch with too many requests (> 50)',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf(
      Array.from({ length: 51 }, (_, i) => ({ method: 'POST', url: '/api/collections/topics/records', body: { name: `too-many-${i}` } })),
    ),
    expectedStatus: 400,
    expectedContent: ['"message":"Invalid batch request data."', '"requests":{"code":"validation_length_too_long"'],
    then: [
      {
        name: 'batch: the oversized batch created nothing',
        method: 'GET',
        url: list('topics', { filter: 'name ~ "too-many-"' }),
        auth: 'guest',
        expectedStatus: 200,
        expectedContent: ['"totalItems":0'],
      },
    ],
  },
  {
    name: 'batch with unreadable JSON',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    headers: { 'content-type': 'application/json' },
    body: '{"requests": [',
    expectedStatus: 400,
    expectedContent: ['"message":"Failed to read the submitted batch data."'],
  },
  {
    name: 'batch with a failing request: rolled back, failing index reported',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([
      { method: 'POST', url: '/api/collections/topics/records', body: { name: 'batch-rollback' } },
      { method: 'POST', url: '/api/collections/posts/records', body: { author: ALICE } },
    ]),
    expectedStatus: 400,
    expectedContent: [
      '"message":"Batch transaction failed."',
      '"requests":{"1":{"code":"batch_request_failed","message":"Batch request failed.","response":{"data":{"title":{"code":"validation_required","message":"Cannot be blank."}},"message":"Failed to create record.","status":400}}}',
    ],
    notExpectedContent: ['"requests":{"0"'],
    then: [
      {
        name: 'batch: the rolled-back create left nothing',
        method: 'GET',
        url: list('topics', { filter: 'name = "batch-rollback"' }),
        auth: 'guest',
        expectedStatus: 200,
        expectedContent: ['"totalItems":0'],
      },
    ],
  },
  {
    name: 'batch with a null-rule sub-request: nested 403',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([{ method: 'POST', url: '/api/collections/locked/records', body: { name: 'x' } }]),
    expectedStatus: 400,
    expectedContent: [
      '"message":"Batch transaction failed."',
      '"code":"batch_request_failed"',
      `"response":{"data":{},${ONLY_SUPERUSERS},"status":403}`,
    ],
  },
  {
    name: 'batch with a rule-hidden update: nested 404',
    method: 'POST',
    url: '/api/batch',
    auth: 'bob',
    body: batchOf([{ method: 'PATCH', url: `/api/collections/posts/records/${ALICE_PUB}`, body: { title: 'hijack' } }]),
    expectedStatus: 400,
    expectedContent: ['"code":"batch_request_failed"', `"response":{"data":{},${NOT_FOUND},"status":404}`],
  },
  {
    name: 'batch as guest: create rule fails inside',
    method: 'POST',
    url: '/api/batch',
    auth: 'guest',
    body: batchOf([{ method: 'POST', url: '/api/collections/posts/records', body: { title: 'guest', author: ALICE } }]),
    expectedStatus: 400,
    expectedContent: ['"code":"batch_request_failed"', '"response":{"data":{},"message":"Failed to create record.","status":400}'],
  },
  {
    name: 'batch with an unsupported action (GET /api/health)',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([
      { method: 'POST', url: '/api/collections/topics/records', body: { name: 'before-health' } },
      { method: 'GET', url: '/api/health' },
    ]),
    expectedStatus: 400,
    expectedContent: ['"message":"Batch transaction failed."', '"requests":{"1":{"code":"batch_request_failed"', '"status":400}'],
    then: [
      {
        name: 'batch: the unsupported action rolled back the create',
        method: 'GET',
        url: list('topics', { filter: 'name = "before-health"' }),
        auth: 'guest',
        expectedStatus: 200,
        expectedContent: ['"totalItems":0'],
      },
    ],
  },
  {
    name: 'batch with GET on records (not a batch action)',
    method: 'POST',
    url: '/api/batch',
    auth: 'alice',
    body: batchOf([{ method: 'GET', url: '/api/collections/posts/records' }]),
    expectedStatus: 400,
    expectedContent: ['"code":"batch_request_failed"'],
  },
  {
    name: 'batch as superuser bypasses the rules',
    method: 'POST',
    url: '/api/batch',
    auth: 'superuser',
    body: batchOf([{ method: 'POST', url: '/api/collections/locked/records', body: { name: 'batched root' } }]),
    expectedStatus: 200,
    expectedContent: ['"name":"batched root"', '"status":200'],
  },
  {
    name: 'batch ignores sub-request Authorization headers',
    method: 'POST',
    url: '/api/batch',
    auth: 'guest',
    body: () =>
      batchOf([
        {
          method: 'POST',
          url: '/api/collections/posts/records',
          headers: { authorization: tokens.alice },
          body: { title: 'sneaky', author: ALICE },
        },
      ]),
    expectedStatus: 400,
    expectedContent: ['"code":"batch_request_failed"', '"message":"Failed to create record."'],
  },

  // ---------------------------------------------------------------- files (§8)
  {
    name: 'unprotected file is public',
    method: 'GET',
    url: () => `/api/files/posts/${ALICE_PUB}/${docName}`,
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['hello world'],
    expectedHeaders: {
      'content-security-policy': "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'max-age=2592000, stale-while-revalidate=86400',
    },
    absentHeaders: ['x-frame-options'],
  },
  {
    name: 'file by collection id',
    method: 'GET',
    url: () => `/api/files/${extra.postsId}/${ALICE_PUB}/${docName}`,
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['hello world'],
  },
  {
    name: 'HEAD on a file',
    method: 'HEAD',
    url: () => `/api/files/posts/${ALICE_PUB}/${docName}`,
    auth: 'guest',
    expectedStatus: 200,
    emptyBody: true,
  },
  {
    name: 'download=1 forces attachment',
    method: 'GET',
    url: () => `/api/files/posts/${ALICE_PUB}/${docName}?download=1`,
    auth: 'guest',
    expectedStatus: 200,
    expectedHeaders: { 'content-disposition': /^attachment/ },
  },
  {
    name: 'unknown file name',
    method: 'GET',
    url: `/api/files/posts/${ALICE_PUB}/nope.txt`,
    auth: 'guest',
    expectedStatus: 404,
    expectedContent: ['{"data":{},"message":"The requested resource wasn\'t found.","status":404}'],
  },
  {
    name: 'file of an unknown record',
    method: 'GET',
    url: () => `/api/files/posts/missing00000000/${docName}`,
    auth: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'file of an unknown collection',
    method: 'GET',
    url: () => `/api/files/missing/${ALICE_PUB}/${docName}`,
    auth: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
  },
  {
    name: 'file name of another record',
    method: 'GET',
    url: () => `/api/files/posts/${BOB_PUB}/${docName}`,
    auth: 'guest',
    expectedStatus: 404,
  },
  {
    name: 'protected file without a token',
    method: 'GET',
    url: () => `/api/files/vault/${VAULT}/${vaultFile}`,
    auth: 'guest',
    expectedStatus: 404,
    expectedContent: [NOT_FOUND],
    notExpectedContent: ['top secret'],
  },
  {
    name: 'protected file: the Authorization header is not used',
    method: 'GET',
    url: () => `/api/files/vault/${VAULT}/${vaultFile}`,
    auth: 'alice',
    expectedStatus: 404,
    notExpectedContent: ['top secret'],
  },
  {
    name: "protected file with the owner's file token",
    method: 'GET',
    url: () => `/api/files/vault/${VAULT}/${vaultFile}?token=${extra.aliceFile}`,
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['top secret'],
  },
  {
    name: "protected file with another user's file token",
    method: 'GET',
    url: () => `/api/files/vault/${VAULT}/${vaultFile}?token=${extra.bobFile}`,
    auth: 'guest',
    expectedStatus: 404,
    notExpectedContent: ['top secret'],
  },
  {
    name: 'protected file with a superuser file token',
    method: 'GET',
    url: () => `/api/files/vault/${VAULT}/${vaultFile}?token=${extra.superFile}`,
    auth: 'guest',
    expectedStatus: 200,
    expectedContent: ['top secret'],
  },
  {
    name: 'protected file with an auth token in ?token',
    method: 'GET',
    url: () => `/api/files/vault/${VAULT}/${vaultFile}?token=${tokens.alice}`,
    auth: 'guest',
    expectedStatus: 404,
  },
  {
    name: 'protected file with an expired file token',
    method: 'GET',
    url: () => `/api/files/vault/${VAULT}/${vaultFile}?token=${extra.expiredFile}`,
    auth: 'guest',
    expectedStatus: 404,
  },
  {
    name: 'protected file with a garbage token',
    method: 'GET',
    url: () => `/api/files/vault/${VAULT}/${vaultFile}?token=abc`,
    auth: 'guest',
    expectedStatus: 404,
  },
  {
    name: 'file token for guests',
    method: 'POST',
    url: '/api/files/token',
    auth: 'guest',
    expectedStatus: 401,
    expectedContent: ['{"data":{},"message":"The request requires valid record authorization token.","status":401}'],
  },
  {
    name: 'file token with an invalid auth token',
    method: 'POST',
    url: '/api/files/token',
    auth: 'guest',
    headers: () => ({ authorization: extra.expired }),
    expectedStatus: 401,
  },
  {
    name: 'file token for a user',
    method: 'POST',
    url: '/api/files/token',
    auth: 'alice',
    expectedStatus: 200,
    expectedContent: ['{"token":"'],
  },
  {
    name: 'file token for a superuser',
    method: 'POST',
    url: '/api/files/token',
    auth: 'superuser',
    expectedStatus: 200,
    expectedContent: ['"token":"'],
  },
];

interface Sent {
  status: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

async function send(s: Scenario): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (s.auth !== 'guest') headers.authorization = tokens[s.auth];
  Object.assign(headers, s.headers ? resolve(s.headers) : {});
  let payload: string | Buffer | undefined;
  if (s.form) {
    const encoded = await encodeForm(s.form());
    payload = encoded.payload;
    headers['content-type'] = encoded.contentType;
  } else if (s.body !== undefined) {
    const body = resolve(s.body);
    if (typeof body === 'string') {
      payload = body;
    } else {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
  }
  const res = await t.app.inject({ method: s.method, url: resolve(s.url), headers, ...(payload !== undefined ? { payload } : {}) });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** Sends one request of the table and checks it against the row (and the contract's global rules). */
async function run(s: Scenario): Promise<void> {
  const res = await send(s);
  const shown = res.body.length > 2000 ? `${res.body.slice(0, 2000)}…` : res.body;
  expect(res.status, `status of "${s.name}"; body: ${shown}`).toBe(s.expectedStatus);
  for (const c of s.expectedContent ?? []) expect(res.body, `"${s.name}" should contain ${c}`).toContain(c);
  for (const c of s.notExpectedContent ?? []) expect(res.body, `"${s.name}" should not contain ${c}`).not.toContain(c);
  if (s.emptyBody) expect(res.body).toBe('');
  // Global headers (§1.3) on every route, files included.
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  for (const [k, v] of Object.entries(s.expectedHeaders ?? {})) {
    const actual = String(res.headers[k] ?? '');
    if (typeof v === 'string') expect(actual, `header ${k}`).toBe(v);
    else expect(actual, `header ${k}`).toMatch(v);
  }
  for (const k of s.absentHeaders ?? []) expect(res.headers[k], `header ${k} should be absent`).toBeUndefined();
  const url = resolve(s.url);
  const isFile = url.startsWith('/api/files/') && !url.startsWith('/api/files/token');
  if (res.body !== '' && (!isFile || res.status >= 400)) {
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const json: unknown = JSON.parse(res.body);
    if (res.status >= 400) {
      // Every error is the contract's envelope (§2.1).
      expect(Object.keys(json as object).sort()).toEqual(['data', 'message', 'status']);
      const e = json as { data: unknown; message: unknown; status: unknown };
      expect(e.status).toBe(res.status);
      expect(typeof e.message).toBe('string');
      expect(e.data !== null && typeof e.data === 'object' && !Array.isArray(e.data)).toBe(true);
    }
  }
}

describe('records API scenarios', () => {
  it('uses 15-char ids', () => {
    for (const id of [
      ALICE,
      BOB,
      SUPER,
      ALICE_PUB,
      ALICE_DRAFT,
      ALICE_EDIT,
      ALICE_EDIT_MOD,
      ALICE_EDIT_EMPTY,
      ALICE_EDIT_BATCH,
      ALICE_DEL,
      ALICE_DEL2,
      BOB_PUB,
      BOB_DRAFT,
      BOB_DEL,
      BATCH_DEL,
      LOCKED,
      LOCKED_DEL,
      LOCKED_EDIT,
      TAG,
      COMMENT,
      VAULT,
    ]) {
      expect(id).toMatch(/^[a-z0-9]{15}$/);
    }
  });

  // Rows are independent of each other: they run in an order shuffled by the printed seed.
  for (const s of shuffled(scenarios, announceSeed('records scenario order'))) {
    it(`${s.method} ${s.name}`, async () => {
      await run(s);
      for (const next of s.then ?? []) await run(next);
    });
  }
});
