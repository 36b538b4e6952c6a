import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCollections } from '../../app-collections.ts';
import { CollectionRegistry, type Rule } from '../collections.ts';
import { guestRequest } from '../request-info.ts';
import { buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { testOnPostgres } from '../../test/test-db.ts';
import { compileFilter } from './compile.ts';

/**
 * The worst filters and sorts we could write, sent through HTTP against a seeded database: each
 * must be answered within BUDGET_MS or refused with a 4xx. better-sqlite3 runs queries on the one
 * event-loop thread and cannot interrupt them, so the compile-time limits are what keeps a single
 * request from freezing the server (before them, a few @COLLECTION self-joins took ~15 s).
 * On PostgreSQL a list is read on the read pool, off the event loop (and under a statement
 * timeout), so a slow one delays only its own answer: the budget there is looser (planning one of
 * these generated queries alone takes 200–400 ms on this machine).
 */
const BUDGET_MS = testOnPostgres() ? 1000 : 250;
const MENUS = 300;
const SECTIONS = 300;
const ITEMS = 600;
const TAGS = 40;
const ORG = 'orghostile00001';

let t: TestApp;
let member = '';
let superuser = '';

const pad = (prefix: string, n: number) => `${prefix}${String(n).padStart(15 - prefix.length, '0')}`;

function insert(table: string, row: Record<string, unknown>): void {
  const cols = Object.keys(row);
  const values = cols.map((c) => {
    const v = row[c];
    return Array.isArray(v) || (v && typeof v === 'object') ? JSON.stringify(v) : typeof v === 'boolean' ? Number(v) : v;
  });
  t.ctx.stmts.run(
    `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(',')}) VALUES (${cols.map(() => '?').join(',')})`,
    values as never[],
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  const su = await seed(t.ctx, '_superusers', {
    email: 'root@example.com',
    password: 'root-password-1',
    passwordConfirm: 'root-password-1',
  });
  superuser = await tokenFor(t.ctx, '_superusers', String(su.id));
  const now = '2026-01-01 00:00:00.000Z';
  const ts = { created: now, updated: now };
  t.ctx.stmts.transaction(() => {
    insert('users', { id: 'memberhostile01', email: 'm@example.com', password: 'x', tokenKey: 'k'.repeat(30), verified: true, ...ts });
    for (let i = 0; i < MENUS; i++)
      insert('plans', { id: pad('plan', i), code: `p${i}`, name: `plan ${i}`, active: true, position: i, ...ts });
    insert('organizations', { id: ORG, name: 'Hostile', slug: 'hostile', subscriptionStatus: 'active', plan: pad('plan', 0), ...ts });
    for (let i = 1; i < 50; i++)
      insert('organizations', {
        id: pad('org', i),
        name: `other ${i}`,
        slug: `other-${i}`,
        subscriptionStatus: 'active',
        plan: pad('plan', i % 3),
        ...ts,
      });
    insert('memberships', { id: 'mshiphostile001', organization: ORG, user: 'memberhostile01', role: 'owner', ...ts });
    for (let i = 0; i < TAGS; i++) insert('tags', { id: pad('tag', i), organization: ORG, name: `tag ${i}`, ...ts });
    for (let i = 0; i < MENUS; i++)
      insert('menus', {
        id: pad('menu', i),
        organization: ORG,
        name: `menu ${i}`,
        description: 'a'.repeat(1990),
        languages: ['en'],
        ...ts,
      });
    // Few menus with many sections and items, so back-relations fan out.
    for (let i = 0; i < SECTIONS; i++)
      insert('sections', { id: pad('sec', i), menu: pad('menu', i % 10), name: `section ${i}`, position: i, ...ts });
    for (let i = 0; i < ITEMS; i++) {
      insert('items', {
        id: pad('item', i),
        section: pad('sec', i % 30),
        name: `item ${i}`,
        description: 'a'.repeat(1990),
        position: i,
        tags: [pad('tag', i % TAGS), pad('tag', (i + 1) % TAGS), pad('tag', (i + 2) % TAGS)],
        allergens: ['gluten', 'milk'],
        translations: { de: { name: `Ding ${i}` } },
        ...ts,
      });
    }
  });
  member = await tokenFor(t.ctx, 'users', 'memberhostile01');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface Probe {
  status: number;
  ms: number;
  body: string;
}

async function probe(collection: string, query: Record<string, string>, token: string): Promise<Probe> {
  const url = `/api/collections/${collection}/records?${new URLSearchParams({ perPage: '50', ...query })}`;
  const headers = token ? { authorization: token } : {};
  const once = async (): Promise<Probe> => {
    const start = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, ms: performance.now() - start, body: res.body };
  };
  // A second try only when the first was slow: a busy shared machine may pause one request,
  // an unbounded query is slow every time.
  const first = await once();
  if (first.ms <= BUDGET_MS || first.status >= 400) return first;
  const second = await once();
  return second.ms < first.ms ? second : first;
}

const or = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' || ');
const and = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' && ');
const nest = (n: number, inner: string) => `${'('.repeat(n)}${inner}${')'.repeat(n)}`;

