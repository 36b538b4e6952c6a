import { ALLERGENS } from './constants.ts';
import { dietConflict, isDietKey, DIET_KEYS } from './diets.ts';
import { currencyExponent, parseMoney, toDecimalAmount } from './money.ts';
import { priceLabelKey } from './translations.ts';

/**
 * A menu as a spreadsheet (issue 20, item 8): one row per item, the same file for export and
 * import, so a menu can round-trip through Excel, LibreOffice or Google Sheets.
 *
 * Columns (the header row names them; order is free on import, only `section`, `name` and
 * `price_1` + `price_1_label` are required):
 *
 *   id                      the item's id (empty for a new item); import matches by id, then by section + name
 *   section, section@de     the section's name and its translations (the same on every row of a section)
 *   sectionDescription, sectionDescription@de   the section's description (likewise)
 *   name, name@de           the item's name and translations
 *   description, description@de
 *   price_1, price_1_label, price_1_label@de, price_2, …  up to 10 price variants: the amount as a
 *                           decimal in the currency's own digits ("12.50", JPY "1200", KWD "1.250") and its label
 *   allergens, mayContain   allergen keys or letter codes ("milk, eggs" or "G, C"), comma separated
 *   diets                   dietary label keys ("vegan, spicy-1")
 *   tags                    the organization's tag names, comma separated
 *   available               yes / no
 *   priceOnRequest          yes / no: no amount, guests read "Price on request" (then no price is needed)
 *
 * `@xx` columns exist for the menu's other languages. The file is UTF-8 with a BOM (Excel reads
 * it as UTF-8 only then), RFC 4180 quoting, CRLF line ends. Cells that a spreadsheet would run as
 * a formula (starting with = + - @) are written with a leading apostrophe, which import removes.
 */

export const MENU_CSV_MAX_ROWS = 5000;
export const MENU_CSV_MAX_PRICES = 10;
/** Bytes an import may send: 5,000 rows of long descriptions in several languages. */
export const MENU_CSV_MAX_BYTES = 16 * 1024 * 1024;
const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;
const LABEL_MAX = 50;
const TRANSLATION_MAX = 2000;
const AMOUNT_MAX = 100_000_000;

const BOM = '\ufeff';
const FORMULA_START = /^[=+\-@\t\r]/;

export interface MenuCsvPrice {
  label: string;
  amount: number;
}

/** One item as the CSV carries it (export input; import output adds row numbers and presence). */
export interface MenuCsvItem {
  id: string;
  section: string;
  sectionDescription: string;
  /** lang → key (`name`, `description`) → the section's text in that language. */
  sectionTranslations: Record<string, Record<string, string>>;
  name: string;
  description: string;
  prices: MenuCsvPrice[];
  /** lang → key (`name`, `description`, `prices.N`) → text. */
  translations: Record<string, Record<string, string>>;
  allergens: string[];
  mayContain: string[];
  diets: string[];
  /** Tag names. */
  tags: string[];
  available: boolean;
  priceOnRequest: boolean;
}

export interface MenuCsvOptions {
  /** The menu's languages, the default one first. */
  languages: readonly string[];
  currency: string;
}

/** A problem of one cell (or of the whole row when `column` is ''); row 1 is the header. */
export interface MenuCsvRowError {
  row: number;
  column: string;
  message: string;
}

/**
 * One parsed row. Optional fields are undefined when their column is missing from the file (an
 * update keeps the stored value); translation maps hold only the columns the file has ('' clears).
 */
export interface MenuCsvRow {
  row: number;
  id: string;
  section: string;
  sectionDescription?: string;
  sectionTranslations: Record<string, Record<string, string>>;
  name: string;
  description?: string;
  prices: MenuCsvPrice[];
  translations: Record<string, Record<string, string>>;
  allergens?: string[];
  mayContain?: string[];
  diets?: string[];
  tags?: string[];
  available?: boolean;
  priceOnRequest?: boolean;
}

export type MenuCsvParse =
  | { ok: true; rows: MenuCsvRow[]; errors: MenuCsvRowError[] }
  /** The file cannot be read at all (encoding, header, size): nothing of it is used. */
  | { ok: false; message: string; errors: MenuCsvRowError[] };

