import { describe, expect, it } from 'vitest';
import { A6, cardWords, errorCorrectionFor, qrFileName, qrSvg, qrTableCardPdf, qrTargetUrl, shortUrl } from './qr.ts';

describe('qrTargetUrl', () => {
  it('marks the link as coming from a QR code and adds the table', () => {
    expect(qrTargetUrl('https://menu.example.com/m/cafe-central')).toBe('https://menu.example.com/m/cafe-central?src=qr');
    expect(qrTargetUrl('https://menu.example.com/m/cafe-central', ' 12 ')).toBe('https://menu.example.com/m/cafe-central?src=qr&t=12');
    expect(qrTargetUrl('https://menu.example.com/m/cafe', 'Terrace 3')).toBe('https://menu.example.com/m/cafe?src=qr&t=Terrace+3');
    expect(qrTargetUrl('https://menu.example.com/m/cafe?src=qr&t=1', '')).toBe('https://menu.example.com/m/cafe?src=qr');
  });
});

describe('shortUrl', () => {
  it('drops the scheme, query and trailing slash', () => {
    expect(shortUrl('https://menu.example.com/m/cafe?src=qr&t=2')).toBe('menu.example.com/m/cafe');
    expect(shortUrl('http://127.0.0.1:8090/m/x/')).toBe('127.0.0.1:8090/m/x');
  });
});

describe('qrFileName', () => {
  it('builds a safe, readable stem', () => {
    expect(qrFileName('Café Central')).toBe('qr-cafe-central');
    expect(qrFileName('Café Central', 'Terrace 3')).toBe('qr-cafe-central-table-terrace-3');
    expect(qrFileName('寿司')).toBe('qr-menu');
  });
});

describe('qrSvg', () => {
  it('draws the code in the chosen colour on white', async () => {
    const svg = await qrSvg('https://menu.example.com/m/cafe?src=qr', { color: '#0f766e' });
    expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('stroke="#0f766e"');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).not.toContain('<image');
  });

  it('embeds the logo in the centre (and a larger, level-H code)', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const plain = await qrSvg('https://menu.example.com/m/cafe?src=qr', { color: '#000000' });
    const withLogo = await qrSvg('https://menu.example.com/m/cafe?src=qr', { color: '#000000', logo });
    expect(withLogo).toContain(`href="${logo}"`);
    expect(withLogo.trim().endsWith('</svg>')).toBe(true);
    const size = (svg: string) => Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]);
    expect(size(withLogo)).toBeGreaterThan(size(plain));
    expect(errorCorrectionFor(true)).toBe('H');
  });
});

describe('qrTableCardPdf', () => {
  const png = async () => {
    // A tiny valid PNG (1 × 1, white) stands in for the code.
    const bytes = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    return new Blob([bytes], { type: 'image/png' });
  };

  it('makes a one-page A6 PDF, even for names the standard fonts cannot print', async () => {
    const { PDFDocument } = await import('pdf-lib');
    for (const title of [
      'Café Central',
      '寿司 Tokyo',
      'Restaurant Zum Goldenen Hirschen am Stadtpark in der Inneren Stadt von Wien',
      'X'.repeat(200),
    ]) {
      const blob = await qrTableCardPdf({
        title,
        url: 'https://menu.example.com/m/cafe?src=qr&t=4',
        png: await png(),
        color: '#0f766e',
        table: '4',
      });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBe(1);
      const { width, height } = doc.getPage(0).getSize();
      expect([width, height]).toEqual([A6.width, A6.height]);
      expect(doc.getTitle()).toBe(`${title} – QR menu`);
    }
  });

  it('prints its texts in the card language, in English when the standard fonts lack its letters', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const make = async (lang: string) => {
      const blob = await qrTableCardPdf({
        title: 'Café',
        url: 'https://m.example/m/cafe',
        png: await png(),
        color: '#0f766e',
        table: '4',
        lang,
      });
      return PDFDocument.load(new Uint8Array(await blob.arrayBuffer()));
    };
    expect((await make('de')).getSubject()).toBe('Zur Speisekarte scannen');
    expect((await make('it')).getSubject()).toBe('Scansiona per il menu');
    // Greek and Polish need letters outside WinAnsi: the card says it in English instead of misprinting.
    expect((await make('el')).getSubject()).toBe('Scan for the menu');
    expect((await make('pl')).getSubject()).toBe('Scan for the menu');
    expect((await make('xx')).getSubject()).toBe('Scan for the menu');
  });

  it('chooses the words by what the font can print', () => {
    expect(cardWords('de', () => true)).toMatchObject({ lang: 'de', text: { table: 'Tisch {table}' } });
    expect(cardWords('de', (t) => !t.includes('Tisch'))).toMatchObject({ lang: 'en' });
  });
});
