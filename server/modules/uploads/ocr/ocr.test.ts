import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ocrCorpusScan } from '../../../test/corpus-scan.ts';
import { ocrToolsMissing } from '../../../test/ocr-tools.ts';
import { CAFE_MARKUP, menuPhoto } from '../../../test/menu-photo.ts';
import { extractPages, extractPdf } from '../extract/index.ts';
import { inspectPdf } from '../pdf.ts';
import { ImageProblem, inspectImage, ocrImages, ocrPdf, OCR_MAX_PAGES, TooManyOcrPages, unskewBoxes } from './index.ts';
import { preparePage } from './preprocess.ts';
import { PDFDocument } from 'pdf-lib';

/** OCR with the real tools (tesseract, pdftoppm, sharp) on photos drawn by Pango. */
const skip = await ocrToolsMissing();

const items = (draft: ReturnType<typeof extractPages>) =>
  draft.sections.flatMap((s) => s.items.map((i) => ({ section: s.name, name: i.name, prices: i.prices.map((p) => p.amount) })));

const CAFE_ITEMS = [
  { section: 'Starters', name: 'Tomato soup', prices: [650] },
  { section: 'Starters', name: 'Greek salad with feta', prices: [890] },
  { section: 'Mains', name: 'Grilled salmon', prices: [1950] },
  { section: 'Mains', name: 'Mushroom risotto', prices: [1400] },
];

/** A PNG whose header claims `width` × `height` pixels (a decompression bomb needs no more). */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    return out; // CRC left zero: the size is read before it matters
  };
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(64)), chunk('IEND', Buffer.alloc(0))]);
}

describe('image checks', () => {
  it('refuses what is no usable image with the reason, before decoding its pixels', async () => {
    const jpeg = await menuPhoto(CAFE_MARKUP);
    const cases: Array<[string, Uint8Array, ImageProblem['code']]> = [
      ['0 bytes', new Uint8Array(0), 'not_image'],
      ['text', Buffer.from('Tomato soup 6.50\n'), 'not_image'],
      ['GIF', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer(), 'not_image'],
      ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'damaged'],
      ['PNG bomb 60000 × 60000', pngHeader(60_000, 60_000), 'too_large'],
      ['PNG strip 30000 × 10', pngHeader(30_000, 10), 'too_large'],
    ];
    for (const [about, bytes, code] of cases) {
      const err = await inspectImage(bytes).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, about).toBeInstanceOf(ImageProblem);
      expect((err as ImageProblem).code, about).toBe(code);
    }
    expect(await inspectImage(jpeg)).toMatchObject({ format: 'jpeg' });
  });
});

