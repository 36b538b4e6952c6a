import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionRegistry } from '../collections.ts';
import type { SqlStatements } from '../../db/sql.ts';
import { openTestStatements } from '../../test/test-db.ts';
import { testCollectionsWithUsers as testCollections } from '../../test/fixtures.ts';
import { guestRequest, type RequestInfo } from '../request-info.ts';
import { compileFilter, compileSort, FilterCompileError, FilterForbiddenError, FilterLimitError, type CompileContext } from './compile.ts';
import { MAX_FILTER_LENGTH, MAX_JOINS, MAX_LIKE_WILDCARDS, MAX_SORT_FIELDS, MAX_TEXT_LITERAL_LENGTH } from './limits.ts';

/** Semantics of compiled filters, checked against a real database (SQLite; PostgreSQL with DB=pg). */
const registry = new CollectionRegistry(testCollections);
let db: { stmts: SqlStatements; close(): Promise<void> };

function insert(table: string, row: Record<string, unknown>): void {
  const cols = Object.keys(row);
  const values = cols.map((c) => {
    const v = row[c];
    return Array.isArray(v) || (v && typeof v === 'object') ? JSON.stringify(v) : typeof v === 'boolean' ? Number(v) : v;
  });
  db.stmts.run(
    `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(',')}) VALUES (${cols.map(() => '?').join(',')})`,
    values as never[],
  );
}

function authAs(id: string): RequestInfo {
  const collection = registry.get('users');
  if (!collection) throw new Error('users');
  const row = db.stmts.get('SELECT * FROM users WHERE id = ?', [id]) as Record<string, unknown>;
  return { ...guestRequest(), auth: { collection, row } };
}

function ids(collection: string, filter: string, request: RequestInfo = guestRequest(), allowHidden = true): string[] {
  const c = registry.get(collection);
  if (!c) throw new Error(collection);
  const where = compileFilter(filter, {
    registry,
    collection: c,
    alias: '_r',
    request,
    allowHidden,
    allowRequestAndCollection: true,
    serverRule: true,
    now: new Date('2026-06-15T12:00:00Z'),
    dialect: db.stmts.dialect,
  });
  const rows = db.stmts.all(`SELECT _r.id FROM "${c.name}" AS _r WHERE ${where.sql} ORDER BY _r.id`, where.params) as { id: string }[];
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  db = await openTestStatements(testCollections);
  insert('users', { id: 'ualice', email: 'alice@x.io', name: 'Alice', tokenKey: 'k1' });
  insert('users', { id: 'ubob', email: 'bob@x.io', name: 'Bob', tokenKey: 'k2' });
  insert('topics', { id: 'tvegan', name: 'vegan', color: 'green' });
  insert('topics', { id: 'tspicy', name: 'spicy', color: 'red' });
  insert('posts', {
    id: 'p1',
    title: 'Hello 50% off',
    views: 10,
    published: true,
    author: 'ualice',
    tags: ['tvegan'],
    labels: ['a', 'b'],
    meta: { a: { b: 1 } },
    created: '2026-06-01 10:00:00.000Z',
  });
  insert('posts', {
    id: 'p2',
    title: 'abc',
    views: 5,
    published: false,
    author: 'ubob',
    tags: ['tvegan', 'tspicy'],
    labels: ['c'],
    created: '2026-07-01 10:00:00.000Z',
  });
  insert('posts', { id: 'p3', title: '', views: 0, published: true, author: '', tags: [], labels: [] });
  insert('comments', { id: 'c1', post: 'p1', message: 'hi there', author: 'ubob' });
  insert('comments', { id: 'c2', post: 'p1', message: 'hello', author: 'ualice' });
  insert('teams', { id: 'team1', name: 'One' });
  insert('teams', { id: 'team2', name: 'Two' });
  insert('team_members', { id: 'm1', user: 'ualice', team: 'team1' });
  insert('team_members', { id: 'm2', user: 'ubob', team: 'team2' });
});

afterAll(() => db.close());

