import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionRegistry } from '../collections.ts';
import { guestRequest } from '../request-info.ts';
import { testCollectionsWithUsers as testCollections } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { announceSeed } from '../../test/test-seed.ts';
import { compileFilter, compileSort, FilterCompileError, FilterForbiddenError, type CompileContext } from './compile.ts';
import { FilterSyntaxError } from './parser.ts';

/**
 * Whatever the spelling of `@collection` / `@request` (letter case, whitespace, look-alike and
 * invisible characters), a client filter or sort of a non-superuser is either refused or compiles
 * without joining another collection or reading the request.
 */
const seed = announceSeed('fast-check');

const registry = new CollectionRegistry(testCollections);
const posts = registry.get('posts');
if (!posts) throw new Error('posts');
const ctx: CompileContext = {
  registry,
  collection: posts,
  alias: '_r',
  request: guestRequest(),
  allowHidden: false,
  allowRequestAndCollection: false,
  enforceListRules: true,
  now: new Date(),
};

// Letter-case variants and look-alikes of each character of the two macro names.
const LOOKALIKES: Record<string, string[]> = {
  '@': ['@', '@', '＠', '﹫'],
  c: ['c', 'C', 'с', 'С', 'ϲ', 'ⅽ'],
  o: ['o', 'O', 'о', 'О', 'ο', 'Ο', '０'],
  l: ['l', 'L', 'ӏ', 'Ɩ', 'ⅼ'],
  e: ['e', 'E', 'е', 'Е', 'ε'],
  t: ['t', 'T', 'т', 'Т'],
  i: ['i', 'I', 'і', 'І', 'ı', 'İ'],
  n: ['n', 'N', 'п'],
  r: ['r', 'R', 'г'],
  q: ['q', 'Q', 'ԛ'],
  u: ['u', 'U', 'υ'],
  s: ['s', 'S', 'ѕ', 'ſ'],
  '.': ['.', '.', '．', '·'],
};
const INVISIBLE = ['', '', '', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const SPACE = ['', '', ' ', '\t', '\n', '  '];

const spelled = (word: string) =>
  fc
    .tuple(...[...word].map((ch) => fc.tuple(fc.constantFrom(...(LOOKALIKES[ch] ?? [ch])), fc.constantFrom(...INVISIBLE))))
    .map((parts) => parts.map(([c, z]) => c + z).join(''));

const macro = fc.oneof(
  fc
    .tuple(
      spelled('@collection'),
      spelled('.'),
      fc.constantFrom('users', 'posts', 'topics', 'users:a', 'posts:x'),
      fc.constantFrom('.id', '.name', '.title', '.email', '.tokenKey'),
    )
    .map((p) => p.join('')),
  fc
    .tuple(
      spelled('@request'),
      spelled('.'),
      fc.constantFrom('auth.id', 'auth.email', 'query.x', 'headers.x', 'body.title', 'method', 'auth.tokenKey'),
    )
    .map((p) => p.join('')),
);
const op = fc.constantFrom('=', '!=', '?=', '~', '?~', '>', '<');
const other = fc.constantFrom('title', 'author', '"a%"', '""', '1', 'null', 'tags.name', 'author.name');
const expr = fc
  .tuple(macro, fc.constantFrom(...SPACE), op, fc.constantFrom(...SPACE), other, fc.boolean())
  .map(([m, s1, o, s2, x, flip]) => (flip ? `${x}${s1}${o}${s2}${m}` : `${m}${s1}${o}${s2}${x}`));
const filter = fc
  .array(fc.tuple(expr, fc.constantFrom(' && ', ' || ', '&&', '||')), { minLength: 1, maxLength: 3 })
  .map((items) => items.map(([e, j], i) => (i === 0 ? e : j + e)).join(''));

/** Refused (403/400), or compiled SQL that joins nothing but the posts' own relations. */
function safe(compile: () => { sql: string; params: unknown[] }): void {
  try {
    const out = compile();
    // Only relation paths of posts may join (users via author, topics via tags): never a
    // whole-table join (`ON 1`) and never a bound auth/request value.
    expect(out.sql).not.toMatch(/ON 1\b/);
    expect(out.sql).not.toMatch(/"_superusers"|"team_members"|"comments"/);
  } catch (err) {
    if (err instanceof FilterForbiddenError || err instanceof FilterCompileError || err instanceof FilterSyntaxError) return;
    throw err;
  }
}

describe('client filters never reach @collection / @request (property)', () => {
  it('filters: refused or join-free', () => {
    fc.assert(
      fc.property(filter, (f) => safe(() => compileFilter(f, ctx))),
      { seed, numRuns: 2000 },
    );
  });

  it('sorts: refused or join-free', () => {
    const sort = fc
      .array(fc.tuple(fc.constantFrom('', '-', '+'), macro), { minLength: 1, maxLength: 4 })
      .map((items) => items.map(([d, m]) => d + m).join(','));
    fc.assert(
      fc.property(sort, (s) => safe(() => compileSort(s, ctx))),
      { seed, numRuns: 1000 },
    );
  });

  it('the plain lower-case spelling is always the 403', () => {
    fc.assert(
      fc.property(fc.constantFrom('@collection', '@COLLECTION', '@Collection', '@cOlLeCtIoN'), (m) => {
        expect(() => compileFilter(`${m}.users.name ?~ "a%"`, ctx)).toThrow(FilterForbiddenError);
      }),
      { seed },
    );
  });
});

describe('anonymous filters through HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['@COLLECTION.menus.name ?~ "a%"', 403, 'Only superusers can filter by @collection.'],
    ['@Collection.menus:a.name ?~ "a%" && @collection.menus:b.name ?~ "b%"', 403, 'Only superusers can filter by @collection.'],
    ['@Request.auth.id != ""', 403, 'Only superusers can filter by @request.'],
    ['name = @REQUEST.query.x', 403, 'Only superusers can filter by @request.'],
    ['@сollection.menus.name ?~ "a%"', 400, null], // Cyrillic с: an unknown identifier
    ['＠collection.menus.name ?~ "a%"', 400, null], // fullwidth ＠: not a filter character
    ['@coll\u200bection.menus.name ?~ "a%"', 400, null], // zero-width space
  ])('GET /api/collections/plans/records?filter=%s', async (f, status, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/collections/plans/records?filter=${encodeURIComponent(f)}` });
    expect(res.statusCode).toBe(status);
    const body = JSON.parse(res.body) as { status: number; message: string; data: unknown };
    expect(body).toEqual({ status, message: message ?? expect.any(String), data: {} });
  });

  it('sorts too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/collections/plans/records?sort=${encodeURIComponent('-@COLLECTION.menus.name')}`,
    });
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ status: 403, message: 'Only superusers can filter by @collection.', data: {} });
  });
});