/** What an import did or would do (`POST /api/menus/{id}/import`), row by row. */
export interface MenuCsvPreview {
  applied: boolean;
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  sectionsCreated: number;
  changes: { row: number; action: 'create' | 'update' | 'unchanged'; section: string; name: string; fields: string[] }[];
  errors: MenuCsvRowError[];
}

/* ---------- Columns ---------- */

const priceColumn = (n: number) => `price_${n}`;
const labelColumn = (n: number) => `price_${n}_label`;
const translated = (column: string, lang: string) => `${column}@${lang}`;

/** The header of a menu's CSV: every column, translations beside their source. */
export function menuCsvHeader(languages: readonly string[], priceCount: number): string[] {
  const others = languages.slice(1);
  const withTranslations = (column: string) => [column, ...others.map((l) => translated(column, l))];
  const prices: string[] = [];
  for (let n = 1; n <= Math.max(1, Math.min(priceCount, MENU_CSV_MAX_PRICES)); n++)
    prices.push(priceColumn(n), ...withTranslations(labelColumn(n)));
  return [
    'id',
    ...withTranslations('section'),
    ...withTranslations('sectionDescription'),
    ...withTranslations('name'),
    ...withTranslations('description'),
    ...prices,
    'allergens',
    'mayContain',
    'diets',
    'tags',
    'available',
    'priceOnRequest',
  ];
}

/* ---------- Writing ---------- */

/** One cell, quoted when it must be (RFC 4180), formula starts defused. */
function cell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const list = (values: readonly string[]) => values.join(', ');

/** The whole file: BOM, header, one row per item, CRLF after every row. */
export function serializeMenuCsv(items: readonly MenuCsvItem[], { languages, currency }: MenuCsvOptions): string {
  const priceCount = Math.max(1, ...items.map((i) => i.prices.length));
  const header = menuCsvHeader(languages, priceCount);
  const others = languages.slice(1);
  const lines = [header.map(cell).join(',')];
  for (const item of items) {
    const values: Record<string, string> = {
      id: item.id,
      section: item.section,
      sectionDescription: item.sectionDescription,
      name: item.name,
      description: item.description,
      allergens: list(item.allergens),
      mayContain: list(item.mayContain),
      diets: list(item.diets),
      tags: list(item.tags),
      available: item.available ? 'yes' : 'no',
      priceOnRequest: item.priceOnRequest ? 'yes' : 'no',
    };
    for (const lang of others) {
      values[translated('section', lang)] = item.sectionTranslations[lang]?.name ?? '';
      values[translated('sectionDescription', lang)] = item.sectionTranslations[lang]?.description ?? '';
      values[translated('name', lang)] = item.translations[lang]?.name ?? '';
      values[translated('description', lang)] = item.translations[lang]?.description ?? '';
    }
    item.prices.forEach((p, i) => {
      values[priceColumn(i + 1)] = toDecimalAmount(p.amount, currency);
      values[labelColumn(i + 1)] = p.label;
      for (const lang of others) values[translated(labelColumn(i + 1), lang)] = item.translations[lang]?.[priceLabelKey(i)] ?? '';
    });
    lines.push(header.map((column) => cell(values[column] ?? '')).join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/* ---------- Reading bytes ---------- */

/**
 * The file's text, or why it is refused. Only UTF-8 is read (a BOM is fine): a Latin-1 or
 * UTF-16 file would import wrong letters without anyone noticing, so it is refused with the way
 * out ("Save as CSV UTF-8").
 */
export function decodeMenuCsv(bytes: Uint8Array): { text: string } | { error: string } {
  const saveAs = 'Save it again as "CSV UTF-8" (Excel: File › Save As › CSV UTF-8; LibreOffice: Character set "Unicode (UTF-8)").';
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return { error: `This is a spreadsheet workbook (.xlsx or .ods), not a CSV file. ${saveAs}` };
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
    return { error: `This file is UTF-16 text; only UTF-8 can be imported. ${saveAs}` };
  if (bytes.includes(0)) return { error: `This file contains zero bytes: it is UTF-16 text or not a text file. ${saveAs}` };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.startsWith(BOM) ? text.slice(1) : text };
  } catch {
    // Where it goes wrong: the line of the first byte that is not UTF-8.
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const at = lenient.indexOf('\ufffd');
    const line = lenient.slice(0, Math.max(0, at)).split('\n').length;
    return {
      error: `This file is not UTF-8 (line ${line} has a character in another encoding, such as Latin-1 or Windows-1252). ${saveAs}`,
    };
  }
}

/* ---------- Tokenizing ---------- */

/** The delimiter of the header line: spreadsheets in many locales save with ";" (or tabs). */
function detectDelimiter(text: string): string {
  const end = text.search(/\r|\n/);
  const first = end < 0 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((d) => ({ d, n: first.split(d).length - 1 }));
  return counts.reduce((best, c) => (c.n > best.n ? c : best)).d;
}

/**
 * RFC 4180 records: quoted fields may hold delimiters, line breaks and doubled quotes; CRLF, LF
 * and CR line ends are all read. Stops counting fields past `maxRecords` (only the count is kept).
 */
export function tokenizeCsv(text: string, maxRecords: number): { records: string[][]; count: number; error?: MenuCsvRowError } {
  const delimiter = detectDelimiter(text);
  const records: string[][] = [];
  let count = 0;
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let quoteRow = 0;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    // A line with nothing on it is not a row (trailing blank lines of spreadsheets).
    if (!(record.length === 1 && record[0] === '')) {
      count++;
      if (count <= maxRecords) records.push(record);
    }
    record = [];
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n')
          return {
            records,
            count,
            error: {
              row: count + 1,
              column: '',
              message: 'A quoted cell continues after its closing quote; double the quotes inside a cell ("")',
            },
          };
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      quoteRow = count + 1;
      i++;
    } else if (ch === delimiter) {
      record.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) return { records, count, error: { row: quoteRow, column: '', message: 'A quoted cell is never closed (a " is missing)' } };
  if (field !== '' || record.length) endRecord();
  return { records, count };
}