describe('compiled filter semantics', () => {
  it.each([
    ['title = "abc"', ['p2']],
    ['title = ""', ['p3']],
    ['title != ""', ['p1', 'p2']],
    ['title = null', ['p3']],
    ['views > 5', ['p1']],
    ['views >= 5 && published = true', ['p1']],
    ['published = false || views = 0', ['p2', 'p3']],
    // A pattern with an unescaped % is used verbatim (starts-with here), as in PocketBase.
    ['title ~ "50%"', []],
    ['title ~ "Hello%"', ['p1']],
    ['title ~ "%0% o%"', ['p1']],
    ['title ~ "ab%"', ['p2']],
    ['title ~ "%"', ['p1', 'p2', 'p3']],
    ['title !~ "hello"', ['p2', 'p3']],
    ['title:lower ~ "hello"', ['p1']],
    ['author.name = "Alice"', ['p1']],
    ['author.id = "ubob"', ['p2']],
    ['tags.name ?= "spicy"', ['p2']],
    ['tags.name = "vegan"', ['p1']],
    // All-values semantics: an empty relation has no value that fails `!=`.
    ['tags.name != "spicy"', ['p1', 'p3']],
    ['labels:each ?= "c"', ['p2']],
    ['labels:length = 2', ['p1']],
    ['tags:length >= 1', ['p1', 'p2']],
    ['comments_via_post.message ?~ "hi"', ['p1']],
    ['comments_via_post.author.name ?= "Bob"', ['p1']],
    ['meta.a.b = 1', ['p1']],
    // Ordered against a number, a JSON path compares as a number on both engines.
    ['meta.a.b > 0.5', ['p1']],
    ['meta.a.b >= 2 || 0.5 > meta.a.b', []],
    ['created > "2026-06-15 00:00:00.000Z"', ['p2']],
    ['created < @now && created != ""', ['p1']],
    ['published = true || views = 5 && title = "nope"', ['p1', 'p3']],
    ['(published = true || views = 5) && title = "abc"', ['p2']],
    ['(published = true || views = 5) && title = "nope"', []],
    ['title = "x" // a comment', []],
  ])('%s', (filter, expected) => {
    expect(ids('posts', filter)).toEqual(expected);
  });

  it('treats @request.auth of a guest as empty', () => {
    expect(ids('posts', 'author = @request.auth.id')).toEqual(['p3']);
    expect(ids('posts', '@request.auth.id != "" && author = @request.auth.id')).toEqual([]);
    expect(ids('posts', 'author = @request.auth.id', authAs('ubob'))).toEqual(['p2']);
    expect(ids('posts', 'author.name = @request.auth.name', authAs('ualice'))).toEqual(['p1']);
  });

  it('keeps @collection joins on one row across an expression', () => {
    const rule = '@collection.team_members.user ?= @request.auth.id && @collection.team_members.team ?= id';
    expect(ids('teams', rule, authAs('ualice'))).toEqual(['team1']);
    expect(ids('teams', rule, authAs('ubob'))).toEqual(['team2']);
    expect(ids('teams', rule)).toEqual([]);
    // Separate aliases are independent joins.
    const separate = '@collection.team_members:a.user ?= @request.auth.id && @collection.team_members:b.team ?= id';
    expect(ids('teams', separate, authAs('ualice'))).toEqual(['team1', 'team2']);
  });

  it('reads @request.body, @request.query and @request.method', () => {
    const req: RequestInfo = { ...guestRequest('PATCH'), body: { title: 'new', labels: ['a', 'b'] }, query: { q: '1' } };
    expect(ids('posts', '@request.body.title:isset = true && @request.body.views:isset = false && id = "p1"', req)).toEqual(['p1']);
    expect(ids('posts', '@request.body.labels:each ?= "b" && id = "p2"', req)).toEqual(['p2']);
    expect(
      ids('posts', '@request.body.labels:length = 2 && @request.query.q = "1" && @request.method = "PATCH" && id = "p1"', req),
    ).toEqual(['p1']);
  });

  it('binds every literal as a parameter', () => {
    const hostile = "x' OR 1=1; DROP TABLE posts; --";
    const out = compileFilter(`title = "${hostile}"`, guestPostsCtx());
    expect(out.sql).not.toContain('DROP');
    expect(out.params).toContain(hostile);
  });

  it.each([
    ['nope = 1'],
    ['author.nope = 1'],
    ['title.name = 1'],
    ['title:each = 1'],
    ['views:length = 1'],
    ['geoDistance(1,2,3) < 1'],
    ['geoDistance(1,2,3,"4") < 1'],
    ['GeoDistance(1,2,3,4) < 1'],
    ['@unknown = 1'],
    ['@collection.nope.x = 1'],
  ])('rejects %s', (filter) => {
    expect(() => ids('posts', filter)).toThrow(FilterCompileError);
  });

  it('refuses hidden fields in client filters only', () => {
    expect(() => ids('posts', 'secret = "x"', guestRequest(), false)).toThrow(FilterCompileError);
    expect(ids('posts', 'secret = "x"', guestRequest(), true)).toEqual([]);
  });

  it('sorts by a JSON path as SQLite orders its values: null, numbers by value, text', () => {
    const order = (sort: string) => compileSort(sort, guestPostsCtx());
    const sorted: Record<string, string[]> = {};
    // Rows of this test only, rolled back after.
    expect(() =>
      db.stmts.transaction(() => {
        for (const [id, meta] of [
          ['j10', { n: 10 }],
          ['jx', { n: 'x' }],
          ['j9', { n: 9 }],
          ['jnull', {}],
          ['j25', { n: 2.5 }],
        ] as const)
          insert('posts', { id, title: id, meta });
        for (const sort of ['meta.n,id', '-meta.n,id']) {
          const s = order(sort);
          const rows = db.stmts.all(`SELECT _r.id FROM posts AS _r WHERE _r.id LIKE 'j%' ORDER BY ${s.sql}`, s.params);
          sorted[sort] = rows.map((r) => String(r.id));
        }
        throw new Error('rollback');
      }),
    ).toThrow('rollback');
    expect(sorted).toEqual({ 'meta.n,id': ['jnull', 'j25', 'j9', 'j10', 'jx'], '-meta.n,id': ['jx', 'j10', 'j9', 'j25', 'jnull'] });
    expect(ids('posts', 'id ~ "j"')).toEqual([]);
  });

  it('compiles sort with relation paths into scalar subqueries', () => {
    const c = registry.get('posts');
    if (!c) throw new Error();
    const sort = compileSort('-author.name,title,@random', guestPostsCtx());
    const rows = db.stmts.all(`SELECT _r.id FROM posts AS _r ORDER BY ${sort.sql}`, sort.params) as { id: string }[];
    expect(rows.map((r) => r.id)).toEqual(['p2', 'p1', 'p3']);
    expect(() => compileSort('nope', guestPostsCtx())).toThrow(FilterCompileError);
  });
});

