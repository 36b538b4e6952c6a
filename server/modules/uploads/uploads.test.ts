import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { corpusCase } from '../../test/pdf-corpus/index.ts';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { encryptPdf, manyPagesPdf, notAPdf, scannedPdf } from '../../test/pdf-corpus/special.ts';
import { renderMenu } from '../../test/pdf-corpus/render.ts';
import { cafe } from '../../test/pdf-corpus/menus.ts';
import { UPLOAD_MESSAGES } from './pdf.ts';
import { UNVERIFIED_UPLOAD } from './routes.ts';
import { IMPORT_MESSAGES } from '../../../shared/upload-messages.ts';
import type { MenuDraft } from './extract/index.ts';
import { ocrToolsMissing } from '../../test/ocr-tools.ts';
import { testOnPostgres } from '../../test/test-db.ts';

const ocrSkip = await ocrToolsMissing();
/**
 * Run once, on SQLite: tests whose subject is the OCR or the worker thread, not the records (the
 * PostgreSQL run, `npm run test:pg`, would read the same scan and time the same worker again).
 */
const onceOnSqlite = testOnPostgres();

/** PDF menu uploads through the HTTP API: validation, the extraction job, draft edits, import. */
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function setup(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env: { BILLING: 'off', ...env } });
  apps.push(t);
  const member = async (email: string) => {
    const user = await seed(t.ctx, 'users', { email, password: 'member-password', passwordConfirm: 'member-password', name: email, verified: true });
    const token = await tokenFor(t.ctx, 'users', String(user.id));
    const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
    return { id: String(user.id), token, org };
  };
  const owner = await member('owner@example.com');
  const stranger = await member('stranger@example.com');
  const call = (method: Method, url: string, payload?: unknown, auth = owner.token) =>
    t.app.inject({ method, url, payload: payload as object, headers: auth ? { authorization: auth } : {} });
  /** A multipart create of `menu_uploads`, encoded by the platform's FormData. */
  const upload = async (fields: { name?: string; organization?: string; file?: { bytes: Uint8Array; filename?: string; type?: string } }, auth = owner.token, url = '/api/collections/menu_uploads/records', method: Method = 'POST') => {
    const form = new FormData();
    if (fields.organization !== '') form.append('organization', fields.organization ?? owner.org);
    if (fields.name !== undefined) form.append('name', fields.name);
    if (fields.file) form.append('file', new Blob([new Uint8Array(fields.file.bytes)], { type: fields.file.type ?? 'application/pdf' }), fields.file.filename ?? 'menu.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    return t.app.inject({ method, url, payload, headers: { 'content-type': request.headers.get('content-type') ?? '', ...(auth ? { authorization: auth } : {}) } });
  };
  const record = async (id: string, auth = owner.token) => (await call('GET', `/api/collections/menu_uploads/records/${id}`, undefined, auth)).json();
  /** Polls the record through the API until it leaves uploaded/processing. */
  const settled = async (id: string) => {
    for (let i = 0; i < 2400; i++) {
      const r = await record(id);
      if (!['uploaded', 'processing'].includes(r.status)) return r;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`upload ${id} did not settle`);
  };
  const count = (table: string) => Number(t.ctx.stmts.get(`SELECT COUNT(*) AS c FROM "${table}"`)?.c ?? 0);
  return { t, owner, stranger, member, call, upload, record, settled, count };
}

const bytesOf = (file: string) => corpusCase(file).build();