/* ---------- Reading rows ---------- */

const ALLERGEN_BY_TOKEN = new Map<string, string>(
  ALLERGENS.flatMap((a) => [
    [a.key, a.key],
    [a.code.toLowerCase(), a.key],
    [a.name.toLowerCase(), a.key],
  ]),
);

/** Cells as typed: a defused formula start loses its apostrophe, ends are trimmed. */
const clean = (value: string) => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value).trim();
const splitList = (value: string) =>
  value
    .split(/[,;|]/)
    .map((v) => v.trim())
    .filter(Boolean);

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);

interface HeaderInfo {
  index: Map<string, number>;
  priceCount: number;
}

/** Checks the header: known columns only, no duplicates, the required ones, price pairs complete. */
function readHeader(header: string[], languages: readonly string[]): { info: HeaderInfo } | { errors: MenuCsvRowError[] } {
  const others = languages.slice(1);
  const known = new Set(menuCsvHeader(languages, MENU_CSV_MAX_PRICES));
  const errors: MenuCsvRowError[] = [];
  const index = new Map<string, number>();
  header.forEach((raw, i) => {
    const name = clean(raw);
    if (name === '' && i === header.length - 1 && i > 0) return; // a trailing delimiter
    if (index.has(name)) {
      errors.push({ row: 1, column: name, message: `The column "${name}" appears twice` });
      return;
    }
    if (!known.has(name)) {
      const lang = /@(.+)$/.exec(name)?.[1];
      const why =
        lang && !others.includes(lang)
          ? `"${lang}" is not one of this menu's other languages (${others.join(', ') || 'none'})`
          : `Unknown column "${name}"`;
      errors.push({ row: 1, column: name, message: `${why}. Columns are: ${menuCsvHeader(languages, 2).join(', ')}, …` });
      return;
    }
    index.set(name, i);
  });
  for (const required of ['section', 'name', priceColumn(1)])
    if (!index.has(required)) errors.push({ row: 1, column: required, message: `The column "${required}" is missing` });
  let priceCount = 0;
  for (let n = 1; n <= MENU_CSV_MAX_PRICES; n++) {
    const price = index.has(priceColumn(n));
    const label = index.has(labelColumn(n));
    if (price !== label)
      errors.push({
        row: 1,
        column: price ? labelColumn(n) : priceColumn(n),
        message: `"${priceColumn(n)}" and "${labelColumn(n)}" go together: add the missing one`,
      });
    if (price) priceCount = n;
  }
  return errors.length ? { errors } : { info: { index, priceCount } };
}