describe.skipIf(skip)('OCR of photos and scans', () => {
  it('straightens a page photographed at an angle (deskew by projection profile)', async () => {
    for (const degrees of [-4, 2.5]) {
      // The page alone (no table around it to find its corners by): the text lines tell the angle.
      const prepared = await preparePage(await menuPhoto(CAFE_MARKUP, { degrees, table: false }));
      expect(prepared.warp, `${degrees}°`).toBeUndefined();
      // Turning the page by `degrees` tilts its lines the other way; the fix turns them back.
      expect(Math.abs(prepared.skew + degrees), `${degrees}°`).toBeLessThan(0.3);
      // On a table, the page is cut out by its corners and comes out straight already.
      const onTable = await preparePage(await menuPhoto(CAFE_MARKUP, { degrees }));
      expect(onTable.warp, `${degrees}° on a table`).toBeDefined();
      expect(Math.abs(onTable.skew), `${degrees}° on a table`).toBeLessThan(0.5);
    }
    expect((await preparePage(await menuPhoto(CAFE_MARKUP, { table: false }))).skew).toBe(0);
  });

  it('reads a tilted photo under uneven light into the draft items, sections and prices', async () => {
    const draft = extractPages(await ocrImages([await menuPhoto(CAFE_MARKUP, { degrees: 3 })]));
    expect(items(draft)).toEqual(CAFE_ITEMS);
    expect(draft.pages).toBe(1);
    // Positions are in page points (a photo is taken as an A4-wide page).
    const first = draft.sections[0]?.items[0];
    expect(first?.bbox?.x).toBeGreaterThan(20);
    expect(first?.bbox?.x).toBeLessThan(200);
  }, 60_000);

  it('honours the EXIF orientation and reads PNG and WebP photos, pages in order', async () => {
    const turned = await menuPhoto(CAFE_MARKUP, { orientation: 6 });
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    const second = await menuPhoto(['<b>Desserts</b>', 'Tiramisu\t\t\t\t\t6.00', 'Panna cotta\t\t\t\t5.50'].join('\n'), { format: 'webp', degrees: -1.5 });
    const seen: number[] = [];
    const pages = await ocrImages([turned, second], { onPage: (done) => void seen.push(done) });
    expect(seen).toEqual([1, 2]);
    const draft = extractPages(pages);
    expect(items(draft)).toEqual([
      ...CAFE_ITEMS,
      { section: 'Desserts', name: 'Tiramisu', prices: [600] },
      { section: 'Desserts', name: 'Panna cotta', prices: [550] },
    ]);
    expect(draft.sections.find((s) => s.name === 'Desserts')?.items.every((i) => i.page === 2)).toBe(true);
    const png = await menuPhoto(CAFE_MARKUP, { format: 'png' });
    expect(items(extractPages(await ocrImages([png])))).toEqual(CAFE_ITEMS);
  }, 90_000);

  it('prepares the next page while this one is read, and a damaged next page fails the run with its reason', async () => {
    const jpeg = await menuPhoto(CAFE_MARKUP);
    const seen: number[] = [];
    // The second page's problem is found while the first is read; it surfaces after the first
    // page's progress, as its own error (not as an unhandled rejection, which fails the run).
    const err = await ocrImages([jpeg, jpeg.subarray(0, Math.floor(jpeg.length / 2))], { onPage: (done) => void seen.push(done) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImageProblem);
    expect((err as ImageProblem).code).toBe('damaged');
    expect(seen).toEqual([1]);
  }, 60_000);

  it('renders the pages of an image-only PDF with pdftoppm and reads them', async () => {
    const doc = await PDFDocument.create();
    const photo = await menuPhoto(CAFE_MARKUP, { degrees: 1 });
    const image = await doc.embedJpg(photo);
    const page = doc.addPage([595, 842]);
    page.drawImage(image, { x: 0, y: 842 - (595 * image.height) / image.width, width: 595, height: (595 * image.height) / image.width });
    const pdf = await doc.save();
    const pages = await ocrPdf(pdf, [{ width: 595, height: 842 }]);
    expect(pages[0]).toMatchObject({ page: 1, width: 595, height: 842 });
    expect(items(extractPages(pages))).toEqual(CAFE_ITEMS);
  }, 60_000);

  it('draws the boxes of a tilted photo where the items are on the photo as uploaded (page cut out and made flat)', async () => {
    // The same page straight and turned by 4° (sharp turns about the page's centre, clockwise for
    // positive angles, and grows the canvas; the table border is added after).
    const straight = await ocrImages([await menuPhoto(CAFE_MARKUP)]);
    const turnedPhoto = await menuPhoto(CAFE_MARKUP, { degrees: 4 });
    const turned = await ocrImages([turnedPhoto]);
    // Straightened by cutting the page out of the photo (its corners), or else by deskewing.
    expect(Boolean(turned[0]?.warp) || Math.abs(turned[0]?.skew ?? 0) > 3).toBe(true);
    const box = (draft: ReturnType<typeof extractPages>, name: string) => draft.sections.flatMap((s) => s.items).find((i) => i.name === name)?.bbox;
    const { width: turnedPx = 0 } = await sharp(turnedPhoto).metadata();
    const straightPx = 874 + 140;
    const t = (4 * Math.PI) / 180;
    // Where a point of the straight page (photo pixels) lands on the turned photo.
    const land = (x: number, y: number) => {
      const [px, py] = [x - 70 - 437, y - 70 - 620];
      const [w, h] = [874 * Math.cos(t) + 1240 * Math.sin(t), 874 * Math.sin(t) + 1240 * Math.cos(t)];
      return [70 + w / 2 + px * Math.cos(t) - py * Math.sin(t), 70 + h / 2 + px * Math.sin(t) + py * Math.cos(t)] as const;
    };
    const mapped = unskewBoxes(extractPages(turned), turned);
    for (const name of ['Tomato soup', 'Mushroom risotto']) {
      // (The straight photo's page is cut out of the table too: its boxes go back onto it.)
      const b0 = box(unskewBoxes(extractPages(straight), straight), name);
      const b1 = box(mapped, name);
      const unmapped = box(extractPages(turned), name);
      expect(b0 && b1 && unmapped, name).toBeTruthy();
      const k0 = straightPx / 595;
      const k1 = turnedPx / 595;
      // The left end of the name's baseline region: its box's left edge, half way down.
      const [ex, ey] = land(b0!.x * k0, (b0!.y + b0!.height / 2) * k0);
      const leftMid = (b: { x: number; y: number; height: number }) => [b.x * k1, (b.y + b.height / 2) * k1] as const;
      // The turned box around the straightened one holds the expected point within a few pixels…
      const [mx, my] = [b1!.x * k1, b1!.y * k1];
      expect(ex, name).toBeGreaterThan(mx - 6);
      expect(ey, name).toBeGreaterThan(my - 6);
      expect(ey, name).toBeLessThan((b1!.y + b1!.height) * k1 + 6);
      // …which the straightened box misses by the turn (tens of pixels on this page).
      const [ux, uy] = leftMid(unmapped!);
      expect(Math.hypot(ux - ex, uy - ey), name).toBeGreaterThan(15);
    }
  }, 90_000);

  it('reports one pass of page progress for a scanned PDF (no restart after the text layer pass)', async () => {
    const doc = await PDFDocument.create();
    for (const markup of [CAFE_MARKUP, ['<span size="large"><b>Desserts</b></span>', '', 'Tiramisu\t\t\t\t\t6.00', 'Panna cotta\t\t\t\t5.50'].join('\n')]) {
      const image = await doc.embedJpg(await menuPhoto(markup));
      doc.addPage([595, 842]).drawImage(image, { x: 0, y: 842 - (595 * image.height) / image.width, width: 595, height: (595 * image.height) / image.width });
    }
    const pdf = await doc.save();
    const inspected = await inspectPdf(pdf);
    if (!inspected.ok) throw new Error(inspected.problem.message);
    const seen: number[] = [];
    const draft = await extractPdf(inspected.doc, { onPage: (done) => void seen.push(done), ocr: (sizes) => ocrPdf(pdf, sizes, { onPage: (done) => void seen.push(done) }) });
    await inspected.doc.destroy();
    expect(seen).toEqual([1, 2]);
    expect(items(draft).map((i) => i.name)).toContain('Tiramisu');
  }, 90_000);

  it('reads a column the page pass left out even when the page has doubted words to read again', async () => {
    // A Draw menu printed and scanned (test/menu-corpus): Tesseract writes no words for its
    // "Bowl" price column. Read on one sheet with the page's doubted words, enlarged, the
    // column's smaller text came back empty, and "Cup" was taken into the section's heading.
    const draft = extractPages(await ocrCorpusScan('en-cafe-greenleaf.draw.scan.pdf'));
    const bowls = draft.sections.find((s) => s.name === 'Bowls');
    expect(bowls?.items.find((i) => /tomato basil soup/i.test(i.name))?.prices).toEqual([
      { label: 'Cup', amount: 550 },
      { label: 'Bowl', amount: 850 },
    ]);
  }, 60_000);

  it('refuses more pages than it reads in one upload', async () => {
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    await expect(ocrImages(Array.from({ length: OCR_MAX_PAGES + 1 }, () => tiny))).rejects.toBeInstanceOf(TooManyOcrPages);
  });
});