type Who = 'guest' | 'member' | 'superuser';
type Case = [label: string, who: Who, collection: string, query: Record<string, string>];

const cases: Case[] = [
  // Anonymous, through the public pricing table: the audit's oracle and self-join freeze.
  ['oracle @COLLECTION', 'guest', 'plans', { filter: '@COLLECTION.menus.name ?~ "a%"' }],
  ['N^3 @Collection self-joins', 'guest', 'plans', { filter: or(3, (i) => `@Collection.menus:m${i}.description ?~ name`) }],
  ['@Request.auth', 'guest', 'plans', { filter: '@Request.auth.id != ""' }],
  [
    'unindexed back-relation',
    'guest',
    'plans',
    { filter: 'organizations_via_plan.name ?= "x" || organizations_via_plan.plan.organizations_via_plan.name ?= "y"' },
  ],
  ['json paths, long || chain', 'guest', 'plans', { filter: or(60, (i) => `limits.venues = ${i} || entitlements.a.b.c = "${i}"`) }],
  ['sort by @COLLECTION', 'guest', 'plans', { sort: '@COLLECTION.menus.name' }],
  ['huge literal', 'guest', 'plans', { filter: `name = "${'x'.repeat(3400)}"` }],
  ['over-long filter', 'guest', 'plans', { filter: `name = "x" ${'|| name = "x" '.repeat(400)}` }],
  ['deep parentheses', 'guest', 'plans', { filter: nest(64, 'name = "x"') }],
  ['too deep parentheses', 'guest', 'plans', { filter: nest(65, 'name = "x"') }],
  // A verified member, through the tenant collections (list rules join memberships).
  ['two back-relations', 'member', 'menus', { filter: 'sections_via_menu.items_via_section.name ?= "zz"' }],
  [
    'back-relation cycle',
    'member',
    'menus',
    { filter: 'sections_via_menu.items_via_section.section.menu.sections_via_menu.items_via_section.name ?= "zz"' },
  ],
  ['cycle through items', 'member', 'items', { filter: 'section.menu.sections_via_menu.items_via_section.section.menu.name ?= "zz"' }],
  ['multi-relation back and forth', 'member', 'items', { filter: 'tags.items_via_tags.tags.items_via_tags.name ?= "zz"' }],
  ['multi-relation back-relation', 'member', 'tags', { filter: 'items_via_tags.section.menu.sections_via_menu.name ?= "zz"' }],
  ['?= chain over relation', 'member', 'items', { filter: or(150, (i) => `tags.name ?= "t${i}"`) }],
  ['?= chain over back-relations', 'member', 'menus', { filter: or(60, (i) => `sections_via_menu.items_via_section.name ?= "t${i}"`) }],
  ['all-values chain', 'member', 'items', { filter: and(40, (i) => `tags.name != "t${i}"`) }],
  ['all-values back-relations', 'member', 'menus', { filter: and(30, (i) => `sections_via_menu.items_via_section.name != "t${i}"`) }],
  [':each chain', 'member', 'items', { filter: or(60, (i) => `allergens:each ?= "a${i}" || mayContain:each ?= "b${i}"`) }],
  [
    ':each with relations',
    'member',
    'items',
    { filter: 'allergens:each ?= tags.name && mayContain:each ?= section.menu.sections_via_menu.name' },
  ],
  ['LIKE backtracking', 'member', 'items', { filter: 'description ~ "%a%a%a%a%a%a%a%b"' }],
  ['LIKE too many wildcards', 'member', 'items', { filter: `description ~ "${'%a'.repeat(30)}%b"` }],
  [
    'LIKE chain over back-relations',
    'member',
    'menus',
    { filter: or(40, (i) => `sections_via_menu.items_via_section.description ~ "%a%a%a%a%a%${i}"`) },
  ],
  ['huge text literal', 'member', 'items', { filter: `description ~ "${'a'.repeat(3000)}"` }],
  ['json path chain', 'member', 'items', { filter: or(110, (i) => `translations.de.name ~ "x${i}"`) }],
  ['long || chain', 'member', 'items', { filter: or(200, (i) => `name = "n${i}"`) }],
  ['201 expressions', 'member', 'items', { filter: or(201, (i) => `name = "n${i}"`) }],
  ['deep parentheses over back-relations', 'member', 'menus', { filter: nest(60, 'sections_via_menu.items_via_section.name ?= "x"') }],
  [
    'relation depth',
    'member',
    'items',
    { filter: 'section.menu.organization.plan.organizations_via_plan.plan.organizations_via_plan.name ?= "x"' },
  ],
  ['mixed case macros', 'member', 'items', { filter: 'name = "x" || @cOLLECTION.items:a.name ?= name' }],
  ['@request in a function', 'member', 'items', { filter: 'geoDistance(@REQUEST.query.x, 0, 0, 0) < 1' }],
  [
    'geoDistance over back-relations',
    'member',
    'menus',
    { filter: or(40, (i) => `geoDistance(sections_via_menu.items_via_section.position, ${i}, 0, 0) < 1`) },
  ],
  [
    'sort with 8 relation paths',
    'member',
    'items',
    { sort: 'section.menu.name,-section.name,tags.name,section.menu.organization.name,-name,tags.organization.name,section.position,-id' },
  ],
  [
    'sort with back-relations',
    'member',
    'menus',
    { sort: 'sections_via_menu.items_via_section.name,-sections_via_menu.items_via_section.description,sections_via_menu.name' },
  ],
  ['sort with 9 fields', 'member', 'items', { sort: 'name,name,name,name,name,name,name,name,name' }],
  ['sort by @request', 'member', 'items', { sort: '-@Request.auth.id' }],
  [
    'filter and sort together',
    'member',
    'menus',
    {
      filter: or(50, (i) => `sections_via_menu.items_via_section.tags.name ?= "t${i}"`),
      sort: 'sections_via_menu.items_via_section.name,sections_via_menu.name,-name',
    },
  ],
  // Superusers may use @collection, but within the same caps.
  ['superuser: N^3 self-joins', 'superuser', 'menus', { filter: or(3, (i) => `@collection.menus:m${i}.description ?~ name`) }],
  [
    'superuser: two whole-table joins',
    'superuser',
    'items',
    { filter: '@collection.items:a.name ?= name && @collection.items:b.section ?= section' },
  ],
  [
    'superuser: one correlated whole-table join',
    'superuser',
    'items',
    { filter: '@collection.items.name ?= name && @collection.items.id != id' },
  ],
  ['superuser: whole-table join with a path', 'superuser', 'menus', { filter: '@collection.items.section.menu.name ?= name' }],
  ['superuser: whole-table join with tags', 'superuser', 'menus', { filter: '@collection.items.tags.name ?= name' }],
  [
    'superuser: whole-table join and back-relation',
    'superuser',
    'menus',
    { filter: '@collection.sections.name ?= sections_via_menu.name' },
  ],
  ['superuser: whole-table join, many expressions', 'superuser', 'items', { filter: or(5, (i) => `@collection.menus.name ?= "m${i}"`) }],
  ['superuser: all-values over a whole table', 'superuser', 'menus', { filter: '@collection.items.name != name' }],
  ['superuser: whole-table sort', 'superuser', 'items', { sort: '@collection.items.name,@collection.menus.name' }],
  [
    'superuser: hidden fields through a whole table',
    'superuser',
    'menus',
    { filter: '@collection.users.tokenKey ?= name || @collection.organizations.stripeCustomerId ?= name' },
  ],
  [
    'superuser: unindexed back-relations',
    'superuser',
    'plans',
    { filter: 'organizations_via_plan.plan.organizations_via_plan.plan.organizations_via_plan.name ?= "x"' },
  ],
  ['superuser: long chain of back-relations', 'superuser', 'menus', { filter: or(50, (i) => `sections_via_menu.name ?= "t${i}"`) }],
];

