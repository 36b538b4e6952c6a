import { DEFAULT_CURRENCY } from './constants.ts';

/**
 * Money, the one copy for the server, the guest page and the staff app: amounts are stored as
 * whole minor units of the organization's currency, and how many digits a minor unit has is the
 * currency's ISO 4217 exponent (EUR 2: 1250 is 12.50; JPY 0: 1250 is 1250; KWD 3: 1250 is 1.250).
 * Dividing by 100 is right only for some currencies, so nothing outside this file should.
 */

/**
 * ISO 4217 exponents that are not 2 (the list's current edition). Kept as data rather than asked
 * of Intl, whose CLDR digits differ from ISO for a few currencies and between runtimes.
 */
const EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** How many minor-unit digits a currency has (EUR 2, JPY 0, KWD 3); 2 for unknown codes. */
export function currencyExponent(currency: string | null | undefined): number {
  return EXPONENTS[(currency || DEFAULT_CURRENCY).toUpperCase()] ?? 2;
}

/**
 * Parses a typed amount into minor units, or null when it is not a non-negative amount with at most
 * the currency's number of decimals. The last `.` or `,` is the decimal mark, except that a lone
 * separator followed by exactly three digits in a currency with fewer decimals groups thousands
 * ("1,250" is 1250.00); spaces, apostrophes and currency symbols are ignored.
 */
export function parseMoney(input: string, currency?: string | null): number | null {
  const digits = currencyExponent(currency);
  const text = input
    .trim()
    .replace(/[\s\u00a0\u202f'’]/g, '')
    .replace(/^(\p{Sc}|[A-Z]{3})/u, '')
    .replace(/(\p{Sc}|[A-Z]{3})$/u, '');
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const marks = [...text.matchAll(/[.,]/g)].map((m) => ({ char: m[0], index: m.index }));
  let whole = text;
  let fraction = '';
  const last = marks.at(-1);
  if (last) {
    const after = text.slice(last.index + 1);
    const onlyKind = marks.every((m) => m.char === last.char);
    const grouping = onlyKind && (marks.length > 1 || (after.length === 3 && digits < 3));
    if (grouping) {
      // Every group after the first must have exactly three digits.
      const groups = text.split(last.char);
      if (groups.slice(1).some((g) => g.length !== 3) || groups[0] === '') return null;
      whole = groups.join('');
    } else {
      whole = text.slice(0, last.index);
      fraction = after;
      const groupMarks = marks.slice(0, -1);
      if (groupMarks.some((m) => m.char === last.char)) return null;
      if (groupMarks.length) {
        const groups = whole.split(groupMarks[0]!.char);
        if (groups.slice(1).some((g) => g.length !== 3) || groups[0] === '') return null;
        whole = groups.join('');
      }
    }
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  if (fraction.length > digits) return null;
  if (whole === '' && fraction === '') return null;
  const value = Number(whole || '0') * 10 ** digits + Number((fraction || '').padEnd(digits, '0') || '0');
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Minor units as a plain decimal with the currency's digits ("12.50"; "1250" for JPY; "1.250"
 * for KWD): the text of a money input, and schema.org's `price`. '' for nothing.
 */
export function toDecimalAmount(minor: number | null | undefined, currency?: string | null): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const digits = currencyExponent(currency);
  if (digits === 0) return String(Math.round(minor));
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** The decimal mark people write in a locale ("." in English, "," in German); "." when unknown. */
export function decimalMark(locale?: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
}

/**
 * Minor units as a person in `locale` types them into a price field: the plain decimal with the
 * locale's decimal mark and no grouping ("12,50" in German, "1200" for JPY, "1,250" for KWD in
 * German), which `parseMoney` reads back to the same amount.
 */
export function moneyInputText(minor: number | null | undefined, currency?: string | null, locale?: string): string {
  const text = toDecimalAmount(minor, currency);
  return locale ? text.replace('.', decimalMark(locale)) : text;
}

export interface FormatMoneyOptions {
  /** Whole amounts without decimals ("€9" rather than "€9.00"), as price tags of plans show them. */
  trimWhole?: boolean;
}

/** Formatters are costly to build and a page formats many prices: one per locale, currency and digits. */
const formatters = new Map<string, Intl.NumberFormat>();
const MAX_FORMATTERS = 500;

function formatter(locale: string | undefined, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

/**
 * Minor units for people in a locale ("€12.50", "12,50 €", "¥1,250", "KWD 1.250"); the runtime's
 * locale when none is given. An unknown currency or locale falls back to "12.50 XYZ".
 */
export function formatMoney(minor: number, currency?: string | null, locale?: string, options: FormatMoneyOptions = {}): string {
  const code = currency || DEFAULT_CURRENCY;
  const exponent = currencyExponent(code);
  const digits = options.trimWhole && minor % 10 ** exponent === 0 ? 0 : exponent;
  try {
    return formatter(locale, code, digits).format(minor / 10 ** exponent);
  } catch {
    return `${toDecimalAmount(minor, code)} ${code}`;
  }
}

/** The currency's symbol as the locale shows it ("€", "CHF"). */
export function currencySymbol(currency?: string | null, locale?: string): string {
  const code = currency || DEFAULT_CURRENCY;
  try {
    return (
      new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? code
    );
  } catch {
    return code;
  }
}
