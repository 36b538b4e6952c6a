import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PDFDocument, PDFHexString, PDFName } from 'pdf-lib';

/**
 * A "scanned" menu: one greyscale raster per page (dark bars where a scanner would see text),
 * no text layer at all. Pixels are computed, so the bytes do not depend on installed fonts.
 */
export async function scannedPdf(pages = 1): Promise<Uint8Array> {
  const width = 620;
  const height = 877;
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  for (let p = 0; p < pages; p++) {
    const pixels = Buffer.alloc(width * height, 245);
    let seed = 7 + p;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let row = 60; row < height - 60; row += 22) {
      const barWidth = 200 + Math.floor(rand() * 300);
      for (let y = row; y < row + 9; y++) {
        for (let x = 50; x < 50 + barWidth; x++) if (rand() > 0.25) pixels[y * width + x] = 30 + Math.floor(rand() * 40);
      }
    }
    const png = await sharp(pixels, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const image = await doc.embedPng(png);
    const page = doc.addPage([595, 842]);
    page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return doc.save({ useObjectStreams: false });
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/**
 * A password-protected PDF, crafted by hand (pdf-lib cannot encrypt): an incremental update adds
 * a Standard security handler whose /U entry matches no empty user password, so every reader has
 * to ask for a password. The page content itself stays as it was; nobody can open it without one.
 */
export function encryptPdf(original: Uint8Array): Uint8Array {
  const text = latin1(original);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const size = Number(/\/Size (\d+)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1];
  if (!Number.isFinite(startxref) || !Number.isFinite(size) || !root) throw new Error('unexpected PDF structure');
  const hex = (seed: number) => Array.from({ length: 32 }, (_, i) => ((seed * 31 + i * 17) % 256).toString(16).padStart(2, '0')).join('');
  const id = hex(3).slice(0, 32);
  let tail = '\n';
  const objOffset = original.length + Buffer.byteLength(tail, 'latin1');
  tail += `${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(1)}> /U <${hex(2)}> /P -3904 >>\nendobj\n`;
  const xref = original.length + Buffer.byteLength(tail, 'latin1');
  tail += `xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(objOffset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${size + 1} /Root ${root} /Prev ${startxref} /Encrypt ${size} 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(original), Buffer.from(tail, 'latin1')]);
}

const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + (s[i] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 255] as number);
  }
  return out;
}

/**
 * A PDF encrypted with an owner password only (print/copy restrictions, empty user password):
 * readers open it without asking. /U is computed as the Standard security handler (R2) defines
 * it; the content was not actually encrypted, so only opening and counting pages are meaningful.
 */
export function ownerOnlyEncryptedPdf(original: Uint8Array): Uint8Array {
  const text = latin1(original);
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)?.[1];
  if (!Number.isFinite(startxref) || !Number.isFinite(size) || !root) throw new Error('unexpected PDF structure');
  const o = Buffer.alloc(32, 7);
  const id = Buffer.alloc(16, 9);
  const p = -3904;
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(p);
  const key = createHash('md5')
    .update(Buffer.concat([PADDING, o, pBytes, id]))
    .digest()
    .subarray(0, 5);
  const u = rc4(key, PADDING);
  let tail = '\n';
  const objOffset = original.length + Buffer.byteLength(tail, 'latin1');
  tail += `${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${p} >>\nendobj\n`;
  const xref = original.length + Buffer.byteLength(tail, 'latin1');
  tail += `xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(objOffset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${size + 1} /Root ${root} /Prev ${startxref} /Encrypt ${size} 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(original), Buffer.from(tail, 'latin1')]);
}

/** Adds document-level JavaScript (an OpenAction) that would set a global if anything ran it. */
export async function withJavaScript(original: Uint8Array, marker = '__qrmenuPdfScriptRan'): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original);
  const script = `globalThis.${marker} = true; app.alert("hello");`;
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFHexString.fromText(script) });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return doc.save({ useObjectStreams: false });
}

/** A text file that merely carries a `.pdf` name. */
export function notAPdf(): Uint8Array {
  return Buffer.from('STARTERS\nTomato soup ........ 6.50\nGreen salad ........ 5.90\n', 'utf8');
}

/** A valid PDF with `count` near-empty pages (page-limit tests). */
export async function manyPagesPdf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage([200, 200]);
  return doc.save({ useObjectStreams: false });
}