describe('menu uploads: validation on create', () => {
  it('answers each invalid upload with a 400 on the right field and stores nothing', async () => {
    const { upload, count, t } = await setup();
    const cases: Array<{ about: string; fields: Parameters<typeof upload>[0]; field: string; message: string }> = [
      { about: 'no file', fields: { name: 'Lunch' }, field: 'file', message: 'A valid PDF file is required.' },
      { about: 'short name', fields: { name: 'L', file: { bytes: await bytesOf('prices-left.pdf') } }, field: 'name', message: 'Menu name is required.' },
      { about: 'text renamed .pdf', fields: { name: 'Lunch', file: { bytes: notAPdf() } }, field: 'file', message: UPLOAD_MESSAGES.unsupported },
      { about: 'GIF renamed .pdf', fields: { name: 'Lunch', file: { bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).gif().toBuffer() } }, field: 'file', message: UPLOAD_MESSAGES.unsupported },
      { about: 'PDF header, garbage body', fields: { name: 'Lunch', file: { bytes: Buffer.from('%PDF-1.7\nthis is not really a pdf\n%%EOF\n') } }, field: 'file', message: UPLOAD_MESSAGES.damaged },
      { about: 'password-protected', fields: { name: 'Lunch', file: { bytes: await bytesOf('encrypted.pdf') } }, field: 'file', message: UPLOAD_MESSAGES.encrypted },
      { about: '51 pages', fields: { name: 'Lunch', file: { bytes: await manyPagesPdf(51) } }, field: 'file', message: UPLOAD_MESSAGES.tooManyPages(51) },
      { about: 'over 20 MB', fields: { name: 'Lunch', file: { bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024 + 10, 32)]) } }, field: 'file', message: UPLOAD_MESSAGES.tooLarge },
    ];
    for (const c of cases) {
      const res = await upload(c.fields);
      expect(res.statusCode, c.about).toBe(400);
      const body = res.json();
      expect(body.message, c.about).toBe('Failed to create record.');
      expect(body.data[c.field]?.message, c.about).toBe(c.message);
    }
    // Several problems come back together.
    const both = await upload({ name: '', file: { bytes: await bytesOf('encrypted.pdf') } });
    expect(both.json().data).toMatchObject({ name: { message: 'Menu name is required.' }, file: { code: 'validation_pdf_encrypted', message: UPLOAD_MESSAGES.encrypted } });
    expect(count('menu_uploads')).toBe(0);
    // Nothing was left in storage either.
    const stored = t.ctx.stmts.all('SELECT file FROM menu_uploads');
    expect(stored).toEqual([]);
  });

  it('refuses anonymous uploads and uploads into another organization', async () => {
    const { upload, stranger, count } = await setup();
    const bytes = await bytesOf('prices-left.pdf');
    expect((await upload({ name: 'Lunch', file: { bytes } }, '')).statusCode).toBe(400);
    expect((await upload({ name: 'Lunch', organization: stranger.org, file: { bytes } })).statusCode).toBe(400);
    expect(count('menu_uploads')).toBe(0);
  });
});

