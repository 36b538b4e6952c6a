/**
 * The print kit (issue 22, item 6): QR codes for a range of tables, laid out on one of a few
 * templates. The server draws them (`GET /api/venues/{id}/print-kit`); the staff app's dialog uses
 * the same templates for its preview and the same limits for its form.
 */

/** At most this many tables in one kit (500 A6 pages is already a thick print job). */
export const PRINT_KIT_MAX_TABLES = 500;
/** The highest table number a kit prints. */
export const PRINT_KIT_MAX_TABLE_NUMBER = 9999;

export type PrintKitTemplateId = 'a6' | 'a4-8' | 'a4-12' | 'a5-tent';
export type PrintKitFormat = 'pdf' | 'zip';

export interface PrintKitTemplate {
  id: PrintKitTemplateId;
  /** The sheet in millimetres (portrait unless noted). */
  page: { width: number; height: number };
  /** Columns and rows of cells on a sheet (1 × 1: one card per sheet). */
  columns: number;
  rows: number;
  /** One cell (a card, a sticker, a tent) in millimetres; the grid is centred on the sheet. */
  cell: { width: number; height: number };
  /** A tent: the cell is folded along its middle, its top half printed upside down. */
  tent?: boolean;
}

/** The templates, in the order the staff app offers them. */
export const PRINT_KIT_TEMPLATES: readonly PrintKitTemplate[] = [
  { id: 'a6', page: { width: 105, height: 148 }, columns: 1, rows: 1, cell: { width: 105, height: 148 } },
  { id: 'a4-8', page: { width: 210, height: 297 }, columns: 2, rows: 4, cell: { width: 90, height: 66 } },
  { id: 'a4-12', page: { width: 210, height: 297 }, columns: 3, rows: 4, cell: { width: 60, height: 66 } },
  { id: 'a5-tent', page: { width: 148, height: 210 }, columns: 1, rows: 1, cell: { width: 148, height: 210 }, tent: true },
];

export const PRINT_KIT_TEMPLATE_IDS = PRINT_KIT_TEMPLATES.map((t) => t.id);

export function printKitTemplate(id: string): PrintKitTemplate | undefined {
  return PRINT_KIT_TEMPLATES.find((t) => t.id === id);
}

/** Tables (cells) per printed sheet. */
export const perSheet = (t: PrintKitTemplate) => t.columns * t.rows;

export interface PrintKitParams {
  from: number;
  to: number;
  template: PrintKitTemplateId;
  format: PrintKitFormat;
  cropMarks: boolean;
  wifi: boolean;
  cta: boolean;
}

export type PrintKitParseResult = { ok: true; params: PrintKitParams } | { ok: false; field: keyof PrintKitParams; message: string };

const FLAG: Record<string, boolean> = { '1': true, true: true, yes: true, '0': false, false: false, no: false, '': false };

/**
 * Reads the kit's query parameters (strings as sent) strictly: whole table numbers 1–9999, `to` not
 * below `from`, at most 500 tables, a known template and format, flags as 1/0/true/false.
 * Defaults: template a4-12, format pdf, call to action on, Wi-Fi and crop marks off.
 */
export function parsePrintKitParams(query: Record<string, unknown>): PrintKitParseResult {
  const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).trim() : query[key] === undefined ? '' : null);
  const number = (key: 'from' | 'to'): number | string => {
    const raw = text(key);
    if (raw === '') return `Give the ${key === 'from' ? 'first' : 'last'} table number.`;
    if (raw === null || !/^\d{1,4}$/.test(raw) || Number(raw) < 1)
      return `The ${key === 'from' ? 'first' : 'last'} table must be a whole number from 1 to ${PRINT_KIT_MAX_TABLE_NUMBER}.`;
    return Number(raw);
  };
  const from = number('from');
  if (typeof from === 'string') return { ok: false, field: 'from', message: from };
  const to = number('to');
  if (typeof to === 'string') return { ok: false, field: 'to', message: to };
  if (to < from) return { ok: false, field: 'to', message: 'The last table cannot come before the first.' };
  if (to - from + 1 > PRINT_KIT_MAX_TABLES)
    return { ok: false, field: 'to', message: `A print kit holds at most ${PRINT_KIT_MAX_TABLES} tables; print the rest in a second kit.` };
  const template = text('template') || 'a4-12';
  if (!printKitTemplate(template))
    return { ok: false, field: 'template', message: `Choose one of the templates: ${PRINT_KIT_TEMPLATE_IDS.join(', ')}.` };
  const format = text('format') || 'pdf';
  if (format !== 'pdf' && format !== 'zip') return { ok: false, field: 'format', message: 'Choose the format pdf or zip.' };
  const flags: Partial<Record<'cropMarks' | 'wifi' | 'cta', boolean>> = {};
  for (const [key, fallback] of [
    ['cropMarks', false],
    ['wifi', false],
    ['cta', true],
  ] as const) {
    const raw = text(key);
    if (raw === null) return { ok: false, field: key, message: `${key} must be 1 or 0.` };
    const value = raw === '' && query[key] === undefined ? fallback : FLAG[raw.toLowerCase()];
    if (value === undefined) return { ok: false, field: key, message: `${key} must be 1 or 0.` };
    flags[key] = value;
  }
  return {
    ok: true,
    params: {
      from,
      to,
      template: template as PrintKitTemplateId,
      format,
      cropMarks: flags.cropMarks ?? false,
      wifi: flags.wifi ?? false,
      cta: flags.cta ?? true,
    },
  };
}

/** The URL a table's code opens: the guest page with `?src=qr&t=N` (guest stats count the scan for the table). */
export function tableUrl(appUrl: string, slug: string, table: number | string): string {
  return `${appUrl.replace(/\/+$/, '')}/m/${encodeURIComponent(slug)}?src=qr&t=${encodeURIComponent(String(table))}`;
}

/** The download's file name: `qr-cafe-central-tables-1-40-a4-12.pdf`. */
export function printKitFileName(slug: string, params: Pick<PrintKitParams, 'from' | 'to' | 'template' | 'format'>): string {
  const tables = params.from === params.to ? `table-${params.from}` : `tables-${params.from}-${params.to}`;
  return `qr-${slug || 'venue'}-${tables}${params.format === 'pdf' ? `-${params.template}` : ''}.${params.format}`;
}
