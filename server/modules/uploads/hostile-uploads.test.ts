import http from 'node:http';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadsTestApp, type UploadPart } from '../../test/upload-client.ts';
import { corpusCase } from '../../test/pdf-corpus/index.ts';
import { qpdf, qpdfCheck, qpdfMissing } from '../../test/qpdf.ts';
import { ocrToolsMissing } from '../../test/ocr-tools.ts';
import { BOMB_MENU, contentBombPdf, flateBombPdf, jpegClaiming, pngBomb, polyglotPdf, textPagesPdf, webpClaiming } from '../../test/hostile-files.ts';
import { UPLOAD_MAX_PAGES } from '../../../shared/constants.ts';
import { UPLOAD_MESSAGES } from './pdf.ts';

/**
 * Hostile files through the real upload route and extraction job: each gets a clear message (or
 * is read, when it is only damaged in a way readers repair), and afterwards the server still
 * answers /api/health and takes a normal upload. Files are built by qpdf (Debian's) or byte by
 * byte (server/test/hostile-files.ts), never by our extractor's code.
 */
const qpdfSkip = await qpdfMissing();
const ocrSkip = await ocrToolsMissing();

type App = Awaited<ReturnType<typeof uploadsTestApp>>;
const apps: App[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

async function setup(env: Record<string, string> = {}) {
  const s = await uploadsTestApp(env);
  apps.push(s);
  const menu = await corpusCase('multi-page.pdf').build();
  const pdf = (bytes: Uint8Array, filename = 'menu.pdf', type = 'application/pdf'): { file: UploadPart } => ({ file: { bytes, filename, type } });
  /** The server is healthy and still takes a normal upload (checked in a PDF worker). */
  const stillServing = async (about: string) => {
    expect(await s.health(), about).toBe(200);
    const res = await s.upload('Normal menu', pdf(menu));
    expect(res.statusCode, about).toBe(200);
    return res.json().id as string;
  };
  /** Uploads and answers the 400's `file` error (or the record when accepted). */
  const refused = async (about: string, part: { file: UploadPart }) => {
    const res = await s.upload('Hostile', part);
    expect(res.statusCode, `${about}: ${res.body.slice(0, 300)}`).toBe(400);
    return res.json().data.file as { code: string; message: string };
  };
  const items = (record: { draft: { sections: Array<{ items: Array<{ name: string }> }> } }) => record.draft.sections.flatMap((sec) => sec.items.map((i) => i.name));
  return { ...s, menu, pdf, stillServing, refused, items };
}

/** The largest growth of this process's resident memory (server, workers and test together) while `fn` runs. */
async function peakRssGrowth<T>(fn: () => Promise<T>): Promise<{ result: T; mb: number; ms: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const started = performance.now();
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, mb: (peak - base) / 1024 / 1024, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

describe.skipIf(qpdfSkip)('hostile uploads: encryption and damage (files by qpdf)', () => {
  it('refuses a PDF that needs a password, reads one restricted by an owner password only', async () => {
    const { menu, refused, upload, settled, pdf, stillServing, items } = await setup();
    for (const bits of ['256', '128']) {
      const locked = await qpdf(['--encrypt', 'guest-secret', 'owner-secret', bits, '--use-aes=y', '--', '{in0}', '{out}'].filter((a) => bits === '128' || a !== '--use-aes=y'), [menu]);
      expect(await refused(`user password, ${bits} bit`, pdf(locked))).toEqual({ code: 'validation_pdf_encrypted', message: UPLOAD_MESSAGES.encrypted });
      await stillServing(`after a ${bits}-bit password`);
    }
    const restricted = await qpdf(['--encrypt', '', 'owner-secret', '256', '--print=none', '--extract=n', '--', '{in0}', '{out}'], [menu]);
    const res = await upload('Restricted', pdf(restricted));
    expect(res.statusCode).toBe(200);
    const done = await settled(res.json().id);
    expect(done.status).toBe('ready');
    expect(items(done)).toHaveLength(40);
    expect(items(done)[0]).toBe('Tom Yum Goong');
  }, 120_000);

  it('reads PDFs with a broken cross-reference table (readers rebuild it), refuses truncated ones', async () => {
    const { menu, refused, upload, settled, pdf, stillServing, items } = await setup();
    const plain = Buffer.from(await qpdf(['--object-streams=disable', '{in0}', '{out}'], [menu])).toString('latin1');
    const damaged: Array<[string, string]> = [
      // Every offset in the table off by 7 bytes.
      ['shifted offsets', plain.replace(/^(\d{10}) (\d{5}) n/gm, (_m, off: string, gen: string) => `${String(Number(off) + 7).padStart(10, '0')} ${gen} n`)],
      // startxref points past the end of the file.
      ['startxref past the end', plain.replace(/startxref\s+\d+/, 'startxref 99999999')],
      // The table is gone altogether.
      ['no xref table', plain.replace(/xref\n0 \d+\n(?:\d{10} \d{5} [nf] ?\r?\n)+/, '')],
    ];
    for (const [about, text] of damaged) {
      const bytes = Buffer.from(text, 'latin1');
      // qpdf agrees the file is damaged (3: it had to repair it, with warnings).
      expect((await qpdfCheck(bytes)).code, about).toBe(3);
      const res = await upload('Damaged', pdf(bytes));
      expect(res.statusCode, about).toBe(200);
      const done = await settled(res.json().id);
      expect(done.status, about).toBe('ready');
      expect(items(done), about).toHaveLength(40);
    }
    // A linearized file whose first-page cross-reference section is wrong.
    const linear = Buffer.from(await qpdf(['--linearize', '{in0}', '{out}'], [menu])).toString('latin1');
    const firstXref = linear.indexOf('xref');
    const brokenLinear = linear.slice(0, firstXref) + linear.slice(firstXref).replace(/^(\d{10}) 00000 n/m, '0000000001 00000 n');
    const res = await upload('Linearized', pdf(Buffer.from(brokenLinear, 'latin1')));
    expect(res.statusCode).toBe(200);
    const linearDone = await settled(res.json().id);
    expect(linearDone.status).toBe('ready');
    expect(items(linearDone)).toHaveLength(40);
    // Cut short (an interrupted download): the trailer and the last objects are missing.
    for (const share of [0.6, 0.95]) {
      const cut = Buffer.from(plain.slice(0, Math.floor(plain.length * share)), 'latin1');
      expect(await refused(`truncated at ${share}`, pdf(cut))).toEqual({ code: 'validation_pdf_damaged', message: UPLOAD_MESSAGES.damaged });
      await stillServing(`after a file truncated at ${share}`);
    }
  }, 120_000);
});

describe('hostile uploads: size and page count', () => {
  it('refuses a 50 MB upload by its size while streaming it to disk, not into memory', async () => {
    const { t, token, org, stillServing } = await setup();
    const url = new URL('/api/collections/menu_uploads/records', await t.listen());
    const boundary = 'hostile-boundary-7f3a';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="organization"\r\n\r\n${org}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHuge\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const TOTAL = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    /** The body, made as it is sent (chunked: no length announced, so the server has to count). */
    function* body() {
      yield head;
      for (let sent = 0; sent < TOTAL; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const { result, mb } = await peakRssGrowth(
      () =>
        new Promise<{ status: number; json: { data: { file?: { message: string } } } }>((resolve, reject) => {
          const req = http.request(url, { method: 'POST', headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (b: Buffer) => parts.push(b));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString('utf8')) }));
          });
          req.on('error', reject);
          Readable.from(body()).pipe(req);
        }),
    );
    expect(result.status).toBe(400);
    expect(result.json.data.file).toMatchObject({ code: 'validation_file_size_limit', message: UPLOAD_MESSAGES.tooLarge });
    // 50 MB went through; the process grew by less than the file (the part goes to a temp file,
    // counted as it arrives; held in memory it would take 50 MB and more).
    console.info(`50 MB upload: resident memory grew by ${mb.toFixed(1)} MB`);
    expect(mb).toBeLessThan(48);
    await stillServing('after 50 MB');
  }, 120_000);

  it('refuses 5,000 and 201 pages by the page count, quickly and in little memory', async () => {
    const { menu, refused, pdf, stillServing, settled } = await setup();
    // A first upload boots the PDF worker (tsx and pdfjs): what follows measures the checks alone.
    await settled(await stillServing('warm-up'));
    const pages = [
      ['5,000 pages', 5000, textPagesPdf(5000)],
      // 201 pages of a real text menu (its three pages 67 times over), joined by qpdf.
      ...(qpdfSkip ? [] : [['201 text pages', 201, await qpdf(['--empty', '--pages', ...Array.from({ length: 67 }, () => ['{in0}', '1-z']).flat(), '--', '{out}'], [menu])] as const]),
    ] as const;
    for (const [about, count, bytes] of pages) {
      const { result, mb, ms } = await peakRssGrowth(() => refused(about, pdf(bytes)));
      expect(result, about).toEqual({ code: 'validation_pdf_too_many_pages', message: UPLOAD_MESSAGES.tooManyPages(count) });
      console.info(`${about} (${(bytes.length / 1024).toFixed(0)} KB): refused in ${ms.toFixed(0)} ms, resident memory +${mb.toFixed(1)} MB`);
      // Pages are read lazily: the count comes from the page tree, no page is parsed.
      expect(ms, about).toBeLessThan(5000);
      expect(mb, about).toBeLessThan(64);
      // Settled, so the next check finds the worker idle (a second worker would boot meanwhile).
      expect((await settled(await stillServing(`after ${about}`))).status).toBe('ready');
    }
    expect(UPLOAD_MAX_PAGES).toBe(50);
  }, 120_000);
});

