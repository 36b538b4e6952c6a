import fs from 'node:fs';
import path from 'node:path';
import { EventSource } from 'eventsource';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type SeedDemoResult } from '../../../scripts/demo/seed.ts';
import { collector } from '../../test/realtime-collector.ts';
import { ownerWorld, type OwnerWorld } from '../../test/translation-fixtures.ts';
import { superuserRequest, tokenFor } from '../../test/test-app.ts';
import { MENU_CSV_MAX_ROWS, type MenuCsvPreview } from '../../../shared/menu-csv.ts';
import { readTranslations, translationState } from '../../../shared/translations.ts';

/**
 * The menu CSV end to end against the real app: export, preview and import through the HTTP
 * routes, records compared in SQLite, realtime events through the SDK.
 */
// The SDK's realtime client needs an EventSource, which Node does not have.
(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

let w: OwnerWorld;
beforeAll(async () => {
  w = await ownerWorld({ env: { BILLING: 'off' } });
});
afterAll(() => w.t.close());

const count = (table: string) => Number(w.t.ctx.stmts.get(`SELECT COUNT(*) AS c FROM "${table}"`)?.c);
const counts = () => ({ sections: count('sections'), items: count('items') });

async function exportCsv(menuId: string, auth = w.token): Promise<LightMyRequestResponse> {
  return w.t.app.inject({ method: 'GET', url: `/api/menus/${menuId}/export.csv`, headers: { authorization: auth } });
}

async function importCsv(menuId: string, body: string | Buffer, dryRun: boolean, auth = w.token): Promise<LightMyRequestResponse> {
  return w.t.app.inject({
    method: 'POST',
    url: `/api/menus/${menuId}/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { authorization: auth, 'content-type': 'text/csv' },
    payload: body,
  });
}

async function newMenu(languages = ['en', 'de'], org = w.org, auth = w.token): Promise<string> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/collections/menus/records',
    headers: { authorization: auth },
    payload: { organization: org, name: 'Imported', languages },
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().id);
}

/** A menu's sections and items as comparable records (no ids, no timestamps, no images). */
function menuRecords(menuId: string) {
  const sections = w.t.ctx.stmts.all('SELECT * FROM sections WHERE menu = ? ORDER BY position', [menuId]);
  return sections.map((s) => ({
    name: s.name,
    description: s.description,
    position: s.position,
    translations: texts(s.translations),
    items: w.t.ctx.stmts.all('SELECT * FROM items WHERE section = ? ORDER BY position', [String(s.id)]).map((i) => ({
      name: i.name,
      description: i.description,
      position: i.position,
      prices: JSON.parse(String(i.prices)),
      allergens: JSON.parse(String(i.allergens)),
      mayContain: JSON.parse(String(i.mayContain)),
      diets: JSON.parse(String(i.diets)),
      tags: JSON.parse(String(i.tags)),
      available: i.available,
      translations: texts(i.translations),
    })),
  }));
}
const texts = (raw: unknown) => {
  const t = readTranslations(raw ? JSON.parse(String(raw)) : null);
  return Object.fromEntries(
    Object.entries(t).map(([lang, f]) => [lang, Object.fromEntries(Object.entries(f).map(([k, e]) => [k, e.text]))]),
  );
};
const withoutIds = (csv: string) => csv.replace(/^[a-z0-9]{15},/gm, ',');

describe('round trip of the demo menu', () => {
  let demo: SeedDemoResult;
  let demoToken: string;
  beforeAll(async () => {
    demo = await seedDemo(w.t.ctx);
    demoToken = await tokenFor(w.t.ctx, 'users', demo.user.id);
  });

  it('exports, imports into a fresh menu and exports the same bytes and the same records', async () => {
    const first = await exportCsv(demo.menu.id, demoToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(first.headers['content-disposition']).toBe('attachment; filename="a-la-carte.csv"');
    expect(first.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(first.body.split('\r\n')[0]).toBe(
      '\ufeffid,section,section@de,sectionDescription,sectionDescription@de,name,name@de,description,description@de,price_1,price_1_label,price_1_label@de,price_2,price_2_label,price_2_label@de,allergens,mayContain,diets,tags,available,priceOnRequest',
    );

    const fresh = await newMenu(['en', 'de'], demo.organization.id, demoToken);
    const preview = await importCsv(fresh, first.rawPayload, true, demoToken);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as MenuCsvPreview;
    expect(p).toMatchObject({ applied: false, rows: demo.counts.items, create: demo.counts.items, update: 0, unchanged: 0, errors: [] });
    expect(p.sectionsCreated).toBe(demo.counts.sections);
    expect(menuRecords(fresh)).toEqual([]);

    const applied = await importCsv(fresh, first.rawPayload, false, demoToken);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, create: demo.counts.items });

    const second = await exportCsv(fresh, demoToken);
    expect(withoutIds(second.body)).toBe(withoutIds(first.body));
    expect(menuRecords(fresh)).toEqual(menuRecords(demo.menu.id));
    // What the file carries as translations is a person's text of the current source: done.
    // JSON read in JavaScript: the same on both engines.
    const item = w.t.ctx.stmts
      .all('SELECT i.* FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ? ORDER BY i.position', [fresh])
      .find((r) => (JSON.parse(String(r.translations || '{}')) as { de?: { name?: unknown } }).de?.name != null);
    const de = readTranslations(JSON.parse(String(item?.translations))).de;
    expect(translationState(de?.name, String(item?.name))).toBe('done');

    // The fresh menu's own export, imported into itself, changes nothing and exports byte for byte.
    const again = await importCsv(fresh, second.rawPayload, false, demoToken);
    expect(again.json()).toMatchObject({ create: 0, update: 0, unchanged: demo.counts.items, sectionsCreated: 0 });
    expect((await exportCsv(fresh, demoToken)).body).toBe(second.body);
  });
});

describe('updating a menu in place', () => {
  let menuId = '';
  const rows = Array.from({ length: 200 }, (_, i) => `,Pizza,Pizza ${i + 1},${(8 + i / 100).toFixed(2)},`);
  beforeAll(async () => {
    menuId = await newMenu(['en']);
    const res = await importCsv(menuId, `section,name,price_1,price_1_label\r\n${rows.map((r) => r.slice(1)).join('\r\n')}\r\n`, false);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('changes the prices of 200 items in one import, matched by id, with one realtime event each', async () => {
    const exported = (await exportCsv(menuId)).body;
    // As a person would in a spreadsheet: +1.00 in the price column of every row.
    const [header = '', ...lines] = exported.split('\r\n');
    const price = header.split(',').indexOf('price_1');
    const raised = [
      header,
      ...lines.map((line) => {
        const cells = line.split(',');
        if (cells[price]) cells[price] = (Number(cells[price]) + 1).toFixed(2);
        return cells.join(',');
      }),
    ].join('\r\n');
    expect(raised).not.toBe(exported);
    const before = counts();
    const preview = (await importCsv(menuId, raised, true)).json() as MenuCsvPreview;
    expect(preview).toMatchObject({ update: 200, create: 0, unchanged: 0, errors: [] });
    expect(new Set(preview.changes.map((c) => c.fields.join()))).toEqual(new Set(['prices']));
    expect(counts()).toEqual(before);

    const pb = w.t.sdk();
    await pb.collection('users').authWithPassword('owner@example.com', 'owner-password-1');
    const events = collector();
    await pb.collection('items').subscribe('*', (e) => events.push(e));
    const res = await importCsv(menuId, raised, false);
    expect(res.statusCode, res.body).toBe(200);
    await events.waitFor(200);
    expect(events.events.every((e) => e.action === 'update')).toBe(true);
    await pb.collection('items').unsubscribe();
    expect(counts()).toEqual(before);
    const amounts = w.t.ctx.stmts
      .all('SELECT prices FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ? ORDER BY i.position', [menuId])
      .map((r) => Number((JSON.parse(String(r.prices)) as { amount?: unknown }[])[0]?.amount));
    expect(amounts).toEqual(rows.map((_, i) => 900 + i));
  });

  it('matches by section and name when the file has no ids, and creates what is new', async () => {
    const csv =
      'section,name,price_1,price_1_label,description\r\npizza, PIZZA 1 ,9.50,,Tomato\r\nPizza,Pizza 201,10.00,,\r\nDrinks,Water,2.00,,\r\n';
    const preview = (await importCsv(menuId, csv, true)).json() as MenuCsvPreview;
    expect(preview).toMatchObject({ update: 1, create: 2, sectionsCreated: 1, errors: [] });
    expect(preview.changes[0]).toMatchObject({ row: 2, action: 'update', fields: ['name', 'description', 'prices'] });
  });
});

describe('files that write nothing', () => {
  let menuId = '';
  beforeAll(async () => {
    menuId = await newMenu(['en', 'de']);
    await importCsv(menuId, 'section,name,price_1,price_1_label\r\nSoups,Minestrone,6.50,\r\n', false);
  });

  const refused = async (body: string | Buffer) => {
    const before = counts();
    const preview = await importCsv(menuId, body, true);
    const res = await importCsv(menuId, body, false);
    expect(counts()).toEqual(before);
    return { preview, res };
  };

  it('wrong columns: every header problem, in the envelope', async () => {
    const { res } = await refused('section,name,prize,price_1,name@fr\r\nSoups,Broth,x,5.00,Bouillon\r\n');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 400, data: { file: { code: 'validation_invalid_csv' } } });
    expect(body.data.file.params.errors).toEqual([
      expect.objectContaining({ row: 1, column: 'prize', message: expect.stringContaining('Unknown column "prize"') }),
      expect.objectContaining({
        row: 1,
        column: 'name@fr',
        message: expect.stringContaining('"fr" is not one of this menu\'s other languages (de)'),
      }),
      expect.objectContaining({ row: 1, column: 'price_1_label' }),
    ]);
  });

  it('bad prices, allergens and tags: row-level errors in the preview, a 400 on apply, nothing written', async () => {
    const csv = [
      'section,name,price_1,price_1_label,allergens,diets,tags',
      'New section,Fine,4.00,,milk,,',
      'New section,Dear,about 12,,,,',
      'New section,Grouped,1.250,,,,',
      'New section,Free,-3,,,,',
      'New section,Odd,5.00,,cheese,vegan,',
      'New section,Vegan cream,5.00,,milk,vegan,',
      'New section,Tagged,5.00,,,,Nope',
    ].join('\r\n');
    const { preview, res } = await refused(csv);
    expect(preview.statusCode).toBe(200);
    const p = preview.json() as MenuCsvPreview;
    expect(p.errors).toEqual([
      { row: 3, column: 'price_1', message: '"about 12" is not a price in EUR (write it like 12.50)' },
      {
        row: 4,
        column: 'price_1',
        message: '"1.250" is ambiguous: write the amount without a thousands separator and with at most 2 decimals (like 12.50)',
      },
      { row: 5, column: 'price_1', message: '"-3" is not a price in EUR (write it like 12.50)' },
      { row: 6, column: 'allergens', message: expect.stringContaining('"cheese" is not an allergen') },
      { row: 7, column: 'diets', message: 'A vegan dish cannot contain milk' },
      { row: 8, column: 'tags', message: expect.stringContaining('"Nope" is not one of your tags') },
    ]);
    expect(p.create).toBe(1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('6 rows have problems; nothing was imported.');
    expect(res.json().data.file.params.errors).toHaveLength(6);
  });

  it('a dietary label that contradicts the stored allergens is a row error even without an allergens column', async () => {
    const id = String(w.t.ctx.stmts.get('SELECT i.id FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ?', [menuId])?.id);
    await w.pb.collection('items').update(id, { allergens: ['celery', 'milk'] });
    const { preview, res } = await refused(`id,section,name,price_1,price_1_label,diets\r\n${id},Soups,Minestrone,6.50,,vegan\r\n`);
    expect((preview.json() as MenuCsvPreview).errors).toEqual([{ row: 2, column: 'diets', message: 'A vegan dish cannot contain milk' }]);
    expect(res.statusCode).toBe(400);
  });

  it('10,000 rows: one clear error', async () => {
    const body = `section,name,price_1,price_1_label\r\n${'Soups,Broth,5.00,\r\n'.repeat(10_000)}`;
    const { preview, res } = await refused(body);
    for (const r of [preview, res]) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(
        `The file has 10,000 rows; one import takes at most ${MENU_CSV_MAX_ROWS.toLocaleString('en')}. Split it into several files.`,
      );
    }
  });

  it('Latin-1, UTF-16 and a workbook: refused with the way out', async () => {
    const latin1 = Buffer.from('section,name,price_1,price_1_label\r\nDesserts,Crème brûlée,7.00,\r\n', 'latin1');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('section,name,price_1,price_1_label\r\n', 'utf16le')]);
    const xlsx = Buffer.from('PK\x03\x04rest of a zip', 'latin1');
    const messages = [];
    for (const body of [latin1, utf16, xlsx]) {
      const { res } = await refused(body);
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message as string);
    }
    expect(messages[0]).toMatch(/^This file is not UTF-8 \(line 2 has a character in another encoding.*CSV UTF-8/);
    expect(messages[1]).toMatch(/^This file is UTF-16 text; only UTF-8 can be imported/);
    expect(messages[2]).toMatch(/^This is a spreadsheet workbook/);
  });

  it('an empty body, a JSON body and an unclosed quote are 400s in the envelope', async () => {
    const empty = await importCsv(menuId, '', false);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^Send the CSV file/);
    const json = await w.call('POST', `/api/menus/${menuId}/import`, { rows: [] });
    expect(json.statusCode).toBe(400);
    const quote = await importCsv(menuId, 'section,name,price_1,price_1_label\r\nSoups,"Broth,5.00,\r\n', false);
    expect(quote.statusCode).toBe(400);
    expect(quote.json().message).toBe('Row 2: A quoted cell is never closed (a " is missing).');
  });
});

describe('a file saved by a spreadsheet app', () => {
  it('reads CRLF, a BOM, quoted commas, quotes and line breaks, letter codes and a defused formula', async () => {
    const menuId = await newMenu(['en', 'de']);
    await w.pb.collection('tags').create({ organization: w.org, name: 'House special' });
    const bytes = fs.readFileSync(path.join(FIXTURES, 'excel-saved.csv'));
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/menus/${menuId}/import`,
      headers: { authorization: w.token, 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: Buffer.concat([
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="menu.csv"\r\nContent-Type: text/csv\r\n\r\n'),
        bytes,
        Buffer.from('\r\n--XyZ--\r\n'),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, create: 3, sectionsCreated: 2, errors: [] });
    const [starters, drinks] = menuRecords(menuId);
    expect(starters).toMatchObject({ name: 'Starters', translations: { de: { name: 'Vorspeisen' } } });
    expect(starters?.items[0]).toMatchObject({
      name: 'Bruschetta, classic',
      description: 'Tomato, basil\nand "good" olive oil',
      prices: [
        { label: 'Small', amount: 650 },
        { label: 'Large', amount: 1250 },
      ],
      allergens: ['gluten', 'milk'],
      available: 1,
      translations: { de: { name: 'Bruschetta, klassisch', 'prices.0': 'Klein', 'prices.1': 'Groß' } },
    });
    expect(starters?.items[1]).toMatchObject({ name: '=Soup of the day', allergens: ['celery'], diets: ['vegan'], available: 0 });
    expect(drinks?.items[0]).toMatchObject({ name: 'Espresso', prices: [{ label: '', amount: 250 }], tags: [expect.any(String)] });
    // Exported again, the formula-looking name is defused for spreadsheets.
    expect((await exportCsv(menuId)).body).toContain(`,'=Soup of the day,`);
  });
});

describe('money in the currency’s own digits', () => {
  it.each([
    ['JPY', 1200, '1200'],
    ['KWD', 1250, '1.250'],
  ])('%s: %i minor units export as "%s" and import back unchanged', async (currency, amount, text) => {
    const { ctx } = w.t;
    const org = await ctx.engine.create(
      ctx.engine.collection('organizations'),
      { data: { name: `${currency} bar`, currency, subscriptionStatus: 'active' }, files: {}, fromForm: false },
      superuserRequest(ctx),
    );
    const user = w.t.ctx.stmts.get('SELECT id FROM users WHERE email = ?', ['owner@example.com']);
    await ctx.engine.create(
      ctx.engine.collection('memberships'),
      { data: { organization: org.id, user: user?.id, role: 'owner' }, files: {}, fromForm: false },
      superuserRequest(ctx),
    );
    const menuId = await newMenu(['en'], String(org.id));
    const created = await importCsv(menuId, `section,name,price_1,price_1_label\r\nMains,Dish,${text},\r\n`, false);
    expect(created.statusCode, created.body).toBe(200);
    const stored = w.t.ctx.stmts.get('SELECT i.prices FROM items i JOIN sections s ON s.id = i.section WHERE s.menu = ?', [menuId]);
    expect(JSON.parse(String(stored?.prices))).toEqual([{ label: '', amount }]);
    const exported = (await exportCsv(menuId)).body;
    expect(exported).toContain(`,Dish,,${text},,`);
    expect((await importCsv(menuId, exported, true)).json()).toMatchObject({ unchanged: 1, update: 0 });
  });
});

describe('tenancy', () => {
  it("another organization's menu is a 404 for export and import; no token is a 401", async () => {
    const menuId = await newMenu(['en']);
    const before = counts();
    expect((await exportCsv(menuId, w.strangerToken)).statusCode).toBe(404);
    const res = await importCsv(menuId, 'section,name,price_1,price_1_label\r\nA,B,1.00,\r\n', false, w.strangerToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: "The requested resource wasn't found.", data: {} });
    expect((await exportCsv(menuId, '')).statusCode).toBe(401);
    expect((await importCsv(menuId, 'x', false, '')).statusCode).toBe(401);
    expect(counts()).toEqual(before);
  });
});
