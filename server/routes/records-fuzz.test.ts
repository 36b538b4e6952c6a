import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seed, tokenFor, type TestApp } from '../test/test-app.ts';
import { testCollections } from '../test/fixtures.ts';
import { announceSeed } from '../test/test-seed.ts';

/**
 * Property-based test of the list endpoint: random and hostile `filter`, `sort`, `fields`,
 * `expand`, `page` and `perPage` values, as a guest and as bob. Whatever is sent, the server must
 * answer with a list envelope or an error envelope (never a 5xx), never return a row the list rule
 * hides, never leak a hidden field, and never let the input touch the database.
 */

const SECRET = 'TOPSECRET';
const POSTS = 36;

let t: TestApp;
let aliceId = '';
let bobId = '';
let bobToken = '';
const statuses = new Map<number, number>();
const seeded = new Map<string, { published: boolean; author: string; title: string }>();

beforeAll(async () => {
  t = await buildTestApp({ collections: testCollections });
  const alice = await seed(t.ctx, 'users', {
    email: 'alice@example.com',
    password: 'alice-password',
    passwordConfirm: 'alice-password',
    name: 'Alice',
  });
  const bob = await seed(t.ctx, 'users', {
    email: 'bob@example.com',
    password: 'bob-password1',
    passwordConfirm: 'bob-password1',
    name: 'Bob',
  });
  aliceId = String(alice.id);
  bobId = String(bob.id);
  bobToken = await tokenFor(t.ctx, 'users', bobId);
  const tagA = await seed(t.ctx, 'topics', { name: 'spicy' });
  const tagB = await seed(t.ctx, 'topics', { name: 'vegan' });
  for (let i = 0; i < POSTS; i++) {
    const author = i % 2 === 0 ? aliceId : bobId;
    const published = i % 3 === 0;
    const title = `Post ${i} ${published ? 'public' : 'draft'}`;
    const post = await seed(t.ctx, 'posts', {
      title,
      author,
      published,
      views: i * 7,
      rating: i % 6,
      secret: SECRET,
      labels: i % 2 ? ['a'] : ['b', 'c'],
      tags: i % 4 === 0 ? [String(tagA.id), String(tagB.id)] : [String(tagB.id)],
      meta: { n: i, s: `m${i}` },
      body: `<p>Body of ${i}</p>`,
    });
    seeded.set(String(post.id), { published, author, title });
    if (i % 5 === 0) await seed(t.ctx, 'comments', { post: String(post.id), message: `comment on ${i}`, author });
  }
});

afterAll(async () => {
  await t.close();
});

// ------------------------------------------------------------------ generators

const fieldNames = [
  'id',
  'title',
  'views',
  'rating',
  'published',
  'status',
  'labels',
  'labels:each',
  'labels:length',
  'tags:length',
  'title:lower',
  'author',
  'author.name',
  'author.email',
  'author.id',
  'tags.name',
  'tags.name:each',
  'meta.n',
  'meta.s.0',
  'created',
  'secret',
  'author.secret',
  'comments_via_post.message',
  'comments_via_post.post.secret',
  'nope',
  'author.nope.x',
  '@request.auth.id',
  '@request.body.title',
  '@collection.users.email',
  '@collection.posts.secret',
  '@now',
  '@rowid',
  '_',
  '#',
  '@',
  'a..b',
  'title.',
  'geoDistance(1,2,3,4)',
  'unknownFn(1)',
];
const operators = ['=', '!=', '>', '>=', '<', '<=', '~', '!~', '?=', '?!=', '?~', '?!~', '?>', '==', '!', '&&', '||', ''];
const hugeText = 'x'.repeat(10 * 1024);
const literals = [
  "'x'",
  '"a\\"b"',
  "'it\\'s'",
  'null',
  'NULL',
  'true',
  'false',
  '0',
  '-1.5',
  '42',
  '1e3',
  '.5',
  '1.',
  '--1',
  "'; DROP TABLE posts; --",
  '"; DROP TABLE posts; --',
  '1=1) OR (1=1',
  "' OR '1'='1",
  "x' UNION SELECT secret FROM posts --",
  `'${SECRET}'`,
  '"%"',
  "'%TOP%'",
  "'_'",
  "'\\'",
  '"\\',
  '"unterminated',
  `"${hugeText}"`,
  "'\u0000'",
  "'\uD800'",
  "'🙂'",
  '@now',
  '@todayStart',
  '@request.auth.id',
  '@collection.users.id',
  'title',
  'author.name',
];

