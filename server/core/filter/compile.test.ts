import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionRegistry } from '../collections.ts';
import { openSqlite, type SqliteDb } from '../../db/open.ts';
import { createTables } from '../../test/tables.ts';
import { testCollectionsWithUsers as testCollections } from '../../test/fixtures.ts';
import { guestRequest, type RequestInfo } from '../request-info.ts';
import { compileFilter, compileSort, FilterCompileError } from './compile.ts';

/** Semantics of compiled filters, checked against a real SQLite database. */
const registry = new CollectionRegistry(testCollections);
let db: SqliteDb;

function insert(table: string, row: Record<string, unknown>): void {
  const cols = Object.keys(row);
  const values = cols.map((c) => {
    const v = row[c];
    return Array.isArray(v) || (v && typeof v === 'object') ? JSON.stringify(v) : typeof v === 'boolean' ? Number(v) : v;
  });
  db.prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(',')}) VALUES (${cols.map(() => '?').join(',')})`).run(...values);
}

function authAs(id: string): RequestInfo {
  const collection = registry.get('users');
  if (!collection) throw new Error('users');
  const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id) as Record<string, unknown>;
  return { ...guestRequest(), auth: { collection, row } };
}

function ids(collection: string, filter: string, request: RequestInfo = guestRequest(), allowHidden = true): string[] {
  const c = registry.get(collection);
  if (!c) throw new Error(collection);
  const where = compileFilter(filter, { registry, collection: c, alias: '_r', request, allowHidden, now: new Date('2026-06-15T12:00:00Z') });
  const rows = db.prepare(`SELECT _r.id FROM "${c.name}" AS _r WHERE ${where.sql} ORDER BY _r.id`).all(...where.params) as { id: string }[];
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  db = openSqlite(':memory:');
  await createTables(db, testCollections);
  insert('users', { id: 'ualice', email: 'alice@x.io', name: 'Alice', tokenKey: 'k1' });
  insert('users', { id: 'ubob', email: 'bob@x.io', name: 'Bob', tokenKey: 'k2' });
  insert('topics', { id: 'tvegan', name: 'vegan', color: 'green' });
  insert('topics', { id: 'tspicy', name: 'spicy', color: 'red' });
  insert('posts', { id: 'p1', title: 'Hello 50% off', views: 10, published: true, author: 'ualice', tags: ['tvegan'], labels: ['a', 'b'], meta: { a: { b: 1 } }, created: '2026-06-01 10:00:00.000Z' });
  insert('posts', { id: 'p2', title: 'abc', views: 5, published: false, author: 'ubob', tags: ['tvegan', 'tspicy'], labels: ['c'], created: '2026-07-01 10:00:00.000Z' });
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
    expect(ids('posts', '@request.body.labels:length = 2 && @request.query.q = "1" && @request.method = "PATCH" && id = "p1"', req)).toEqual(['p1']);
  });

  it('binds every literal as a parameter', () => {
    const c = registry.get('posts');
    if (!c) throw new Error();
    const hostile = "x' OR 1=1; DROP TABLE posts; --";
    const out = compileFilter(`title = "${hostile}"`, { registry, collection: c, alias: '_r', request: guestRequest(), allowHidden: false, now: new Date() });
    expect(out.sql).not.toContain('DROP');
    expect(out.params).toContain(hostile);
  });

  it.each([
    ['nope = 1'],
    ['author.nope = 1'],
    ['title.name = 1'],
    ['title:each = 1'],
    ['views:length = 1'],
    ['geoDistance(1,2,3,4) < 1'],
    ['@unknown = 1'],
    ['@collection.nope.x = 1'],
  ])('rejects %s', (filter) => {
    expect(() => ids('posts', filter)).toThrow(FilterCompileError);
  });

  it('refuses hidden fields in client filters only', () => {
    expect(() => ids('posts', 'secret = "x"', guestRequest(), false)).toThrow(FilterCompileError);
    expect(ids('posts', 'secret = "x"', guestRequest(), true)).toEqual([]);
  });

  it('compiles sort with relation paths into scalar subqueries', () => {
    const c = registry.get('posts');
    if (!c) throw new Error();
    const sort = compileSort('-author.name,title,@random', { registry, collection: c, alias: '_r', request: guestRequest(), allowHidden: false, now: new Date() });
    const rows = db.prepare(`SELECT _r.id FROM posts AS _r ORDER BY ${sort.sql}`).all(...sort.params) as { id: string }[];
    expect(rows.map((r) => r.id)).toEqual(['p2', 'p1', 'p3']);
    expect(() => compileSort('nope', { registry, collection: c, alias: '_r', request: guestRequest(), allowHidden: false, now: new Date() })).toThrow(FilterCompileError);
  });
});
