import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './storage.ts';
import type { FileStorage } from './storage.ts';
import { deleteFileWithThumbs, getOrCreateThumb, makeThumb, parseThumbSize, thumbKey } from './thumbs.ts';

const base = () => sharp({ create: { width: 200, height: 100, channels: 3, background: '#f00' } });
const png = await base().png().toBuffer();
const jpeg = await base().jpeg().toBuffer();
const webp = await base().webp().toBuffer();
const gif = await base().gif().toBuffer();
// Top half red, bottom half blue: tells top and bottom crops apart.
const split = await sharp({ create: { width: 100, height: 200, channels: 3, background: '#f00' } })
  .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: '#00f' } }, top: 100, left: 0 }])
  .png()
  .toBuffer();

describe('parseThumbSize', () => {
  it('parses the PocketBase size formats', () => {
    expect(parseThumbSize('100x50')).toEqual({ width: 100, height: 50, mode: 'center' });
    expect(parseThumbSize('100x50t')).toEqual({ width: 100, height: 50, mode: 'top' });
    expect(parseThumbSize('100x50b')).toEqual({ width: 100, height: 50, mode: 'bottom' });
    expect(parseThumbSize('100x50f')).toEqual({ width: 100, height: 50, mode: 'fit' });
    expect(parseThumbSize('0x50')).toEqual({ width: 0, height: 50, mode: 'center' });
    expect(parseThumbSize('100x0')).toEqual({ width: 100, height: 0, mode: 'center' });
    expect(parseThumbSize('2000x2000')).toEqual({ width: 2000, height: 2000, mode: 'center' });
  });

  it.each([
    '',
    'x',
    '100',
    '100x',
    'x100',
    '0x0',
    '2001x10',
    '10x2001',
    '99999x1',
    '100x50c',
    '100X50',
    ' 100x50',
    '100x50 ',
    '-1x10',
    '1.5x10',
    '0100x50',
    '0x50t',
    '100x0f',
    '100x50tt',
    '../x1',
    '100x50/../a',
  ])('rejects %j', (s) => {
    expect(parseThumbSize(s)).toBeNull();
  });
});

describe('thumbKey', () => {
  it('follows the PocketBase layout', () => {
    expect(thumbKey('c/r', 'a.png', '100x50')).toBe('c/r/thumbs_a.png/100x50_a.png');
  });
});

describe('makeThumb', () => {
  it('crops to the exact size in the original format', async () => {
    for (const [buf, mime, fmt] of [
      [png, 'image/png', 'png'],
      [jpeg, 'image/jpeg', 'jpeg'],
      [webp, 'image/webp', 'webp'],
    ] as const) {
      const out = await makeThumb(buf, parseThumbSize('50x50')!, mime);
      const meta = await sharp(out!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([fmt, 50, 50]);
    }
  });

  it('turns gifs into a png of the first frame', async () => {
    const out = await makeThumb(gif, parseThumbSize('20x20')!, 'image/gif');
    const meta = await sharp(out!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 20, 20]);
  });

  it('keeps the aspect ratio for 0xH / Wx0 and fits without cropping for f', async () => {
    const byH = await sharp((await makeThumb(png, parseThumbSize('0x50')!, 'image/png'))!).metadata();
    expect([byH.width, byH.height]).toEqual([100, 50]);
    const byW = await sharp((await makeThumb(png, parseThumbSize('50x0')!, 'image/png'))!).metadata();
    expect([byW.width, byW.height]).toEqual([50, 25]);
    const fit = await sharp((await makeThumb(png, parseThumbSize('100x100f')!, 'image/png'))!).metadata();
    expect([fit.width, fit.height]).toEqual([100, 50]);
  });

  it('crops from the top or bottom', async () => {
    const pixel = async (b: Buffer | null) => [...(await sharp(b!).raw().toBuffer()).subarray(0, 3)];
    expect(await pixel(await makeThumb(split, parseThumbSize('100x50t')!, 'image/png'))).toEqual([255, 0, 0]);
    expect(await pixel(await makeThumb(split, parseThumbSize('100x50b')!, 'image/png'))).toEqual([0, 0, 255]);
  });

  it('returns null for unsupported or mislabeled/corrupt input', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await makeThumb(svg, parseThumbSize('5x5')!, 'image/svg+xml')).toBeNull();
    expect(await makeThumb(svg, parseThumbSize('5x5')!, 'image/png')).toBeNull();
    expect(await makeThumb(Buffer.from('%PDF-1.4 nope'), parseThumbSize('5x5')!, 'application/pdf')).toBeNull();
    expect(await makeThumb(Buffer.from('garbage'), parseThumbSize('5x5')!, 'image/png')).toBeNull();
    expect(await makeThumb(png.subarray(0, 40), parseThumbSize('5x5')!, 'image/png')).toBeNull();
    expect(await makeThumb(jpeg, parseThumbSize('5x5')!, 'image/png')).toBeNull();
  });
});