/** A guest's context on `posts` in the test database's dialect, hidden fields refused. */
function guestPostsCtx(): CompileContext {
  return { ...clientCtx('posts', false), allowRequestAndCollection: true, dialect: db.stmts.dialect };
}

/** The context of a client filter: `@collection` / `@request` refused unless `superuser`. */
function clientCtx(collection: string, superuser = false): CompileContext {
  const c = registry.get(collection);
  if (!c) throw new Error(collection);
  return {
    registry,
    collection: c,
    alias: '_r',
    request: guestRequest(),
    allowHidden: superuser,
    allowRequestAndCollection: superuser,
    now: new Date(),
  };
}

function forbidden(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof FilterForbiddenError) return err.message;
    throw err;
  }
  throw new Error('not refused');
}

describe('@collection / @request in client filters (C1)', () => {
  it.each([
    ['@collection.users.name ?~ "a%"', '@collection'],
    ['@COLLECTION.users.name ?~ "a%"', '@collection'],
    ['@Collection.users:x.name ?~ "a%"', '@collection'],
    ['title = "x" || geoDistance(@cOllection.posts.views, 1, 2, 3) < 1', '@collection'],
    ['@request.auth.id != ""', '@request'],
    ['@Request.auth.id != ""', '@request'],
    ['title = @REQUEST.query.x', '@request'],
    // PocketBase checks @collection first when both appear.
    ['@request.auth.id != "" && @COLLECTION.users.id ?= author', '@collection'],
  ])('refuses %s for non-superusers', (filter, macro) => {
    expect(forbidden(() => compileFilter(filter, clientCtx('posts')))).toBe(`Only superusers can filter by ${macro}.`);
  });

  it('refuses them in sorts, in any case', () => {
    expect(forbidden(() => compileSort('title,-@COLLECTION.users.name', clientCtx('posts')))).toBe(
      'Only superusers can filter by @collection.',
    );
    expect(forbidden(() => compileSort('@Request.auth.id', clientCtx('posts')))).toBe('Only superusers can filter by @request.');
  });

  it('does not mistake quoted text for an identifier', () => {
    expect(compileFilter('title = "@collection.users.name"', clientCtx('posts')).params).toContain('@collection.users.name');
  });

  it('resolves only the exact lower-case macros where allowed (as PocketBase), never joining other spellings', () => {
    expect(() => compileFilter('@COLLECTION.users.id ?= author', clientCtx('posts', true))).toThrow(FilterCompileError);
    expect(() => compileFilter('@Request.auth.id = ""', clientCtx('posts', true))).toThrow(FilterCompileError);
    expect(compileFilter('@collection.users.id ?= author', clientCtx('posts', true)).sql).toContain('LEFT JOIN "users"');
  });

  it('marks filters that read more than the auth record as volatile', () => {
    const rule = (f: string) => compileFilter(f, { ...clientCtx('posts', true), serverRule: true }).volatile;
    expect(rule('author = @request.auth.id && @collection.users.id ?= author')).toBe(false);
    expect(rule('@request.body.title = "x"')).toBe(true);
    expect(rule('created < @NOW')).toBe(true);
    expect(rule('@request.method = "GET"')).toBe(true);
  });
});

