import { describe, expect, it } from 'vitest';
import { checkPdf, hasPdfMagic, UPLOAD_MESSAGES } from './pdf.ts';
import { encryptPdf, manyPagesPdf, notAPdf, ownerOnlyEncryptedPdf } from '../../test/pdf-corpus/special.ts';

describe('PDF upload checks', () => {
  it('accepts a readable PDF and counts its pages', async () => {
    expect(await checkPdf(await manyPagesPdf(3))).toEqual({ ok: true, pages: 3 });
    expect(await checkPdf(await manyPagesPdf(50))).toEqual({ ok: true, pages: 50 });
  });

  it('names each problem', async () => {
    expect(await checkPdf(notAPdf())).toEqual({ ok: false, problem: { code: 'not_pdf', message: UPLOAD_MESSAGES.notPdf } });
    expect(await checkPdf(Buffer.from('%PDF-1.7\ngarbage'))).toEqual({ ok: false, problem: { code: 'damaged', message: UPLOAD_MESSAGES.damaged } });
    expect(await checkPdf(await manyPagesPdf(51))).toEqual({ ok: false, problem: { code: 'too_many_pages', message: UPLOAD_MESSAGES.tooManyPages(51) } });
    expect(await checkPdf(encryptPdf(await manyPagesPdf(1)))).toEqual({ ok: false, problem: { code: 'encrypted', message: UPLOAD_MESSAGES.encrypted } });
  });

  it('accepts PDFs restricted by an owner password only (they open without one)', async () => {
    expect(await checkPdf(ownerOnlyEncryptedPdf(await manyPagesPdf(2)))).toEqual({ ok: true, pages: 2 });
  });

  it('checks the magic bytes on any view of a buffer', () => {
    const pooled = Buffer.from('xx%PDF-1.4');
    expect(hasPdfMagic(pooled.subarray(2))).toBe(true);
    expect(hasPdfMagic(pooled)).toBe(false);
    expect(hasPdfMagic(Buffer.alloc(0))).toBe(false);
  });
});