describe('getOrCreateThumb / deleteFileWithThumbs', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
    storage = createLocalStorage(root);
    await storage.put('col/rec/photo_abc.png', png);
    await storage.put('col/rec/doc_abc.txt', Buffer.from('hello'));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('generates, stores and then reuses a thumb', async () => {
    const res = await getOrCreateThumb(storage, 'col/rec', 'photo_abc.png', '40x40', 'image/png');
    expect(res).toEqual({ key: 'col/rec/thumbs_photo_abc.png/40x40_photo_abc.png' });
    const meta = await sharp((await storage.read(res!.key))!).metadata();
    expect([meta.width, meta.height]).toEqual([40, 40]);

    const readSpy = vi.spyOn(storage, 'read');
    expect(await getOrCreateThumb(storage, 'col/rec', 'photo_abc.png', '40x40', 'image/png')).toEqual(res);
    expect(readSpy).not.toHaveBeenCalled();
  });

  it('dedupes concurrent generation of the same thumb', async () => {
    const readSpy = vi.spyOn(storage, 'read');
    const putSpy = vi.spyOn(storage, 'put');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => getOrCreateThumb(storage, 'col/rec', 'photo_abc.png', '30x30', 'image/png')),
    );
    expect(new Set(results.map((r) => r?.key))).toEqual(new Set(['col/rec/thumbs_photo_abc.png/30x30_photo_abc.png']));
    expect(readSpy).toHaveBeenCalledTimes(1);
    expect(putSpy).toHaveBeenCalledTimes(1);
  });

  it('returns null for bad sizes, missing originals and non-images', async () => {
    expect(await getOrCreateThumb(storage, 'col/rec', 'photo_abc.png', '0x0', 'image/png')).toBeNull();
    expect(await getOrCreateThumb(storage, 'col/rec', 'missing.png', '30x30', 'image/png')).toBeNull();
    expect(await getOrCreateThumb(storage, 'col/rec', 'doc_abc.txt', '30x30', 'text/plain')).toBeNull();
    expect(await getOrCreateThumb(storage, 'col/rec', 'doc_abc.txt', '30x30', 'image/png')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'col', 'rec')).sort()).toEqual(['doc_abc.txt', 'photo_abc.png']);
  });

  it('rejects traversal through the file name', async () => {
    await expect(getOrCreateThumb(storage, 'col/rec', '../../etc/passwd', '30x30', 'image/png')).rejects.toThrow();
  });

  it('does not cache failures: a later request can succeed', async () => {
    expect(await getOrCreateThumb(storage, 'col/rec', 'late.png', '30x30', 'image/png')).toBeNull();
    await storage.put('col/rec/late.png', png);
    expect(await getOrCreateThumb(storage, 'col/rec', 'late.png', '30x30', 'image/png')).not.toBeNull();
  });

  it('propagates storage errors and clears the in-flight entry', async () => {
    vi.spyOn(storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    await expect(getOrCreateThumb(storage, 'col/rec', 'photo_abc.png', '30x30', 'image/png')).rejects.toThrow('disk full');
    expect(await getOrCreateThumb(storage, 'col/rec', 'photo_abc.png', '30x30', 'image/png')).not.toBeNull();
  });

  it('deleteFileWithThumbs removes the file and its thumbs only', async () => {
    await getOrCreateThumb(storage, 'col/rec', 'photo_abc.png', '30x30', 'image/png');
    await deleteFileWithThumbs(storage, 'col/rec', 'photo_abc.png');
    expect(fs.readdirSync(path.join(root, 'col', 'rec'))).toEqual(['doc_abc.txt']);
  });
});