const validFields = [
  'id',
  'title',
  'views',
  'rating',
  'published',
  'status',
  'labels',
  'labels:each',
  'labels:length',
  'tags:length',
  'title:lower',
  'author',
  'author.id',
  'author.name',
  'tags.name',
  'meta.n',
  'meta.s',
  'created',
  'comments_via_post.message',
];
const validOperators = ['=', '!=', '>', '>=', '<', '<=', '~', '!~', '?=', '?!=', '?~', '?!~', '?>'];
const validLiterals = [
  "'x'",
  '"a\\"b"',
  "'it\\'s'",
  'null',
  'true',
  'false',
  '0',
  '-1.5',
  '42',
  "'post'",
  "'Post 3 public'",
  "'%public'",
  "'; DROP TABLE posts; --'",
  "'1=1) OR (1=1'",
  "\"' OR '1'='1\"",
  `'${SECRET}'`,
  "'%TOP%'",
  "'_'",
  "'🙂'",
  '@now',
  '@todayStart',
  'title',
  'author.name',
];

// Mostly well-formed expressions (so the list rule is exercised with real matches), some hostile.
const expression = fc
  .oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(fc.constantFrom(...validFields), fc.constantFrom(...validOperators), fc.constantFrom(...validLiterals)),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...operators), fc.constantFrom(...literals)) },
  )
  .map(([f, op, v]) => `${f} ${op} ${v}`);

const structuredFilter = fc
  .tuple(
    fc.array(expression, { minLength: 1, maxLength: 4 }),
    fc.array(
      fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(' && ', ' || ', '&&', ' // comment\n && ') },
        { weight: 1, arbitrary: fc.constantFrom(' ', '|', ' & ') },
      ),
      { minLength: 4, maxLength: 4 },
    ),
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('none', 'wrap', 'nest500') },
      { weight: 1, arbitrary: fc.constantFrom('unbalancedOpen', 'unbalancedClose') },
    ),
  )
  .map(([exprs, joins, shape]) => {
    const body = exprs.reduce((acc, e, i) => (i === 0 ? e : `${acc}${joins[(i - 1) % joins.length] ?? ' && '}${e}`), '');
    switch (shape) {
      case 'wrap':
        return `(${body})`;
      case 'nest500':
        return `${'('.repeat(500)}${body}${')'.repeat(500)}`;
      case 'unbalancedOpen':
        return `((${body})`;
      case 'unbalancedClose':
        return `${body}))`;
      default:
        return body;
    }
  });

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '\r\n', hugeText, "'; DROP TABLE posts; --", '1=1) OR (1=1', SECRET, '%', '\\', '\uD800', '\u0000'),
);

/** A param that is usually absent or well-formed, sometimes random or hostile. */
function param(valid: fc.Arbitrary<string>, hostileWeight = 1): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: valid },
    { weight: hostileWeight, arbitrary: anyText },
  );
}

const filterArb = param(structuredFilter, 1);

const sortItem = fc
  .oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(
        fc.constantFrom('', '-', '+'),
        fc.constantFrom(...validFields.filter((f) => !f.includes(':')), '@random', '@rowid'),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom('', '-', '+', '--', ' '),
        fc.constantFrom(...fieldNames, '"title"', "'x'", '1', 'title DESC; DROP TABLE posts'),
      ),
    },
  )
  .map(([dir, f]) => `${dir}${f}`);
const sortArb = param(fc.array(sortItem, { minLength: 1, maxLength: 4 }).map((items) => items.join(',')));