describe('hostile filters stay within the time budget', () => {
  it('has at least 50 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it.each(cases)('%s (%s on %s)', async (_label, who, collection, query) => {
    const token = who === 'member' ? member : who === 'superuser' ? superuser : '';
    // Warm the statement caches once so the measured request is the steady state.
    await probe(collection, { perPage: '1' }, token);
    const res = await probe(collection, query, token);
    if (process.env.HOSTILE_DEBUG) console.log(`${res.status} ${res.ms.toFixed(1)}ms ${_label} ${res.body.slice(0, 120)}`);
    if (res.status >= 400) {
      expect(res.status).toBeLessThan(500);
      const body = JSON.parse(res.body) as { status: number; message: string; data: unknown };
      expect(body).toEqual({ status: res.status, message: expect.any(String), data: {} });
    } else {
      expect(res.status).toBe(200);
      expect(res.ms, `${res.ms.toFixed(0)} ms`).toBeLessThan(BUDGET_MS);
    }
  });

  it('names the limit in the 400', async () => {
    const res = await probe('items', { filter: or(201, (i) => `name = "n${i}"`) }, member);
    expect(JSON.parse(res.body)).toEqual({ status: 400, message: 'Max filter expressions limit (200) reached.', data: {} });
    const joins = await probe('menus', { filter: or(3, (i) => `@collection.menus:m${i}.name ?= name`) }, superuser);
    expect(joins.status).toBe(400);
    expect(JSON.parse(joins.body).message).toMatch(/limit of \d+ estimated row combinations/);
  });
});

describe('server rules fit the limits', () => {
  // Every rule of the product compiles for a client filter's worst case: a guest request.
  const registry = new CollectionRegistry(appCollections);
  const rules = appCollections.flatMap((c) => {
    const all: Rule[] = [c.listRule ?? null, c.viewRule ?? null, c.createRule ?? null, c.updateRule ?? null, c.deleteRule ?? null];
    return all.filter((r): r is string => typeof r === 'string' && r.trim() !== '').map((r) => [c.name, r] as const);
  });

  it.each(rules)('%s: %s', (name, rule) => {
    const collection = registry.get(name);
    if (!collection) throw new Error(name);
    const body = Object.fromEntries(collection.fields.map((f) => [f.name, f.type === 'relation' ? ['a', 'b'] : 'x']));
    const request = { ...guestRequest('PATCH'), body };
    expect(() =>
      compileFilter(rule, {
        registry,
        collection,
        alias: '_r',
        request,
        allowHidden: true,
        allowRequestAndCollection: true,
        serverRule: true,
        now: new Date(),
      }),
    ).not.toThrow();
  });
});