describe('menu uploads: extraction job', () => {
  it('takes a valid upload from uploaded through processing (page by page) to ready', async () => {
    const { t, upload, settled } = await setup();
    const seen: Array<{ status: string; progress: number }> = [];
    let heardReady: () => void = () => {};
    // After-commit events fire once the write's commit returns to this process; on PostgreSQL a
    // read on another connection can see the row first, so the last event is awaited, not assumed.
    const readyHeard = new Promise<void>((resolve) => (heardReady = resolve));
    t.ctx.events.on((e) => {
      if (e.collection.name !== 'menu_uploads') return;
      seen.push({ status: String(e.row.status), progress: Number(e.row.progress) });
      if (e.row.status === 'ready') heardReady();
    });
    const res = await upload({ name: 'Golden Lotus', file: { bytes: await bytesOf('multi-page.pdf') } });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    // The request does not wait for the extraction.
    expect(created).toMatchObject({ status: 'uploaded', pages: 3, progress: 0, draft: null });
    const done = await settled(created.id);
    expect(done).toMatchObject({ status: 'ready', progress: 100, pages: 3, error: '' });
    const draft = done.draft as MenuDraft;
    expect(draft.pages).toBe(3);
    expect(draft.sections.map((s) => s.name)).toEqual(['Soups', 'Starters', 'Curries', 'Wok', 'Sushi', 'Rice & Sides', 'Desserts']);
    expect(draft.sections[0]?.items[0]).toMatchObject({ name: 'Tom Yum Goong', prices: [{ label: '', amount: 790 }], flagged: false, page: 1 });
    expect(draft.sections[0]?.items[0]?.bbox).toMatchObject({ x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) });
    // Every step was a committed record change (what realtime subscribers receive).
    await readyHeard;
    expect(seen.map((s) => s.status)).toEqual(['uploaded', 'processing', 'processing', 'processing', 'processing', 'ready']);
    expect(seen.map((s) => s.progress)).toEqual([0, 0, 0, 33, 66, 100]);
  });

  it.skipIf(ocrSkip || onceOnSqlite)('reads a scanned PDF by OCR and fails one whose pages hold no menu', { timeout: 90_000 }, async () => {
    const { upload, settled } = await setup();
    // A page of grey bars: no text layer, and nothing OCR can read as a menu (one page: OCR of noise
    // is slow, ~10 s a page on a busy machine, and a second page proves nothing more).
    const res = await upload({ name: 'Scanned', file: { bytes: await scannedPdf(1) } });
    expect(res.statusCode).toBe(200);
    const done = await settled(res.json().id);
    expect(done).toMatchObject({ status: 'failed', error: UPLOAD_MESSAGES.noItems, draft: null });
  });

  it('fails a PDF without menu items with a reason', async () => {
    const { upload, settled } = await setup();
    const res = await upload({ name: 'Letter', file: { bytes: await renderMenu({ title: 'Dear guests', tagline: 'We are closed for holidays until the 5th of January and look forward to seeing you again.', sections: [] }, { layout: 'right', priceFormat: 'eu' }) } });
    expect(res.statusCode).toBe(200);
    expect(await settled(res.json().id)).toMatchObject({ status: 'failed', error: UPLOAD_MESSAGES.noItems });
  });

  it('checks files that bypassed the upload route (internal writes) in the job', async () => {
    const { t, owner, settled } = await setup();
    const encrypted = await seed(t.ctx, 'menu_uploads', {}).catch(() => null);
    expect(encrypted).toBeNull(); // name and file are required even for superusers
    const engine = t.ctx.engine;
    const created = await engine.create(engine.collection('menu_uploads'), {
      data: { organization: owner.org, name: 'Via engine' }, files: { file: [{ name: 'menu.pdf', data: Buffer.from(encryptPdf(await renderMenu(cafe, { layout: 'right', priceFormat: 'eu' }))) }] }, fromForm: false,
    }, engine.systemRequest());
    expect(await settled(String(created.id))).toMatchObject({ status: 'failed', error: UPLOAD_MESSAGES.encrypted });
  });

  it('resumes uploads left uploaded or processing when the app starts again', async () => {
    const { t, upload, settled, owner } = await setup();
    await t.listen();
    const res = await upload({ name: 'Cafe', file: { bytes: await bytesOf('prices-left.pdf') } });
    const id = res.json().id;
    await settled(id);
    // As if the process had died mid-way: no event, the row simply says processing.
    t.ctx.stmts.run("UPDATE menu_uploads SET status = 'processing', progress = 40, draft = NULL WHERE id = ?", [id]);
    await t.restart();
    const call = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: owner.token } });
    let row = (await call(`/api/collections/menu_uploads/records/${id}`)).json();
    // Up to 30 s: the new app boots a new PDF worker, slow on a loaded machine.
    for (let i = 0; i < 1200 && row.status !== 'ready'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      row = (await call(`/api/collections/menu_uploads/records/${id}`)).json();
    }
    expect(row).toMatchObject({ status: 'ready', progress: 100 });
    expect(row.draft.sections).toHaveLength(3);
  }, 60_000);

  it('runs uploads one at a time and keeps the original PDF downloadable by members only', async () => {
    const { t, upload, settled, call, stranger } = await setup();
    const ids: string[] = [];
    const started = new Set<string>();
    let running = 0;
    let maxRunning = 0;
    t.ctx.events.on((e) => {
      if (e.collection.name !== 'menu_uploads' || e.action !== 'update') return;
      const id = String(e.row.id);
      if (e.row.status === 'processing' && !started.has(id)) {
        started.add(id);
        running++;
      }
      if (e.row.status === 'ready' || e.row.status === 'failed') running--;
      maxRunning = Math.max(maxRunning, running);
    });
    for (const file of ['prices-left.pdf', 'two-columns.pdf', 'wine-table.pdf']) ids.push((await upload({ name: file, file: { bytes: await bytesOf(file) } })).json().id);
    for (const id of ids) expect((await settled(id)).status).toBe('ready');
    expect(maxRunning).toBe(1);
    const rec = (await call('GET', `/api/collections/menu_uploads/records/${ids[0]}`)).json();
    const url = `/api/files/menu_uploads/${rec.id}/${rec.file}`;
    expect((await call('GET', url, undefined, '')).statusCode).toBe(404);
    const memberToken = (await call('POST', '/api/files/token')).json().token;
    const ok = await call('GET', `${url}?token=${memberToken}`, undefined, '');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.body.startsWith('%PDF-')).toBe(true);
    const strangerToken = (await call('POST', '/api/files/token', undefined, stranger.token)).json().token;
    expect((await call('GET', `${url}?token=${strangerToken}`, undefined, '')).statusCode).toBe(404);
  });
});

