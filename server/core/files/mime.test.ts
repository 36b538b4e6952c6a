import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contentDisposition, mimeAllowed, sniffMime } from './mime.ts';

const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#f00' } })
  .png()
  .toBuffer();
const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#f00' } })
  .jpeg()
  .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
const svgWithProlog = Buffer.from('\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- c -->\n' + svg.toString());
const binary = Buffer.from([0x00, 0xff, 0x13, 0x37, 0x00, 0x42, 0x99, 0x01]);

describe('sniffMime', () => {
  it('detects real images regardless of the name', async () => {
    expect(await sniffMime(png, 'photo.png')).toBe('image/png');
    expect(await sniffMime(jpeg, 'photo.png')).toBe('image/jpeg');
    expect(await sniffMime(png, 'noext')).toBe('image/png');
  });

  it('does not trust a .png name for other content', async () => {
    expect(await sniffMime(pdf, 'evil.png')).toBe('application/pdf');
    expect(await sniffMime(Buffer.from('just some text'), 'evil.png')).toBe('text/plain; charset=utf-8');
    expect(await sniffMime(Buffer.from('<html><script>alert(1)</script></html>'), 'x.html')).toBe('text/plain; charset=utf-8');
    expect(await sniffMime(binary, 'evil.png')).toBe('application/octet-stream');
  });

  it('falls back to the extension for text formats, only if the bytes are text', async () => {
    expect(await sniffMime(Buffer.from('hello'), 'a.txt')).toBe('text/plain');
    expect(await sniffMime(Buffer.from('{"a":1}'), 'a.json')).toBe('application/json');
    expect(await sniffMime(Buffer.from('a,b\n1,2'), 'A.CSV')).toBe('text/csv');
    expect(await sniffMime(Buffer.from('body{}'), 'a.css')).toBe('text/css');
    expect(await sniffMime(Buffer.from('export {}'), 'a.mjs')).toBe('text/javascript');
    expect(await sniffMime(Buffer.from('1'), 'a.js')).toBe('text/javascript');
    expect(await sniffMime(binary, 'a.txt')).toBe('application/octet-stream');
    expect(await sniffMime(png, 'a.json')).toBe('image/png');
  });

  it('recognizes svg only when the content is svg', async () => {
    expect(await sniffMime(svg, 'a.svg')).toBe('image/svg+xml');
    expect(await sniffMime(svgWithProlog, 'a.svg')).toBe('image/svg+xml');
    expect(await sniffMime(Buffer.from('not an svg'), 'a.svg')).toBe('text/plain; charset=utf-8');
    expect(await sniffMime(png, 'a.svg')).toBe('image/png');
    // Without the .svg name an SVG is just text (never rendered as an image).
    expect(await sniffMime(svg, 'a.txt')).toBe('text/plain');
  });

  it('handles empty and invalid utf-8 buffers', async () => {
    expect(await sniffMime(Buffer.alloc(0), 'x')).toBe('application/octet-stream');
    expect(await sniffMime(Buffer.alloc(0), 'x.txt')).toBe('text/plain');
    expect(await sniffMime(Buffer.from([0xc3, 0x28, 0x41]), 'x')).toBe('application/octet-stream');
    expect(await sniffMime(Buffer.from('héllo wörld ✓'), 'x')).toBe('text/plain; charset=utf-8');
  });
});

describe('mimeAllowed', () => {
  it('allows everything with an empty list', () => {
    expect(mimeAllowed('application/x-whatever', [])).toBe(true);
  });
  it('compares the type without parameters, case-insensitively', () => {
    expect(mimeAllowed('text/plain; charset=utf-8', ['text/plain'])).toBe(true);
    expect(mimeAllowed('IMAGE/PNG', ['image/png'])).toBe(true);
    expect(mimeAllowed('image/png', ['image/jpeg', 'image/webp'])).toBe(false);
    expect(mimeAllowed('image/png', ['image/*'])).toBe(true);
    expect(mimeAllowed('application/pdf', ['image/*'])).toBe(false);
    expect(mimeAllowed('image/pngx', ['image/png'])).toBe(false);
  });
});

describe('contentDisposition', () => {
  it('serves images, media and pdf inline, the rest as attachment', () => {
    expect(contentDisposition('image/png', 'a.png', false)).toBe('inline; filename="a.png"');
    expect(contentDisposition('image/svg+xml', 'a.svg', false)).toBe('inline; filename="a.svg"');
    expect(contentDisposition('video/mp4', 'a.mp4', false)).toMatch(/^inline;/);
    expect(contentDisposition('audio/mpeg', 'a.mp3', false)).toMatch(/^inline;/);
    expect(contentDisposition('application/pdf', 'a.pdf', false)).toMatch(/^inline;/);
    expect(contentDisposition('text/plain; charset=utf-8', 'a.txt', false)).toBe('attachment; filename="a.txt"');
    expect(contentDisposition('text/html', 'a.html', false)).toMatch(/^attachment;/);
    expect(contentDisposition('application/octet-stream', 'a.bin', false)).toMatch(/^attachment;/);
  });

  it('always uses attachment when forced', () => {
    expect(contentDisposition('image/png', 'a.png', true)).toBe('attachment; filename="a.png"');
  });

  it('quotes hostile names safely', () => {
    expect(contentDisposition('image/png', 'a"b\\c.png', false)).toBe('inline; filename="a\\"b\\\\c.png"');
    const crlf = contentDisposition('image/png', 'a\r\nSet-Cookie: x=1.png', false);
    expect(crlf).not.toMatch(/[\r\n]/);
    expect(contentDisposition('image/png', '', false)).toBe('inline; filename="file"');
    expect(contentDisposition('image/png', '../../etc/passwd', false)).toBe('inline; filename="../../etc/passwd"');
  });

  it('adds an RFC 5987 filename* for non-ASCII names', () => {
    const h = contentDisposition('application/pdf', "Menü (neu)'s *1*.pdf", false);
    expect(h).toBe(`inline; filename="Men_ (neu)'s *1*.pdf"; filename*=UTF-8''Men%C3%BC%20%28neu%29%27s%20%2A1%2A.pdf`);
    const emoji = contentDisposition('image/png', '🎉"x.png', false);
    expect(emoji).toBe(`inline; filename="__\\"x.png"; filename*=UTF-8''%F0%9F%8E%89%22x.png`);
    // Only ASCII header bytes, so no header-encoding surprises.
    expect(emoji).toMatch(/^[\x20-\x7e]+$/);
    // Lone surrogates must not throw.
    expect(contentDisposition('image/png', 'a\uD800b.png', false)).toMatch(/filename\*=UTF-8''a%EF%BF%BDb\.png$/);
  });
});
