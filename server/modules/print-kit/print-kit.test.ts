import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../test/test-app.ts';
import { printKitTemplate, PRINT_KIT_MAX_TABLES, type PrintKitTemplateId } from '../../../shared/print-kit.ts';

/**
 * The print kit, checked from the outside: the PDF is rendered by poppler (pdftoppm) and every
 * sticker is decoded by jsQR, an independent decoder; pdfimages/pdffonts prove the pages are
 * vector with embedded fonts; the ZIP is read with yauzl and its PNGs decoded the same way.
 */

/** jsqr is CommonJS with a `default` export: one shape under tsc, another at run time. */
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as typeof jsQRModule.default;

const isCI = () => !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());
function popplerMissing(): string | null {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return null;
  } catch {
    const why = 'pdftoppm (poppler-utils) is not installed';
    if (isCI()) throw new Error(`${why}: under CI the print kit tests must run (.ci/run installs poppler-utils).`);
    return why;
  }
}
const missing = popplerMissing();

let t: TestApp;
let owner = { id: '', org: '', token: '' };
let stranger = { id: '', org: '', token: '' };
let lapsed = { id: '', org: '', token: '' };
let venue = '';
let plainVenue = '';
let lapsedVenue = '';
let unverifiedVenue = '';
let unverified = '';
let work = '';
const APP = 'https://menu.example.com';

beforeAll(async () => {
  t = await buildTestApp({ env: { APP_URL: APP } });
  work = mkdtempSync(path.join(tmpdir(), 'print-kit-'));
  owner = await activeOwner(t.ctx, 'owner@example.com');
  stranger = await activeOwner(t.ctx, 'stranger@example.com');
  lapsed = await activeOwner(t.ctx, 'lapsed@example.com');
  const menu = await seed(t.ctx, 'menus', { organization: owner.org, name: 'Karte', languages: ['de', 'el', 'en'] });
  const base = { organization: owner.org, timezone: 'Europe/Vienna', primaryColor: '#0f766e' };
  venue = String(
    (
      await seed(t.ctx, 'venues', {
        ...base,
        name: 'Café Zentral',
        slug: 'cafe-zentral',
        menus: [menu.id],
        wifiName: 'Zentral-Gäste',
        wifiPassword: 'melange2026',
      })
    ).id,
  );
  plainVenue = String((await seed(t.ctx, 'venues', { ...base, name: 'Bar', slug: 'bar' })).id);
  lapsedVenue = String(
    (await seed(t.ctx, 'venues', { organization: lapsed.org, name: 'Lapsed', slug: 'lapsed', timezone: 'UTC', primaryColor: '#000000' }))
      .id,
  );
  // Signed up, in an active organization, but the email is not confirmed.
  const shadow = await activeOwner(t.ctx, 'unverified@example.com');
  unverifiedVenue = String(
    (await seed(t.ctx, 'venues', { organization: shadow.org, name: 'Shadow', slug: 'shadow', timezone: 'UTC', primaryColor: '#000000' }))
      .id,
  );
  await t.ctx.engine.update(
    t.ctx.engine.collection('users'),
    shadow.id,
    { data: { verified: false }, files: {}, fromForm: false },
    superuserRequest(t.ctx),
  );
  unverified = await tokenFor(t.ctx, 'users', shadow.id);
  await t.ctx.engine.update(
    t.ctx.engine.collection('organizations'),
    lapsed.org,
    { data: { subscriptionStatus: 'past_due' }, files: {}, fromForm: false },
    superuserRequest(t.ctx),
  );
});

afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const kit = (venueId: string, query: string, token: string | null = owner.token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/venues/${venueId}/print-kit?${query}`,
    headers: token ? { authorization: token } : {},
  });

const url = (n: number, slug = 'cafe-zentral') => `${APP}/m/${slug}?src=qr&t=${n}`;

/** Crops a region (in pixels) out of an RGBA PNG and decodes the one QR code in it with jsQR. */
function decodeRegion(png: PNG, x0: number, y0: number, w: number, h: number): string | null {
  const x = Math.max(0, Math.round(x0));
  const y = Math.max(0, Math.round(y0));
  const width = Math.min(png.width - x, Math.round(w));
  const height = Math.min(png.height - y, Math.round(h));
  const out = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const from = ((y + row) * png.width + x) * 4;
    out.set(png.data.subarray(from, from + width * 4), row * width * 4);
  }
  return jsQR(out, width, height)?.data ?? null;
}

/** Renders every page with pdftoppm at `dpi` and returns the PNGs in page order. */
function renderPages(pdf: Buffer, name: string, dpi = 150): PNG[] {
  const dir = path.join(work, name);
  execFileSync('mkdir', ['-p', dir]);
  writeFileSync(path.join(dir, 'kit.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', path.join(dir, 'kit.pdf'), path.join(dir, 'page')]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => PNG.sync.read(readFileSync(path.join(dir, f))));
}

/**
 * Decodes every cell of every page of a kit PDF, cropping each cell of the template's grid (a
 * tent's two faces separately). `slugMm` is the extra margin crop marks add to single-card sheets.
 */
function decodeKit(pdf: Buffer, id: PrintKitTemplateId, name: string, slugMm = 0): string[][] {
  const tpl = printKitTemplate(id);
  if (!tpl) throw new Error(id);
  const dpi = 150;
  const px = dpi / 25.4;
  const pages = renderPages(pdf, name, dpi);
  return pages.map((png) => {
    const left = (png.width / px - tpl.columns * tpl.cell.width) / 2;
    const top = (png.height / px - tpl.rows * tpl.cell.height) / 2;
    expect(Math.round(png.width / px)).toBe(tpl.page.width + 2 * slugMm);
    const found: string[] = [];
    for (let r = 0; r < tpl.rows; r += 1)
      for (let c = 0; c < tpl.columns; c += 1) {
        const x = (left + c * tpl.cell.width) * px;
        const y = (top + r * tpl.cell.height) * px;
        const faces = tpl.tent ? [0, 1] : [0];
        for (const f of faces) {
          const h = (tpl.tent ? tpl.cell.height / 2 : tpl.cell.height) * px;
          const data = decodeRegion(png, x, y + f * h, tpl.cell.width * px, h);
          if (data) found.push(data);
        }
      }
    return found;
  });
}

const pdfTool = (tool: 'pdfimages' | 'pdffonts' | 'pdftotext', pdf: Buffer, name: string, args: string[] = []) => {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
};

describe('print kit: who may print', () => {
  it.each([
    ['no token', () => kit(venue, 'from=1&to=2', null), 401],
    ['a member of another organization', () => kit(venue, 'from=1&to=2', stranger.token), 404],
    ['an unknown venue', () => kit('nosuchvenue0000', 'from=1&to=2'), 404],
    ['a member whose subscription lapsed', () => kit(lapsedVenue, 'from=1&to=2', lapsed.token), 403],
    ['a member who has not verified their email', () => kit(unverifiedVenue, 'from=1&to=2', unverified), 404],
  ])('refuses %s', async (_name, request, status) => {
    const res = await request();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, message: expect.any(String), data: {} });
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});

describe('print kit: parameters', () => {
  it.each([
    ['no first table', 'to=4', 'from'],
    ['table 0', 'from=0&to=4', 'from'],
    ['a word', 'from=one&to=4', 'from'],
    ['a fraction', 'from=1.5&to=4', 'from'],
    ['a negative number', 'from=-3&to=4', 'from'],
    ['a table past 9999', 'from=1&to=10000', 'to'],
    ['no last table', 'from=1', 'to'],
    ['a range backwards', 'from=9&to=4', 'to'],
    [`more than ${PRINT_KIT_MAX_TABLES} tables`, `from=1&to=${PRINT_KIT_MAX_TABLES + 1}`, 'to'],
    ['an unknown template', 'from=1&to=4&template=a3', 'template'],
    ['an unknown format', 'from=1&to=4&format=docx', 'format'],
    ['a flag that is not 1/0', 'from=1&to=4&cropMarks=maybe', 'cropMarks'],
  ])('refuses %s with a 400 on the field', async (_name, query, field) => {
    const res = await kit(venue, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: { [field]: { code: 'validation_invalid_value', message: expect.any(String) } } });
  });

  it('refuses Wi-Fi for a venue without a Wi-Fi name', async () => {
    const res = await kit(plainVenue, 'from=1&to=4&wifi=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.wifi.code).toBe('validation_invalid_value');
  });

  // How fast is the bench's business (`npm run bench`), not a wall-clock bound that a busy CI machine breaks.
  it('takes exactly 500 tables (the limit is inclusive): 500 A6 pages', async () => {
    const res = await kit(venue, `from=1&to=${PRINT_KIT_MAX_TABLES}&template=a6&wifi=1`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(PRINT_KIT_MAX_TABLES);
  });
});

describe.skipIf(missing)('print kit: the PDF', () => {
  it('a 40-table A4 sticker PDF decodes to 40 distinct correct URLs, vector', async () => {
    const res = await kit(venue, 'from=1&to=40&template=a4-12&cta=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="qr-cafe-zentral-tables-1-40-a4-12.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = decodeKit(pdf, 'a4-12', 'a4-12');
    expect(pages).toHaveLength(4); // 12 a sheet: 12 + 12 + 12 + 4
    expect(pages.map((p) => p.length)).toEqual([12, 12, 12, 4]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(40);
    expect([...all].sort()).toEqual(Array.from({ length: 40 }, (_, i) => url(i + 1)).sort());
    // In reading order: sheet by sheet, row by row.
    expect(all.slice(0, 3)).toEqual([url(1), url(2), url(3)]);

    // Vector: no raster image anywhere; the text font embedded (DejaVu, a subset).
    const images = pdfTool('pdfimages', pdf, 'a4-12-images', ['-list']).trim().split('\n');
    expect(images).toHaveLength(2); // the header and its rule, no image rows
    const fonts = pdfTool('pdffonts', pdf, 'a4-12-fonts');
    expect(fonts).toMatch(/DejaVuSans-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes/);
    expect(fonts).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes\s+yes/);
  });

  it('prints the table in the first menu language and the call to action in every menu language, Greek included', async () => {
    const res = await kit(venue, 'from=7&to=7&template=a6&wifi=1');
    expect(res.statusCode).toBe(200);
    const text = pdfTool('pdftotext', res.rawPayload, 'a6-text');
    expect(text).toContain('Tisch 7');
    expect(text).toContain('Café Zentral');
    expect(text).toContain('Στρέψτε την κάμερα');
    expect(text).toContain('Kamera auf den Code richten');
    expect(text).toContain('Point your camera');
    expect(text).toContain('WLAN: Zentral-Gäste');
    expect(text).toContain('melange2026');
    expect(text).toContain('menu.example.com/m/cafe-zentral');
  });

  it('leaves the call to action out with cta=0', async () => {
    const res = await kit(venue, 'from=7&to=7&template=a6&cta=0');
    const text = pdfTool('pdftotext', res.rawPayload, 'a6-nocta');
    expect(text).toContain('Tisch 7');
    expect(text).not.toContain('Point your camera');
  });

  it('A6 cards with crop marks: one card a page, 10 mm wider a side, every code correct', async () => {
    const res = await kit(venue, 'from=11&to=15&template=a6&cropMarks=1&wifi=1');
    expect(res.statusCode).toBe(200);
    const pages = decodeKit(res.rawPayload, 'a6', 'a6', 10);
    expect(pages).toEqual([11, 12, 13, 14, 15].map((n) => [url(n)]));
  });

  it('A4 sheets of 8: every code correct', async () => {
    const res = await kit(venue, 'from=1&to=10&template=a4-8&wifi=1&cropMarks=1');
    expect(res.statusCode).toBe(200);
    expect(decodeKit(res.rawPayload, 'a4-8', 'a4-8')).toEqual([Array.from({ length: 8 }, (_, i) => url(i + 1)), [url(9), url(10)]]);
  });

  it('A5 tents: both faces of each tent (one upside down) carry the same table', async () => {
    const res = await kit(venue, 'from=98&to=100&template=a5-tent');
    expect(res.statusCode).toBe(200);
    expect(decodeKit(res.rawPayload, 'a5-tent', 'a5-tent')).toEqual([98, 99, 100].map((n) => [url(n), url(n)]));
  });
});

/** Every entry of a ZIP (read with yauzl, not the library that wrote it). */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('print kit: the ZIP', () => {
  it('holds an SVG and a PNG per table; every PNG decodes to its table', async () => {
    const res = await kit(venue, 'from=20&to=31&format=zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="qr-cafe-zentral-tables-20-31.zip"');
    const files = await unzip(res.rawPayload);
    const tables = Array.from({ length: 12 }, (_, i) => 20 + i);
    expect([...files.keys()].sort()).toEqual(tables.flatMap((n) => [`png/table-${n}.png`, `svg/table-${n}.svg`]).sort());
    for (const n of tables) {
      const svg = files.get(`svg/table-${n}.svg`)?.toString() ?? '';
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="40mm"/);
      expect(svg).not.toContain('<image');
      const png = PNG.sync.read(files.get(`png/table-${n}.png`) ?? Buffer.alloc(0));
      expect(png.width).toBeGreaterThanOrEqual(1000);
      expect(decodeRegion(png, 0, 0, png.width, png.height)).toBe(url(n));
    }
  });
});