function readList(
  value: string,
  column: string,
  resolve: (token: string) => string | undefined,
  what: string,
  error: (column: string, message: string) => void,
): string[] {
  const out: string[] = [];
  for (const token of splitList(value)) {
    const key = resolve(token.toLowerCase());
    if (!key) error(column, `"${token}" is not ${what}`);
    else if (!out.includes(key)) out.push(key);
  }
  return out;
}

function readRow(record: string[], row: number, info: HeaderInfo, options: MenuCsvOptions, errors: MenuCsvRowError[]): MenuCsvRow {
  const others = options.languages.slice(1);
  const error = (column: string, message: string) => errors.push({ row, column, message });
  const has = (column: string) => info.index.has(column);
  const get = (column: string) => clean(record[info.index.get(column) ?? -1] ?? '');
  const text = (column: string, max: number) => {
    const value = get(column);
    if (value.length > max) error(column, `Has ${value.length} characters; at most ${max} are allowed`);
    return value;
  };
  const translations: Record<string, Record<string, string>> = {};
  const putTranslation = (lang: string, key: string, column: string) => {
    if (has(column)) (translations[lang] ??= {})[key] = text(column, TRANSLATION_MAX);
  };
  const sectionTranslations: Record<string, Record<string, string>> = {};
  for (const lang of others) {
    if (has(translated('section', lang))) (sectionTranslations[lang] ??= {}).name = text(translated('section', lang), NAME_MAX);
    if (has(translated('sectionDescription', lang)))
      (sectionTranslations[lang] ??= {}).description = text(translated('sectionDescription', lang), DESCRIPTION_MAX);
    putTranslation(lang, 'name', translated('name', lang));
    putTranslation(lang, 'description', translated('description', lang));
  }

  const section = text('section', NAME_MAX);
  if (!section) error('section', 'Every item needs a section');
  const name = text('name', NAME_MAX);
  if (!name) error('name', 'Every item needs a name');

  const prices: MenuCsvPrice[] = [];
  for (let n = 1; n <= info.priceCount; n++) {
    const amountText = get(priceColumn(n));
    const label = text(labelColumn(n), LABEL_MAX);
    if (!amountText) {
      if (label) error(priceColumn(n), `The label "${label}" has no price`);
      continue;
    }
    // parseMoney reads "1.250" as a thousand and a quarter in EUR: in a file nobody can ask back, refuse it.
    if (currencyExponent(options.currency) < 3 && /^\D*\d{1,3}[.,]\d{3}\D*$/.test(amountText)) {
      error(
        priceColumn(n),
        `"${amountText}" is ambiguous: write the amount without a thousands separator and with at most ${currencyExponent(options.currency)} decimals (like ${toDecimalAmount(1250, options.currency)})`,
      );
      continue;
    }
    const amount = parseMoney(amountText, options.currency);
    if (amount === null || amount > AMOUNT_MAX) {
      error(
        priceColumn(n),
        `"${amountText}" is not a price in ${options.currency} (write it like ${toDecimalAmount(1250, options.currency)})`,
      );
      continue;
    }
    // Label translations follow their variant, also when an empty pair before it is skipped.
    for (const lang of others) {
      const column = translated(labelColumn(n), lang);
      if (!has(column)) continue;
      const value = text(column, LABEL_MAX);
      if (value && !label) error(column, 'A translation of an empty label');
      else (translations[lang] ??= {})[priceLabelKey(prices.length)] = value;
    }
    prices.push({ label, amount });
  }
  let onRequest: boolean | undefined;
  if (has('priceOnRequest')) {
    const value = get('priceOnRequest').toLowerCase();
    if (YES.has(value)) onRequest = true;
    else if (NO.has(value)) onRequest = false;
    else if (value) error('priceOnRequest', `"${get('priceOnRequest')}" is not yes or no`);
  }
  if (!prices.length && !onRequest && !errors.some((e) => e.row === row && e.column.startsWith('price_')))
    error(priceColumn(1), 'Every item needs a price, or "yes" in priceOnRequest');

  const out: MenuCsvRow = { row, id: get('id'), section, sectionTranslations, name, prices, translations };
  if (onRequest !== undefined) out.priceOnRequest = onRequest;
  if (has('description')) out.description = text('description', DESCRIPTION_MAX);
  if (has('sectionDescription')) out.sectionDescription = text('sectionDescription', DESCRIPTION_MAX);
  const allergen = (token: string) => ALLERGEN_BY_TOKEN.get(token);
  const allergenHelp = 'an allergen (use a key such as "milk" or a letter code such as "G")';
  if (has('allergens')) out.allergens = readList(get('allergens'), 'allergens', allergen, allergenHelp, error);
  if (has('mayContain')) out.mayContain = readList(get('mayContain'), 'mayContain', allergen, allergenHelp, error);
  if (has('diets')) {
    const diet = (token: string) => {
      const key = token.replace(/[\s_]+/g, '-');
      return isDietKey(key) ? key : undefined;
    };
    out.diets = readList(get('diets'), 'diets', diet, `a dietary label (one of ${DIET_KEYS.join(', ')})`, error);
  }
  if (has('tags')) out.tags = splitList(get('tags'));
  if (has('available')) {
    const value = get('available').toLowerCase();
    if (YES.has(value)) out.available = true;
    else if (NO.has(value)) out.available = false;
    else if (value) error('available', `"${get('available')}" is not yes or no`);
  }
  const both = out.allergens?.find((a) => out.mayContain?.includes(a));
  if (both) error('mayContain', `"${both}" is either contained or may be contained, not both`);
  const conflict = out.diets && out.allergens ? dietConflict(out.diets, out.allergens) : null;
  if (conflict) error('diets', conflict);
  return out;
}