describe('menu uploads: review and import', () => {
  async function ready(file = 'caps-headings-allergens.pdf', name = 'Gasthaus') {
    const s = await setup();
    const res = await s.upload({ name, file: { bytes: await bytesOf(file) } });
    expect(res.statusCode).toBe(200);
    const rec = await s.settled(res.json().id);
    expect(rec.status).toBe('ready');
    return { ...s, rec, draft: rec.draft as MenuDraft };
  }

  it('lets members edit the draft; keeps status fields for the server; refuses invalid drafts', async () => {
    const { call, rec, draft, stranger, settled } = await ready();
    const edited = structuredClone(draft);
    (edited.sections[0]?.items[0] as { name: string }).name = 'Frittatensuppe (hausgemacht)';
    const res = await call('PATCH', `/api/collections/menu_uploads/records/${rec.id}`, { draft: edited, status: 'imported', progress: 3, error: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', progress: 100, error: '' });
    expect(res.json().draft.sections[0].items[0].name).toBe('Frittatensuppe (hausgemacht)');
    const invalid = structuredClone(draft);
    (invalid.sections[0]?.items[0] as { prices: unknown }).prices = [{ label: '', amount: 4.9 }];
    const bad = await call('PATCH', `/api/collections/menu_uploads/records/${rec.id}`, { draft: invalid });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.draft.message).toMatch(/^Invalid draft at sections\.0\.items\.0\.prices\.0\.amount/);
    expect((await call('PATCH', `/api/collections/menu_uploads/records/${rec.id}`, { draft: edited }, stranger.token)).statusCode).toBe(404);
    // Asking for a new run (retry) discards the draft and extracts again.
    const retry = await call('PATCH', `/api/collections/menu_uploads/records/${rec.id}`, { status: 'uploaded' });
    expect(retry.json()).toMatchObject({ status: 'uploaded', draft: null });
    expect((await settled(rec.id)).draft.sections[0].items[0].name).toBe('Frittatensuppe');
  });

  it('extracts again when a member replaces the file, checking the new file first', async () => {
    const { upload, rec, settled } = await ready('prices-left.pdf', 'Cafe');
    const url = `/api/collections/menu_uploads/records/${rec.id}`;
    const refused = await upload({ organization: '', file: { bytes: await bytesOf('encrypted.pdf') } }, undefined, url, 'PATCH');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.file.message).toBe(UPLOAD_MESSAGES.encrypted);
    const replaced = await upload({ organization: '', file: { bytes: await bytesOf('multi-page.pdf') } }, undefined, url, 'PATCH');
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ status: 'uploaded', pages: 3, draft: null });
    const done = await settled(rec.id);
    expect(done).toMatchObject({ status: 'ready', pages: 3 });
    expect(done.draft.sections[0].name).toBe('Soups');
  });

  it('imports the draft as a new draft menu with sections and items in one go, then links it', async () => {
    const { call, rec, draft, count, t } = await ready();
    const res = await call('POST', `/api/uploads/${rec.id}/import`, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sections: 3, items: 11, menu: { name: 'Gasthaus', status: 'draft' }, upload: { status: 'imported' } });
    expect(body.upload.menu).toBe(body.menu.id);
    const sections = (await call('GET', `/api/collections/sections/records?filter=${encodeURIComponent(`menu="${body.menu.id}"`)}&sort=position`)).json().items;
    expect(sections.map((s: { name: string; position: number }) => [s.name, s.position])).toEqual([['SUPPEN', 0], ['HAUPTSPEISEN', 1], ['DESSERTS', 2]]);
    const items = (await call('GET', `/api/collections/items/records?filter=${encodeURIComponent(`section="${sections[1].id}"`)}&sort=position`)).json().items;
    expect(items[0]).toMatchObject({ name: 'Wiener Schnitzel vom Kalb', description: 'Mit Petersilkartoffeln und Preiselbeeren', prices: [{ label: '', amount: 2450 }], allergens: ['gluten', 'eggs', 'milk'], position: 0, available: true });
    expect(items).toHaveLength(draft.sections[1]?.items.length ?? 0);
    expect(count('items')).toBe(11);
    // The menu is the caller's organization's, written with the caller's rights.
    expect(String(t.ctx.stmts.get('SELECT organization AS o FROM menus WHERE id = ?', [body.menu.id])?.o)).toBe(rec.organization);
    const again = await call('POST', `/api/uploads/${rec.id}/import`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This upload was already imported.');
    expect(count('menus')).toBe(1);
  });

  it('lets only one of two simultaneous imports through', async () => {
    const { call, rec, count } = await ready('prices-left.pdf', 'Cafe');
    const results = await Promise.all([call('POST', `/api/uploads/${rec.id}/import`, {}), call('POST', `/api/uploads/${rec.id}/import`, {})]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(count('menus')).toBe(1);
    expect(count('items')).toBe(11);
  });

  it('refuses items without a price, listing them, until the client supplies prices', async () => {
    const { call, rec, draft, count, owner } = await ready('market-price.pdf', 'Fish House');
    const res = await call('POST', `/api/uploads/${rec.id}/import`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('2 items have no price: "Catch of the Day" (From the Sea), "Maine Lobster" (From the Sea). Add a price to each, mark it "price on request" or remove it, then import again.');
    expect(res.json().data.draft.params.items).toEqual([
      { section: 'From the Sea', item: 'Catch of the Day', sectionIndex: 1, itemIndex: 0 },
      { section: 'From the Sea', item: 'Maine Lobster', sectionIndex: 1, itemIndex: 2 },
    ]);
    expect(count('menus')).toBe(0);
    const priced = structuredClone(draft);
    for (const item of priced.sections[1]?.items ?? []) if (!item.prices.length) item.prices = [{ label: '', amount: 3200 }];
    // The dollar amounts are imported in the organization's currency, as the reviewer confirmed.
    priced.importCurrency = (await call('GET', `/api/collections/organizations/records/${owner.org}`)).json().currency;
    const ok = await call('POST', `/api/uploads/${rec.id}/import`, { draft: priced });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items).toBe(10);
    // The imported version is kept as the upload's draft.
    expect((await call('GET', `/api/collections/menu_uploads/records/${rec.id}`)).json().draft.sections[1].items[0].prices).toEqual([{ label: '', amount: 3200 }]);
  });

  it('imports items marked "price on request" without prices, sets the chosen language on the new menu', async () => {
    const { call, rec, draft, owner } = await ready('market-price.pdf', 'Fish House');
    // The draft says what the PDF looks like: its currency and language, and how sure each item is.
    expect(draft).toMatchObject({ currency: 'USD', currencySign: '$', decimal: 'point', language: 'en' });
    for (const item of draft.sections.flatMap((s) => s.items)) {
      expect(item.confidence).toBeGreaterThanOrEqual(0);
      expect(item.fieldConfidence).toEqual({ name: expect.any(Number), price: expect.any(Number), section: expect.any(Number), allergens: expect.any(Number) });
      if (!item.prices.length) expect(item.flagged).toBe(true);
    }
    const marked = structuredClone(draft);
    for (const item of marked.sections[1]?.items ?? []) if (!item.prices.length) item.priceOnRequest = true;
    const badLanguage = await call('POST', `/api/uploads/${rec.id}/import`, { draft: marked, language: 'xx' });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().data.language.message).toMatch(/^Choose one of the guest languages/);
    // Dollars read, the organization counts in its own currency: nobody said so yet.
    const own = (await call('GET', `/api/collections/organizations/records/${owner.org}`)).json().currency;
    expect(own).not.toBe('USD');
    const unanswered = await call('POST', `/api/uploads/${rec.id}/import`, { draft: marked, language: 'de' });
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json().data.draft).toEqual({ code: 'validation_currency_unconfirmed', message: IMPORT_MESSAGES.currencyUnanswered('USD', own) });
    marked.importCurrency = own;
    const res = await call('POST', `/api/uploads/${rec.id}/import`, { draft: marked, language: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json().menu.languages).toEqual(['de']);
    const sections = (await call('GET', `/api/collections/sections/records?filter=${encodeURIComponent(`menu="${res.json().menu.id}"`)}&sort=position`)).json().items;
    const items = (await call('GET', `/api/collections/items/records?filter=${encodeURIComponent(`section="${sections[1].id}"`)}&sort=position`)).json().items;
    expect(items[0]).toMatchObject({ name: 'Catch of the Day', prices: [], priceOnRequest: true });
    expect(items[1].priceOnRequest).toBe(false);
    // An item without a price and without the mark stays refused by the items API itself.
    const plain = await call('POST', '/api/collections/items/records', { section: sections[1].id, name: 'Oysters', prices: [] });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().data.prices.message).toBe('Add at least one price.');
    const onRequest = await call('POST', '/api/collections/items/records', { section: sections[1].id, name: 'Oysters', prices: [], priceOnRequest: true });
    expect(onRequest.statusCode).toBe(200);
    expect(owner.org).toBeTruthy();
  });

  it('imports the diet labels of draft items into the items; refuses unknown labels in an edited draft', async () => {
    const { call, rec, draft } = await ready();
    const edited = structuredClone(draft);
    Object.assign(edited.sections[0]?.items[0] ?? {}, { diets: ['vegetarian', 'gluten-free'] });
    const bad = structuredClone(draft);
    Object.assign(bad.sections[0]?.items[0] ?? {}, { diets: ['paleo'] });
    const refused = await call('PATCH', `/api/collections/menu_uploads/records/${rec.id}`, { draft: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.draft.message).toMatch(/^Invalid draft at sections\.0\.items\.0\.diets\.0/);
    const res = await call('POST', `/api/uploads/${rec.id}/import`, { draft: edited });
    expect(res.statusCode).toBe(200);
    const sections = (await call('GET', `/api/collections/sections/records?filter=${encodeURIComponent(`menu="${res.json().menu.id}"`)}&sort=position`)).json().items;
    const items = (await call('GET', `/api/collections/items/records?filter=${encodeURIComponent(`section="${sections[0].id}"`)}&sort=position`)).json().items;
    expect(items[0].diets).toEqual(expect.arrayContaining(['vegetarian', 'gluten-free']));
    expect(items[1].diets).toEqual([]);
  });

  it('appends to a chosen menu of the same organization, and rolls everything back when one item fails', async () => {
    const { call, rec, draft, owner, stranger, count } = await ready('prices-left.pdf', 'Cafe');
    const menu = (await call('POST', '/api/collections/menus/records', { organization: owner.org, name: 'All day' })).json();
    await call('POST', '/api/collections/sections/records', { menu: menu.id, name: 'Existing' });
    const foreign = (await call('POST', '/api/collections/menus/records', { organization: stranger.org, name: 'Theirs' }, stranger.token)).json();
    const wrong = await call('POST', `/api/uploads/${rec.id}/import`, { menuId: foreign.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.menuId.code).toBe('validation_missing_rel_records');
    // One item the items hook refuses: nothing of the batch is written.
    const broken = structuredClone(draft);
    Object.assign(broken.sections[2]?.items[1] ?? {}, { allergens: ['milk'], mayContain: ['milk'] });
    const failed = await call('POST', `/api/uploads/${rec.id}/import`, { menuId: menu.id, draft: broken });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toBe('Could not import item "Shakshuka" (Breakfast): An allergen is either contained or may be contained, not both.');
    expect(count('sections')).toBe(1);
    expect((await call('GET', `/api/collections/menu_uploads/records/${rec.id}`)).json().status).toBe('ready');
    const ok = await call('POST', `/api/uploads/${rec.id}/import`, { menuId: menu.id });
    expect(ok.statusCode).toBe(200);
    const sections = (await call('GET', `/api/collections/sections/records?filter=${encodeURIComponent(`menu="${menu.id}"`)}&sort=position`)).json().items;
    expect(sections.map((s: { name: string }) => s.name)).toEqual(['Existing', 'Coffee', 'Pastries', 'Breakfast']);
    expect(count('menus')).toBe(2);
  });

  it('another organization can neither read nor import the upload', async () => {
    const { call, rec, stranger, count } = await ready('prices-left.pdf', 'Cafe');
    expect((await call('GET', `/api/collections/menu_uploads/records/${rec.id}`, undefined, stranger.token)).statusCode).toBe(404);
    const res = await call('POST', `/api/uploads/${rec.id}/import`, {}, stranger.token);
    expect(res.statusCode).toBe(404);
    expect((await call('POST', `/api/uploads/${rec.id}/import`, {}, '')).statusCode).toBe(401);
    expect((await call('POST', '/api/uploads/nonexistent00000/import', {})).statusCode).toBe(404);
    expect(count('menus')).toBe(0);
  });

  it('imports only when the extraction is ready', async () => {
    const { call, upload } = await setup();
    const res = await upload({ name: 'Scan', file: { bytes: await scannedPdf(1) } });
    const id = res.json().id;
    const early = await call('POST', `/api/uploads/${id}/import`, {});
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/^This upload is not ready to import yet \(status: (uploaded|processing|failed)\)\.$/);
  });
});