describe('hostile uploads: decompression bombs', () => {
  it('reads a text menu holding a 400-megapixel Flate image without decoding it', async () => {
    const { upload, settled, pdf, stillServing, items } = await setup();
    await settled(await stillServing('warm-up'));
    const bytes = await flateBombPdf(20000, 20000);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const { result: done, mb } = await peakRssGrowth(async () => {
      const res = await upload('Image bomb', pdf(bytes));
      expect(res.statusCode).toBe(200);
      return settled(res.json().id);
    });
    expect(done.status).toBe('ready');
    expect(items(done)).toEqual(BOMB_MENU.map(([name]) => name));
    console.info(`400 MP Flate image in a text PDF: read, resident memory +${mb.toFixed(1)} MB`);
    expect(mb).toBeLessThan(200);
    await stillServing('after the image bomb');
  }, 120_000);

  it('stops a content stream that inflates to 1 GB at the memory limit, and the server keeps serving', async () => {
    const { upload, settled, pdf, stillServing } = await setup({ PDF_WORKER_MAX_RSS_GROWTH_MB: '256' });
    await settled(await stillServing('warm-up'));
    const bytes = await contentBombPdf(1024 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const { result: done, mb } = await peakRssGrowth(async () => {
      // Opening and counting pages does not read the content: the upload is taken, the job stops it.
      const res = await upload('Content bomb', pdf(bytes));
      expect(res.statusCode).toBe(200);
      return settled(res.json().id);
    });
    expect(done).toMatchObject({ status: 'failed', error: UPLOAD_MESSAGES.tooComplex });
    console.info(`1 GB content stream: stopped, resident memory peaked at +${mb.toFixed(1)} MB`);
    // The limit is sampled while the stream inflates: the peak stays near it, far below 1 GB.
    expect(mb).toBeLessThan(700);
    const next = await stillServing('after the content bomb');
    expect((await settled(next)).status).toBe('ready');
  }, 120_000);

  it.skipIf(ocrSkip)('renders a scanned page holding a 400-megapixel image within the OCR limits', async () => {
    const { upload, settled, pdf, stillServing } = await setup();
    const res = await upload('Scan bomb', pdf(await flateBombPdf(20000, 20000, { text: false })));
    expect(res.statusCode).toBe(200);
    // pdftoppm decodes the image row by row at the render resolution; a black page holds no menu.
    expect(await settled(res.json().id)).toMatchObject({ status: 'failed', error: UPLOAD_MESSAGES.noItems });
    await stillServing('after the scan bomb');
  }, 120_000);

  it('refuses photos whose headers claim too many pixels before decoding any', async () => {
    const { refused, stillServing } = await setup();
    const tooLarge = { code: 'validation_pdf_image_too_large', message: UPLOAD_MESSAGES.imageTooLarge };
    const photos: Array<[string, UploadPart]> = [
      ['PNG bomb, 20000×20000 black pixels', { bytes: await pngBomb(20000, 20000), filename: 'menu.png', type: 'image/png' }],
      ['WebP claiming 16383×16383', { bytes: webpClaiming(16383, 16383), filename: 'menu.webp', type: 'image/webp' }],
      ['JPEG claiming 60000×60000', { bytes: jpegClaiming(60000, 60000), filename: 'menu.jpg', type: 'image/jpeg' }],
    ];
    for (const [about, file] of photos) {
      const { result, mb, ms } = await peakRssGrowth(() => refused(about, { file }));
      expect(result, about).toEqual(tooLarge);
      console.info(`${about} (${file.bytes.length} bytes): refused in ${ms.toFixed(0)} ms, resident memory +${mb.toFixed(1)} MB`);
      await stillServing(`after ${about}`);
    }
  }, 120_000);
});

describe('hostile uploads: not a PDF', () => {
  it('refuses text named .pdf, an empty file and a PDF behind other bytes (polyglot)', async () => {
    const { menu, refused, pdf, stillServing, settled } = await setup();
    const unsupported = { code: 'validation_invalid_mime_type', message: UPLOAD_MESSAGES.unsupported };
    const files: Array<[string, { file: UploadPart }]> = [
      ['text named .pdf', pdf(Buffer.from('STARTERS\nTomato soup ........ 6.50\n'))],
      ['PDF after 512 bytes of GIF header', pdf(polyglotPdf(menu))],
      ['the same, named .jpg', pdf(polyglotPdf(menu), 'menu.jpg', 'image/jpeg')],
    ];
    for (const [about, part] of files) {
      expect(await refused(about, part), about).toEqual(unsupported);
      await stillServing(`after ${about}`);
    }
    // An empty file is named as such, not as an unsupported type.
    expect(await refused('0 bytes', pdf(new Uint8Array(0)))).toEqual({ code: 'validation_pdf_empty_file', message: UPLOAD_MESSAGES.emptyFile });
    await stillServing('after 0 bytes');
    expect((await settled(await stillServing('at the end'))).status).toBe('ready');
  }, 120_000);
});
