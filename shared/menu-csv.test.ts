import { describe, expect, it } from 'vitest';
import { MENU_CSV_MAX_ROWS, decodeMenuCsv, parseMenuCsv, serializeMenuCsv, tokenizeCsv, type MenuCsvItem } from './menu-csv.ts';

const options = { languages: ['en', 'de'], currency: 'EUR' };

const item = (over: Partial<MenuCsvItem> = {}): MenuCsvItem => ({
  id: 'abcdefghijklmno',
  section: 'Soups',
  sectionDescription: '',
  sectionTranslations: {},
  name: 'Broth',
  description: '',
  prices: [{ label: '', amount: 650 }],
  translations: {},
  allergens: [],
  mayContain: [],
  diets: [],
  tags: [],
  available: true,
  priceOnRequest: false,
  ...over,
});

describe('tokenizeCsv', () => {
  it.each([
    [
      'CRLF',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'LF without a final line end',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'old Mac CR',
      'a,b\r1,2\r',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'quoted delimiter, quote and line break',
      'a,b\r\n"x, y","say ""hi""\r\nthere"\r\n',
      [
        ['a', 'b'],
        ['x, y', 'say "hi"\r\nthere'],
      ],
    ],
    ['blank lines are not rows', 'a\r\n\r\n1\r\n\r\n', [['a'], ['1']]],
    [
      'empty cells',
      'a,b,c\r\n,,\r\n',
      [
        ['a', 'b', 'c'],
        ['', '', ''],
      ],
    ],
    [
      'semicolons (a German spreadsheet)',
      'a;b\r\n"1,5";2\r\n',
      [
        ['a', 'b'],
        ['1,5', '2'],
      ],
    ],
    [
      'tabs',
      'a\tb\r\n1\t2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['a quote inside an unquoted cell stays', 'a\r\n5" pizza\r\n', [['a'], ['5" pizza']]],
  ])('%s', (_name, text, records) => {
    expect(tokenizeCsv(text, 100)).toEqual({ records, count: records.length });
  });

  it('says where a quote is never closed or text follows a closing quote', () => {
    expect(tokenizeCsv('a\r\n1\r\n"open\r\n', 10).error).toEqual({ row: 3, column: '', message: expect.stringContaining('never closed') });
    expect(tokenizeCsv('a\r\n"x"y\r\n', 10).error).toMatchObject({ row: 2, message: expect.stringContaining('after its closing quote') });
  });

  it('counts every record but keeps only the first ones', () => {
    const { records, count } = tokenizeCsv('a\n'.repeat(50), 10);
    expect(records).toHaveLength(10);
    expect(count).toBe(50);
  });
});

describe('serializeMenuCsv and parseMenuCsv', () => {
  const tricky = [
    'Plain',
    'Comma, inside',
    'Quote "inside"',
    'Line\r\nbreak',
    'Line\nfeed',
    '=SUM(A1:A2)',
    '+49 cocktail',
    '-20% happy hour',
    '@home',
    "'quoted' apostrophes",
    'Crème brûlée — 焼き鳥 🍕',
  ];

  it.each(tricky)('round-trips the text %j in every text column', (text) => {
    const csv = serializeMenuCsv(
      [
        item({
          section: text,
          name: text,
          description: text,
          prices: [{ label: text.slice(0, 50), amount: 1 }],
          translations: { de: { name: text, description: text, 'prices.0': text.slice(0, 50) } },
          sectionTranslations: { de: { name: text } },
        }),
      ],
      options,
    );
    const parsed = parseMenuCsv(new TextEncoder().encode(csv), options);
    expect(parsed).toMatchObject({ ok: true, errors: [] });
    const [row] = parsed.ok ? parsed.rows : [];
    const cellText = text.trim();
    expect(row).toMatchObject({
      section: cellText,
      name: cellText,
      description: cellText,
      prices: [{ label: cellText.slice(0, 50).trim(), amount: 1 }],
      translations: { de: { name: cellText, description: cellText, 'prices.0': cellText.slice(0, 50).trim() } },
      sectionTranslations: { de: { name: cellText } },
    });
  });

  it('defuses formulas for spreadsheets and writes CRLF, a BOM and decimals in the currency', () => {
    const csv = serializeMenuCsv([item({ name: '=HYPERLINK("x")', prices: [{ label: 'Glass', amount: 1200 }] })], {
      languages: ['en'],
      currency: 'JPY',
    });
    expect(csv).toBe(
      '\ufeffid,section,sectionDescription,name,description,price_1,price_1_label,allergens,mayContain,diets,tags,available,priceOnRequest\r\n' +
        'abcdefghijklmno,Soups,,"\'=HYPERLINK(""x"")",,1200,Glass,,,,,yes,no\r\n',
    );
  });

  it('reads allergen codes and names, diet spellings and yes/no words', () => {
    const parsed = parseMenuCsv(
      'section,name,price_1,price_1_label,allergens,mayContain,diets,available\r\nS,N,1,,"A, milk; Celery",nuts|H,Gluten Free,N\r\n',
      options,
    );
    expect(parsed.ok && parsed.rows[0]).toMatchObject({
      allergens: ['gluten', 'milk', 'celery'],
      mayContain: ['nuts'],
      diets: ['gluten-free'],
      available: false,
    });
  });

  it('leaves out what the file has no column for', () => {
    const parsed = parseMenuCsv('name,section,price_1,price_1_label\nN,S,1.5,\n', options);
    expect(parsed.ok && parsed.rows[0]).toEqual({
      row: 2,
      id: '',
      section: 'S',
      name: 'N',
      prices: [{ label: '', amount: 150 }],
      sectionTranslations: {},
      translations: {},
    });
  });

  it('refuses duplicate and unpaired columns', () => {
    const parsed = parseMenuCsv('section,name,name,price_1,price_2_label\r\n', options);
    expect(parsed.ok).toBe(false);
    expect(parsed.errors.map((e) => e.column)).toEqual(['name', 'price_1_label', 'price_2']);
  });

  it(`takes ${MENU_CSV_MAX_ROWS} rows and refuses one more`, () => {
    const file = (n: number) => `section,name,price_1,price_1_label\n${'S,N,1,\n'.repeat(n)}`;
    expect(parseMenuCsv(file(MENU_CSV_MAX_ROWS), options)).toMatchObject({ ok: true, errors: [] });
    expect(parseMenuCsv(file(MENU_CSV_MAX_ROWS + 1), options)).toMatchObject({ ok: false, message: expect.stringContaining('5,001 rows') });
  });

  it('lists too many cells, missing names, sections and prices with their row', () => {
    const parsed = parseMenuCsv('section,name,price_1,price_1_label\r\nS,N,1,,extra\r\n,,,Glass\r\n', options);
    expect(parsed.errors).toEqual([
      { row: 2, column: '', message: 'Has 5 cells, but the header has 4 columns' },
      { row: 3, column: 'section', message: 'Every item needs a section' },
      { row: 3, column: 'name', message: 'Every item needs a name' },
      { row: 3, column: 'price_1', message: 'The label "Glass" has no price' },
    ]);
  });
});

describe('decodeMenuCsv', () => {
  it('reads UTF-8 with or without a BOM', () => {
    expect(decodeMenuCsv(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ text: 'a' });
    expect(decodeMenuCsv(new TextEncoder().encode('Groß'))).toEqual({ text: 'Groß' });
  });

  it.each([
    ['Latin-1', new Uint8Array([0x61, 0x0a, 0x47, 0x72, 0x6f, 0xdf]), /not UTF-8 \(line 2/],
    ['UTF-16 LE', new Uint8Array([0xff, 0xfe, 0x61, 0x00]), /UTF-16/],
    ['UTF-16 BE', new Uint8Array([0xfe, 0xff, 0x00, 0x61]), /UTF-16/],
    ['UTF-16 without a BOM', new Uint8Array([0x61, 0x00, 0x62, 0x00]), /zero bytes/],
    ['a workbook', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14]), /workbook/],
  ])('refuses %s', (_name, bytes, message) => {
    const result = decodeMenuCsv(bytes);
    expect('error' in result && result.error).toMatch(message);
  });
});

describe('price on request', () => {
  it('round-trips an item without an amount, and needs one otherwise', () => {
    const text = serializeMenuCsv([item({ prices: [], priceOnRequest: true })], options);
    const parsed = parseMenuCsv(text, options);
    expect(parsed.ok && parsed.rows[0]).toMatchObject({ prices: [], priceOnRequest: true });
    const refused = parseMenuCsv(text.replace(',yes\r\n', ',no\r\n'), options);
    expect(refused.errors.map((e) => e.column)).toEqual(['price_1']);
  });
});
