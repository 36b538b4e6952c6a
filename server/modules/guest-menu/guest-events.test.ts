import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, type TestApp } from '../../test/test-app.ts';
import { flushGuestStats } from './index.ts';
import { EVENT_LIMIT } from './guest-events.ts';

/**
 * Guest events through HTTP: the beacon endpoint's validation, per-day aggregation without any
 * identifier, searches without result counted without JavaScript, the "seen twice" threshold,
 * per-venue table scans, the CSV (read back with the test's own RFC 4180 reader) and tenancy.
 */
let t: TestApp;
let owner = { id: '', org: '', token: '' };
let menuId = '';
let soupId = '';
let cakeId = '';
let venueId = '';

/** A CSV body as rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF records). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const beacon = (slug: string, body: unknown, headers: Record<string, string> = {}, ip = '198.51.100.1') =>
  t.app.inject({
    method: 'POST',
    url: `/m/${slug}/events`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: ip,
  });

const analytics = async (query: string, token = owner.token) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/analytics/guests?${query}`, headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await activeOwner(t.ctx, 'owner@example.com');
  const menu = await seed(t.ctx, 'menus', {
    organization: owner.org,
    name: 'Carta',
    status: 'published',
    languages: ['en', 'de'],
    publishIncomplete: ['de'],
  });
  menuId = String(menu.id);
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains' });
  soupId = String(
    (await seed(t.ctx, 'items', { section: section.id, name: 'Tomato soup', prices: [{ label: '', amount: 650 }], allergens: ['celery'] }))
      .id,
  );
  cakeId = String(
    (await seed(t.ctx, 'items', { section: section.id, name: '=Cake, "Special"\nof the day', prices: [{ label: '', amount: 400 }] })).id,
  );
  venueId = String(
    (
      await seed(t.ctx, 'venues', {
        organization: owner.org,
        name: 'Centro',
        slug: 'centro',
        timezone: 'Europe/Rome',
        primaryColor: '#0f766e',
        menus: [menu.id],
        tables: ['5', '6'],
      })
    ).id,
  );
  await seed(t.ctx, 'venues', {
    organization: owner.org,
    name: 'Giardino, "Nord"',
    slug: 'giardino',
    timezone: 'Europe/Rome',
    primaryColor: '#0f766e',
    menus: [menu.id],
    tables: ['5'],
  });
});

afterAll(async () => {
  await t.close();
});

describe('the guest beacon', () => {
  it('refuses malformed events with the error envelope, unknown venues and menus with 404', async () => {
    const bad: unknown[] = [
      'not json',
      '[]',
      {},
      { k: 'search' },
      { k: 'search', t: '' },
      { k: 'search', t: '   ' },
      { k: 'search', t: 'x'.repeat(101) },
      { k: 'click', t: 'x' },
      { k: 'filter', t: 'diet:carnivore' },
      { k: 'filter', t: 'vegan' },
      { k: 'lang', t: 'fr' },
      { k: 'lang', t: 'de', extra: 1 },
      { k: 'lang', t: 'de', m: 12 },
      { k: 'lang', t: 'de', m: 'x'.repeat(16) },
    ];
    for (const body of bad) {
      const res = await beacon('centro', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String), data: expect.any(Object) });
    }
    expect((await beacon('nowhere', { k: 'lang', t: 'de' })).statusCode).toBe(404);
    expect((await beacon('centro', { k: 'lang', t: 'de', m: 'abcdefghijklmno' })).statusCode).toBe(404);
    expect((await beacon('centro', JSON.stringify({ k: 'search', t: 'a', pad: 'x'.repeat(2000) }))).statusCode).toBe(413);
    flushGuestStats(t.ctx);
    expect(t.ctx.stmts.get("SELECT COUNT(*) AS n FROM guest_stats WHERE kind IN ('search', 'filter', 'lang')")?.n).toBe(0);
  });

  it('counts events per day and term, folded, with no cookie and nothing of the guest stored', async () => {
    for (const [body, headers] of [
      [{ k: 'search', t: '  Trüffel   PASTA ' }, {}],
      [{ k: 'search', t: 'truffel pasta' }, { 'content-type': 'text/plain;charset=UTF-8' }],
      [{ k: 'filter', t: 'hide:celery', m: menuId }, {}],
      [{ k: 'filter', t: 'diet:vegan' }, {}],
      [{ k: 'lang', t: 'de' }, {}],
    ] as const) {
      const res = await beacon('centro', body, headers, '203.0.113.9');
      expect(res.statusCode).toBe(204);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    flushGuestStats(t.ctx);
    const rows = t.ctx.stmts.all(
      "SELECT menu, kind, term, hour, count FROM guest_stats WHERE venue = ? AND kind IN ('search', 'filter', 'lang') ORDER BY kind, term",
      [venueId],
    );
    // The venue shows one menu, so its events are that menu's; per day only (hour 0).
    expect(rows).toEqual([
      { menu: menuId, kind: 'filter', term: 'diet:vegan', hour: 0, count: 1 },
      { menu: menuId, kind: 'filter', term: 'hide:celery', hour: 0, count: 1 },
      { menu: menuId, kind: 'lang', term: 'de', hour: 0, count: 1 },
      { menu: menuId, kind: 'search', term: 'truffel pasta', hour: 0, count: 2 },
    ]);
    const stored = JSON.stringify(t.ctx.stmts.all('SELECT * FROM guest_stats'));
    expect(stored).not.toContain('203.0.113.9');
    expect(stored).not.toContain('Trüffel');
  });

  it('caps a long search at 40 folded characters', async () => {
    expect((await beacon('centro', { k: 'search', t: `ÉCLAIR ${'à'.repeat(60)}` })).statusCode).toBe(204);
    flushGuestStats(t.ctx);
    const term = String(t.ctx.stmts.get("SELECT term FROM guest_stats WHERE kind = 'search' AND term LIKE 'eclair%'")?.term);
    expect(term).toBe(`eclair ${'a'.repeat(33)}`);
    expect(term).toHaveLength(40);
  });

  it('is rate-limited per address and venue', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < EVENT_LIMIT.max; i++) expect((await beacon('giardino', { k: 'lang', t: 'de' }, {}, ip)).statusCode).toBe(204);
    const over = await beacon('giardino', { k: 'lang', t: 'de' }, {}, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 429 });
    // Another address is a different guest.
    expect((await beacon('giardino', { k: 'lang', t: 'de' }, {}, '192.0.2.78')).statusCode).toBe(204);
  });
});

describe('searches without JavaScript', () => {
  it('counts a search page that found nothing, not one that found a dish', async () => {
    const count = (kind: string) => {
      flushGuestStats(t.ctx);
      return Number(t.ctx.stmts.get('SELECT COALESCE(SUM(count), 0) AS n FROM guest_stats WHERE kind = ?', [kind])?.n);
    };
    const before = count('search');
    const viewsBefore = count('view');
    // As the form sends it (its marker `s=1`): counted, and redirected to the same page without the marker.
    const sent = await t.app.inject({ method: 'GET', url: '/m/centro?s=1&q=Gnocchi+al+Ragù' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/m/centro?q=Gnocchi+al+Rag%C3%B9');
    // Where it lands (and its reload), a language link that keeps the search, a shared link: not counted again.
    const landed = await t.app.inject({ method: 'GET', url: String(sent.headers.location) });
    expect(landed.statusCode).toBe(200);
    // One search, one page view: the redirect itself is not a view.
    expect(count('view')).toBe(viewsBefore + 1);
    expect(landed.body).toContain('<input type="hidden" name="s" value="1">');
    const langLink = /<a href="\?([^"]*q=[^"]*)" hreflang="de"/.exec(landed.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(langLink).toMatch(/lang=de/);
    expect(langLink).not.toMatch(/(^|&)s=/);
    expect((await t.app.inject({ method: 'GET', url: `/m/centro?${langLink}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/m/centro?q=Gnocchi' })).statusCode).toBe(200);
    // A search that found a dish: redirected, not counted.
    expect((await t.app.inject({ method: 'GET', url: '/m/centro?q=tomato&s=1' })).statusCode).toBe(303);
    // A HEAD request (a link checker) counts nothing.
    await t.app.inject({ method: 'HEAD', url: '/m/centro?q=Gnocchi' });
    flushGuestStats(t.ctx);
    expect(t.ctx.stmts.all("SELECT term, count FROM guest_stats WHERE kind = 'search' AND term LIKE 'gnocchi%'")).toEqual([
      { term: 'gnocchi al ragu', count: 1 },
    ]);
    expect(Number(t.ctx.stmts.get("SELECT SUM(count) AS n FROM guest_stats WHERE kind = 'search'")?.n)).toBe(before + 1);
  });
});

describe('analytics of guest events', () => {
  it('shows a search without result only once guests made it twice', async () => {
    let data = await analytics(`organization=${owner.org}&days=7`);
    const terms = () => (data.searches as { term: string }[]).map((s) => s.term);
    expect(terms()).toContain('truffel pasta');
    expect(terms()).not.toContain('gnocchi al ragu');
    await t.app.inject({ method: 'GET', url: '/m/giardino?q=gnocchi+AL+ragu&s=1' });
    data = await analytics(`organization=${owner.org}&days=7`);
    expect(data.searches).toContainEqual({ term: 'gnocchi al ragu', count: 2 });
    // Per venue: each venue saw it once.
    data = await analytics(`organization=${owner.org}&venue=${venueId}&days=7`);
    expect(terms()).not.toContain('gnocchi al ragu');
    expect(data.filters).toEqual([
      { term: 'diet:vegan', count: 1 },
      { term: 'hide:celery', count: 1 },
    ]);
    expect(data.languages).toEqual([{ term: 'de', count: 1 }]);
  });

  it('counts scans per venue and table: two venues\u2019 table 5 stay apart', async () => {
    await t.app.inject({ method: 'GET', url: '/m/centro?src=qr&t=5', remoteAddress: '198.51.100.20' });
    await t.app.inject({ method: 'GET', url: '/m/centro?src=qr&t=5', remoteAddress: '198.51.100.21' });
    await t.app.inject({ method: 'GET', url: '/m/giardino?src=qr&t=5', remoteAddress: '198.51.100.22' });
    const data = await analytics(`organization=${owner.org}&days=7`);
    expect(data.tables).toEqual([
      { venue: venueId, name: 'Centro', tableNo: '5', scans: 2 },
      { venue: expect.not.stringMatching(venueId), name: 'Giardino, "Nord"', tableNo: '5', scans: 1 },
    ]);
    expect((await analytics(`organization=${owner.org}&venue=${venueId}&days=7`)).tables).toEqual([
      { venue: venueId, name: 'Centro', tableNo: '5', scans: 2 },
    ]);
  });

  it('ranks the most opened dishes with their opens per day', async () => {
    for (const id of [cakeId, cakeId, soupId])
      expect((await t.app.inject({ method: 'GET', url: `/m/centro/i/${id}` })).statusCode).toBe(200);
    const data = await analytics(`organization=${owner.org}&days=7`);
    expect(data.topItems.map((i: { name: string; views: number }) => [i.name, i.views])).toEqual([
      ['=Cake, "Special"\nof the day', 2],
      ['Tomato soup', 1],
    ]);
    expect(data.topItems[0].days).toEqual([0, 0, 0, 0, 0, 0, 2]);
  });

  it('exports every figure as CSV, escaped, named by its dates', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/guests.csv?organization=${owner.org}&days=7`,
      headers: { authorization: owner.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const data = await analytics(`organization=${owner.org}&days=7`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="guest-analytics-${data.from}-${data.to}.csv"`);
    const rows = readCsv(res.body);
    expect(rows[0]).toEqual(['section', 'day', 'key', 'name', 'count']);
    expect(rows.every((r) => r.length === 5)).toBe(true);
    const section = (name: string) => rows.filter((r) => r[0] === name);
    expect(section('views')).toHaveLength(7);
    expect(section('views').map((r) => r[1])).toEqual(data.days.map((d: { day: string }) => d.day));
    expect(section('scans').reduce((s, r) => s + Number(r[4]), 0)).toBe(3);
    // A dish name with a comma, quotes, a line break and a leading "=" survives, defused for spreadsheets.
    expect(section('dish')).toContainEqual(['dish', data.to, cakeId, `'=Cake, "Special"\nof the day`, '2']);
    expect(section('search')).toContainEqual(['search', '', 'gnocchi al ragu', '', '2']);
    // Seen once only: not exported either.
    expect(section('search').some((r) => r[2]?.startsWith('eclair'))).toBe(false);
    expect(section('filter')).toHaveLength(2);
    expect(section('language')).toEqual([['language', '', 'de', '', String(1 + EVENT_LIMIT.max + 1)]]);
    expect(section('table')).toContainEqual(['table', '', '5', 'Giardino, "Nord"', '1']);
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('keeps one organization\u2019s guest events from another', async () => {
    const other = await activeOwner(t.ctx, 'other@example.com');
    for (const url of [`/api/analytics/guests?organization=${owner.org}`, `/api/analytics/guests.csv?organization=${owner.org}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: other.token } });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('truffel');
    }
    // Its own analytics with our venue: 404, and its own numbers are empty.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/guests.csv?organization=${other.org}&venue=${venueId}`,
      headers: { authorization: other.token },
    });
    expect(foreign.statusCode).toBe(404);
    const own = await analytics(`organization=${other.org}`, other.token);
    expect(own).toMatchObject({ searches: [], filters: [], languages: [], tables: [], topItems: [] });
  });
});