/**
 * Reads an uploaded file: bytes (checked to be UTF-8) or text. Problems of the whole file come
 * back alone (`ok: false`); otherwise every row is read and each cell's problem is listed with its
 * row (as a spreadsheet numbers it: the header is row 1) and column.
 */
export function parseMenuCsv(input: Uint8Array | string, options: MenuCsvOptions): MenuCsvParse {
  let text: string;
  if (typeof input === 'string') text = input.startsWith(BOM) ? input.slice(1) : input;
  else {
    const decoded = decodeMenuCsv(input);
    if ('error' in decoded) return { ok: false, message: decoded.error, errors: [] };
    text = decoded.text;
  }
  const { records, count, error } = tokenizeCsv(text, MENU_CSV_MAX_ROWS + 1);
  if (error) return { ok: false, message: `Row ${error.row}: ${error.message}.`, errors: [] };
  const [header, ...body] = records;
  if (!header) return { ok: false, message: 'The file is empty: it needs a header row and a row per item.', errors: [] };
  if (count - 1 > MENU_CSV_MAX_ROWS)
    return {
      ok: false,
      message: `The file has ${(count - 1).toLocaleString('en')} rows; one import takes at most ${MENU_CSV_MAX_ROWS.toLocaleString('en')}. Split it into several files.`,
      errors: [],
    };
  const read = readHeader(header, options.languages);
  if ('errors' in read) return { ok: false, message: read.errors.map((e) => `${e.message}.`).join(' '), errors: read.errors };
  if (!body.length) return { ok: false, message: 'The file has a header but no rows.', errors: [] };
  const errors: MenuCsvRowError[] = [];
  const width = header.length;
  const rows = body.map((record, i) => {
    const row = i + 2;
    if (record.length > width && record.slice(width).some((v) => v.trim() !== ''))
      errors.push({ row, column: '', message: `Has ${record.length} cells, but the header has ${width} columns` });
    return readRow(record, row, read.info, options, errors);
  });
  return { ok: true, rows, errors };
}