const fieldsItem = fc.constantFrom(
  'id',
  'title',
  'published',
  'author',
  'secret',
  '*',
  'expand',
  'expand.author.name',
  'expand.author.email',
  'expand.tags.*',
  'body:excerpt(10,true)',
  'items',
  'totalItems',
  '',
  ',',
  '.',
  '..',
  'id',
  'published',
  'author',
);
const badFieldsItem = fc.constantFrom('title:excerpt(0)', 'title:excerpt(1,2,3)', 'title:excerpt(', 'x:excerpt(-1)');
const fieldsArb = param(
  fc
    .oneof(
      { weight: 5, arbitrary: fc.array(fieldsItem, { minLength: 1, maxLength: 6 }) },
      { weight: 1, arbitrary: fc.array(fc.oneof(fieldsItem, badFieldsItem), { minLength: 1, maxLength: 6 }) },
    )
    .map((items) => items.join(',')),
);

const expandItem = fc.constantFrom(
  'author',
  'tags',
  'comments_via_post',
  'comments_via_post.author',
  'comments_via_post.post.author',
  'author.secret',
  'secret',
  'nope',
  'a.b.c.d.e.f.g.h',
  'posts_via_author',
  'posts(author)',
  'tags.nope',
  '.',
  '',
  ' author ',
);
const expandArb = param(
  fc.array(expandItem, { minLength: 1, maxLength: 6 }).map((items) => items.join(',')),
  2,
);

const numberArb = param(
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: -5, max: 60 }).map(String) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        ' 2',
        '99999999999999999999',
        'NaN',
        'Infinity',
        '1000',
        '1001',
        '5000',
      ),
    },
  ),
);

const requestArb = fc.record({
  who: fc.constantFrom('guest' as const, 'bob' as const),
  filter: filterArb,
  sort: sortArb,
  fields: fieldsArb,
  expand: expandArb,
  page: numberArb,
  perPage: numberArb,
  skipTotal: fc.oneof(fc.constant(undefined), fc.constantFrom('1', '0', 'true', 'nope')),
});

type Req = typeof requestArb extends fc.Arbitrary<infer R> ? R : never;

// ------------------------------------------------------------------ the property

function visibleTo(who: 'guest' | 'bob', id: string): boolean {
  const row = seeded.get(id);
  if (!row) return false;
  return row.published || (who === 'bob' && row.author === bobId);
}

async function check(r: Req): Promise<void> {
  const params = new URLSearchParams();
  for (const key of ['filter', 'sort', 'fields', 'expand', 'page', 'perPage', 'skipTotal'] as const) {
    const v = r[key];
    if (v !== undefined) params.set(key, v);
  }
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/collections/posts/records?${params.toString()}`,
    headers: r.who === 'bob' ? { authorization: bobToken } : {},
  });
  const raw = res.body;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const context = `${res.statusCode} for ${JSON.stringify(r).slice(0, 600)}: ${raw.slice(0, 400)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  expect(raw, context).not.toContain(SECRET);
  let json: unknown;
  expect(() => {
    json = JSON.parse(raw);
  }, context).not.toThrow();
  const body = json as Record<string, unknown>;
  expect(body !== null && typeof body === 'object' && !Array.isArray(body), context).toBe(true);

  if (res.statusCode !== 200) {
    expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
    expect(Object.keys(body).sort(), context).toEqual(['data', 'message', 'status']);
    expect(body.status, context).toBe(res.statusCode);
    expect(typeof body.message, context).toBe('string');
    expect(body.data !== null && typeof body.data === 'object' && !Array.isArray(body.data), context).toBe(true);
    return;
  }

  // The list envelope is always complete, even with a `fields` picker.
  for (const k of ['page', 'perPage', 'totalItems', 'totalPages']) expect(typeof body[k], `${k}: ${context}`).toBe('number');
  expect(Array.isArray(body.items), context).toBe(true);
  const perPage = body.perPage as number;
  expect(perPage >= 1 && perPage <= 1000, context).toBe(true);
  expect(body.page as number, context).toBeGreaterThanOrEqual(1);
  const items = body.items as Array<Record<string, unknown>>;
  expect(items.length, context).toBeLessThanOrEqual(perPage);
  const visibleCount = [...seeded.keys()].filter((id) => visibleTo(r.who, id)).length;
  if (body.totalItems !== -1) expect(body.totalItems as number, context).toBeLessThanOrEqual(visibleCount);

  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    if (typeof item.id === 'string') expect(visibleTo(r.who, item.id), `row ${item.id} is hidden by the list rule: ${context}`).toBe(true);
    if ('published' in item && 'author' in item) {
      expect(item.published === true || (r.who === 'bob' && item.author === bobId), `item hidden by the list rule: ${context}`).toBe(true);
    }
    expect(item, context).not.toHaveProperty('secret');
  }
  // No id of a row the rule hides may appear anywhere in the body (items or expands).
  for (const id of seeded.keys()) {
    if (!visibleTo(r.who, id)) expect(raw.includes(id), `hidden row ${id} leaked: ${context}`).toBe(false);
  }
  // Emails of users are not visible to guests or to other users (emailVisibility is false).
  expect(raw, context).not.toContain('alice@example.com');
  if (r.who === 'guest') expect(raw, context).not.toContain('bob@example.com');
}