describe('compile limits', () => {
  const limit = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      if (err instanceof FilterLimitError) return err.message;
      throw err;
    }
    throw new Error('no limit hit');
  };

  it('caps the filter length', () => {
    const long = `title = "${'x'.repeat(MAX_FILTER_LENGTH)}"`;
    expect(limit(() => compileFilter(long, clientCtx('posts')))).toContain(`${MAX_FILTER_LENGTH} characters`);
  });

  it('caps text literals and LIKE wildcards', () => {
    expect(limit(() => compileFilter(`title = "${'x'.repeat(MAX_TEXT_LITERAL_LENGTH + 1)}"`, clientCtx('posts')))).toContain(
      `${MAX_TEXT_LITERAL_LENGTH}`,
    );
    const wild = `title ~ "${'%a'.repeat(MAX_LIKE_WILDCARDS + 1)}"`;
    expect(limit(() => compileFilter(wild, clientCtx('posts')))).toContain('wildcards');
    expect(compileFilter(`title ~ "${'%a'.repeat(MAX_LIKE_WILDCARDS)}"`, clientCtx('posts')).sql).toContain('LIKE');
  });

  it('caps joins', () => {
    // Each "all values" comparison on a multi-valued path joins the path again in its own scope.
    const chain = (n: number) => Array.from({ length: n }, (_, i) => `tags.name != "${i}"`).join(' && ');
    expect(compileFilter(chain(10), clientCtx('posts')).sql).toContain('NOT EXISTS');
    expect(limit(() => compileFilter(chain(MAX_JOINS), clientCtx('posts')))).toContain(`${MAX_JOINS} joins`);
  });

  it('refuses several whole-table joins in one filter, even for superusers', () => {
    const two = '@collection.posts:a.title = title || @collection.posts:b.title = title';
    expect(limit(() => compileFilter(two, clientCtx('posts', true)))).toContain('estimated row combinations');
    expect(compileFilter('@collection.posts:a.title ?= title', clientCtx('posts', true)).sql).toContain('LEFT JOIN');
    // Server rules keep a larger budget (two aliases, as the team test above).
    const twoAny = '@collection.posts:a.title ?= title || @collection.posts:b.title ?= title';
    expect(limit(() => compileFilter(twoAny, clientCtx('posts', true)))).toContain('estimated row combinations');
    expect(compileFilter(twoAny, { ...clientCtx('posts', true), serverRule: true }).sql).toContain('LEFT JOIN');
  });

  it('caps sort fields', () => {
    const sort = Array.from({ length: MAX_SORT_FIELDS + 1 }, () => 'title').join(',');
    expect(limit(() => compileSort(sort, clientCtx('posts')))).toContain(`${MAX_SORT_FIELDS} sort fields`);
  });
});

describe('~ with escaped wildcards (PocketBase parity)', () => {
  it.each([
    ['title ~ "50\\%"', ['p1']],
    ['title ~ "0\\% o"', ['p1']],
    ['title ~ "5\\_"', []],
    ['title !~ "50\\%"', ['p2', 'p3']],
    // A plain _ is a literal too when the pattern gets wrapped.
    ['title ~ "50_"', []],
  ])('%s', (filter, expected) => {
    expect(ids('posts', filter)).toEqual(expected);
  });
});

describe('geoDistance', () => {
  it('computes great-circle km from numbers', () => {
    // Berlin - Paris is about 877.5 km.
    expect(
      ids('posts', 'geoDistance(13.405, 52.52, 2.3522, 48.8566) < 878 && geoDistance(13.405, 52.52, 2.3522, 48.8566) > 877 && id = "p1"'),
    ).toEqual(['p1']);
    expect(ids('posts', 'geoDistance(1.1, 2.2, 1.1, 2.2) = 0 && id = "p1"')).toEqual(['p1']);
  });

  it('reads fields and relation paths', () => {
    // One degree of latitude is about 111.19 km: views 10 -> 1112 km, 5 -> 556 km, 0 -> 0.
    expect(ids('posts', 'geoDistance(0, views, 0, 0) > 1000')).toEqual(['p1']);
    expect(ids('posts', 'geoDistance(0, views, 0, 0) < 600 && geoDistance(0, views, 0, 0) > 500')).toEqual(['p2']);
    expect(ids('posts', 'geoDistance(meta.a.b, 0, 0, 0) > 111 && geoDistance(meta.a.b, 0, 0, 0) < 112')).toEqual(['p1']);
    expect(ids('comments', 'geoDistance(0, post.views, 0, 0) > 1000')).toEqual(['c1', 'c2']);
  });

  it('binds number arguments', () => {
    const out = compileFilter('geoDistance(1, 2, 3, 4) < 5', clientCtx('posts'));
    expect(out.sql).toContain('radians(?)');
    expect(out.params).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
  });
});
