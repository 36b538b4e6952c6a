import { constants, deflateRawSync } from 'node:zlib';

/**
 * Hostile uploads written byte by byte (no PDF or image library, none of our extractor's code):
 * decompression bombs, files claiming absurd sizes, polyglots. Each is small on the wire; what it
 * would cost to decode is what the server must never pay.
 */

/**
 * `total` zero bytes deflated (zlib format, as PDF's FlateDecode and PNG's IDAT use), built without
 * ever holding them: each MB is compressed once with a full flush (byte-aligned, history reset),
 * so its bytes are the same every time and are repeated; then the final block and the Adler-32
 * checksum (for zeros: a = 1, b = total mod 65521).
 */
export function deflatedZeros(total: number): Buffer {
  const MB = 1 << 20;
  const flushed = (n: number) =>
    deflateRawSync(Buffer.alloc(n), { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_FULL_FLUSH });
  const whole = Math.floor(total / MB);
  const block = flushed(MB);
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < whole; i++) parts.push(block);
  if (total % MB) parts.push(flushed(total % MB));
  parts.push(deflateRawSync(Buffer.alloc(0))); // the final (empty) block
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/**
 * A PDF assembled from object bodies (object n is `objects[n - 1]`, a string or bytes), with a
 * correct xref table and trailer (catalog = object 1).
 */
export function assemblePdf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const piece = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(piece);
    offset += piece.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object: `dict` entries plus /Length, then the data. */
export function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** One page of menu text in Helvetica (a standard font: no font file), `lines` as [name, price]. */
function menuContent(lines: Array<[string, string]>, heading: string): Buffer {
  const ops = [`BT /F1 16 Tf 56 780 Td (${heading}) Tj ET`];
  lines.forEach(([name, price], i) => {
    const y = 740 - i * 22;
    ops.push(`BT /F1 11 Tf 56 ${y} Td (${name}) Tj ET`, `BT /F1 11 Tf 480 ${y} Td (${price}) Tj ET`);
  });
  return Buffer.from(ops.join('\n'), 'latin1');
}

export const BOMB_MENU: Array<[string, string]> = [
  ['Tomato soup', '6.50'],
  ['Caesar salad', '9.80'],
  ['Grilled salmon', '21.00'],
  ['Lemon tart', '7.20'],
];

/**
 * A text menu whose page also draws a `width`×`height` 8-bit grey image, FlateDecode'd: a few
 * hundred KB on the wire, `width × height` bytes once decoded. With `text: false` the page holds the
 * image only (a "scan", which would go to OCR).
 */
export async function flateBombPdf(width: number, height: number, options: { text?: boolean } = {}): Promise<Buffer> {
  const text = options.text ?? true;
  const image = streamObject(
    `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
    deflatedZeros(width * height),
  );
  const content = Buffer.concat([
    Buffer.from('q 200 0 0 200 300 60 cm /Im1 Do Q\n', 'latin1'),
    text ? menuContent(BOMB_MENU, 'Starters') : Buffer.alloc(0),
  ]);
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 4 0 R >>',
    streamObject('', content),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    image,
  ]);
}

/** A PDF of `pages` pages sharing one small content stream (a page tree of one level): tiny, however many pages. */
export function textPagesPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  const pageObjects = Array.from(
    { length: pages },
    () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>',
  );
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    streamObject('', menuContent(BOMB_MENU, 'Menu')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...pageObjects,
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A PNG decompression bomb: a valid `width`×`height` 8-bit grey PNG of black pixels (every row
 * filter 0), a few hundred KB deflated, `width × height` bytes decoded.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, adaptive filtering, no interlace
  const idat = deflatedZeros((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A lossless WebP (VP8L) whose header claims `width`×`height` (at most 16384 each), followed by
 * a few bytes of image data: decoding would allocate `width × height × 4` bytes.
 */
export function webpClaiming(width: number, height: number): Buffer {
  const bits = (width - 1) | ((height - 1) << 14); // 14 bits each, then alpha (0) and version (0)
  const header = Buffer.alloc(5);
  header[0] = 0x2f;
  header.writeUInt32LE(bits >>> 0, 1);
  const payload = Buffer.concat([header, Buffer.alloc(27, 0)]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.alloc(4), payload]);
  chunk.writeUInt32LE(payload.length, 4);
  const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1'), chunk]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}

/**
 * A baseline JPEG whose frame header (SOF0) claims `width`×`height` (at most 65535 each), with
 * one grey component, a minimal Huffman table and a few bytes of scan data: all a decoder needs
 * to start allocating.
 */
export function jpegClaiming(width: number, height: number): Buffer {
  const segment = (marker: number, data: number[]) =>
    Buffer.from([0xff, marker, ((data.length + 2) >> 8) & 0xff, (data.length + 2) & 0xff, ...data]);
  const quant = segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]);
  const sof = segment(0xc0, [8, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 1, 1, 0x11, 0]);
  // DC and AC tables with a single 1-bit code each.
  const dht = segment(0xc4, [0x00, 1, ...Array.from({ length: 15 }, () => 0), 0x00, 0x10, 1, ...Array.from({ length: 15 }, () => 0), 0x00]);
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), quant, sof, dht, sos, Buffer.alloc(64, 0), Buffer.from([0xff, 0xd9])]);
}

/** A file whose `%PDF-` header comes after `junk` bytes of something else (readers look up to 1 KB in). */
export function polyglotPdf(pdf: Uint8Array, junk = 512): Buffer {
  const lead = Buffer.from(`GIF89a${'x'.repeat(Math.max(0, junk - 6))}\n`, 'latin1');
  return Buffer.concat([lead, Buffer.from(pdf)]);
}

/**
 * A one-page menu whose page content is followed by a second content stream of `inflated` zero
 * bytes (PDF whitespace), FlateDecode'd: about a thousandth of that on the wire.
 */
export async function contentBombPdf(inflated: number): Promise<Buffer> {
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents [4 0 R 6 0 R] >>',
    streamObject('', menuContent(BOMB_MENU, 'Starters')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    streamObject('/Filter /FlateDecode', deflatedZeros(inflated)),
  ]);
}