describe('list endpoint under random and hostile query params', () => {
  it('never fails, never leaks and never lets input reach the database', async () => {
    await fc.assert(fc.asyncProperty(requestArb, check), { numRuns: 300, seed: announceSeed('fast-check') });

    // The generators must keep reaching the query (not only the parameter checks).
    expect(statuses.get(200) ?? 0, `statuses: ${JSON.stringify([...statuses])}`).toBeGreaterThanOrEqual(45);
    // SQL injection did nothing: every seeded row is intact.
    const count = t.ctx.stmts.get('SELECT COUNT(*) AS c FROM posts');
    expect(Number(count?.c)).toBe(POSTS);
    for (const [id, row] of seeded) {
      const stored = t.ctx.stmts.get('SELECT title, secret, published, author FROM posts WHERE id = ?', [id]);
      expect(stored).toEqual({ title: row.title, secret: SECRET, published: row.published ? 1 : 0, author: row.author });
    }
    // Every table is still there (on either engine: a dropped one fails the query).
    for (const table of ['posts', 'users', 'comments', 'topics'])
      expect(t.ctx.stmts.get(`SELECT COUNT(*) AS c FROM "${table}"`)?.c).toBeTypeOf('number');
  }, 60_000);

  it('handles a few hand-picked hostile requests', async () => {
    const hostile: Req[] = [
      {
        who: 'guest',
        filter: "title = ''; DROP TABLE posts; --'",
        sort: undefined,
        fields: undefined,
        expand: undefined,
        page: undefined,
        perPage: undefined,
        skipTotal: undefined,
      },
      {
        who: 'guest',
        filter: '1=1) OR (1=1',
        sort: undefined,
        fields: undefined,
        expand: undefined,
        page: undefined,
        perPage: undefined,
        skipTotal: undefined,
      },
      {
        who: 'bob',
        filter: `${'('.repeat(500)}title != ""${')'.repeat(500)}`,
        sort: undefined,
        fields: undefined,
        expand: undefined,
        page: undefined,
        perPage: undefined,
        skipTotal: undefined,
      },
      {
        who: 'guest',
        filter: `title = "${hugeText}"`,
        sort: undefined,
        fields: undefined,
        expand: undefined,
        page: undefined,
        perPage: undefined,
        skipTotal: undefined,
      },
      {
        who: 'bob',
        filter: 'published = false || published = true',
        sort: '-views',
        fields: '*,expand.author.email',
        expand: 'author,comments_via_post.post',
        page: '1',
        perPage: '1000',
        skipTotal: undefined,
      },
      {
        who: 'guest',
        filter: 'author.email ~ "example"',
        sort: undefined,
        fields: undefined,
        expand: 'author',
        page: undefined,
        perPage: undefined,
        skipTotal: undefined,
      },
      {
        who: 'guest',
        filter: 'comments_via_post.post.secret ~ "TOP"',
        sort: undefined,
        fields: undefined,
        expand: undefined,
        page: undefined,
        perPage: undefined,
        skipTotal: undefined,
      },
      {
        who: 'bob',
        filter: 'meta.n > 3 && tags.name ?= "spicy" && labels:length > 0 && title:lower ~ "post"',
        sort: 'author.name,-@rowid',
        fields: undefined,
        expand: undefined,
        page: undefined,
        perPage: undefined,
        skipTotal: '1',
      },
    ];
    for (const r of hostile) await check(r);
  });
});