/**
 * An 18 MB PDF of ~900k tiny objects whose xref points nowhere: pdfjs rebuilds the xref by
 * scanning the whole file in one synchronous loop (in the main thread: ~0.5 s without a tick).
 */
async function slowPdf(): Promise<Uint8Array> {
  const text = Buffer.from(await manyPagesPdf(1)).toString('latin1');
  const cut = text.lastIndexOf('xref');
  const filler: string[] = [];
  for (let n = 1000, size = 0; size < 18 * 1024 * 1024; n++) {
    const obj = `${n} 0 obj ${n} endobj\n`;
    filler.push(obj);
    size += obj.length;
  }
  return Buffer.from(text.slice(0, cut) + filler.join('') + text.slice(cut).replace(/startxref\s+\d+/, 'startxref 999999999'), 'latin1');
}

describe('menu uploads: who may make the server parse a PDF, and how', () => {
  it('refuses an upload by an unverified member with 403, before reading the file', async () => {
    const { t, upload, count } = await setup();
    const user = await seed(t.ctx, 'users', { email: 'new@example.com', password: 'member-password', passwordConfirm: 'member-password', name: 'New', verified: false });
    const token = await tokenFor(t.ctx, 'users', String(user.id));
    const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o ?? '');
    const res = await upload({ name: 'Lunch', organization: org, file: { bytes: await bytesOf('prices-left.pdf') } }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, message: UNVERIFIED_UPLOAD, data: {} });
    expect(count('menu_uploads')).toBe(0);
  });

  it.skipIf(onceOnSqlite)('parses in a worker thread: the event loop stays responsive while a slow PDF is checked and extracted', async () => {
    const { upload, settled } = await setup();
    const bytes = await slowPdf();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = Date.now();
    const res = await upload({ name: 'Slow', file: { bytes } });
    expect(res.statusCode, res.body).toBe(200);
    const done = await settled(res.json().id);
    const elapsed = Date.now() - started;
    lag.disable();
    // Parsed twice (upload check, then the job), each a long synchronous scan inside the worker.
    expect(['ready', 'failed']).toContain(done.status);
    // Relative, not absolute: on a loaded machine the scheduler alone can stall the loop for a
    // few hundred ms, but a parse on the main thread would stall it for most of the elapsed time.
    const maxLagMs = lag.max / 1e6;
    expect(maxLagMs * 4).toBeLessThan(elapsed);
  }, 60_000);

  it('refuses a PDF whose parse passes the worker heap limit, and the server keeps serving', async () => {
    // 16 MB is less than pdfjs itself needs: every parse runs out of memory, in the worker only.
    const { upload, call, count } = await setup({ PDF_WORKER_MAX_MEMORY_MB: '16' });
    const res = await upload({ name: 'Lunch', file: { bytes: await bytesOf('prices-left.pdf') } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.file).toEqual({ code: 'validation_pdf_too_complex', message: UPLOAD_MESSAGES.tooComplex });
    expect(count('menu_uploads')).toBe(0);
    expect((await call('GET', '/api/health')).statusCode).toBe(200);
  }, 60_000);

  it('fails the job cleanly when parsing passes the time limit, and the server keeps serving', async () => {
    const { t, owner, settled, call } = await setup({ PDF_WORKER_TIMEOUT_MS: '50' });
    // Written past the upload route (no upload-time check): the job alone parses it.
    const engine = t.ctx.engine;
    const created = await engine.create(engine.collection('menu_uploads'), {
      data: { organization: owner.org, name: 'Slow' }, files: { file: [{ name: 'menu.pdf', data: Buffer.from(await slowPdf()) }] }, fromForm: false,
    }, engine.systemRequest());
    expect(await settled(String(created.id))).toMatchObject({ status: 'failed', error: UPLOAD_MESSAGES.timeout, progress: 100 });
    expect((await call('GET', '/api/health')).statusCode).toBe(200);
  }, 60_000);
});
