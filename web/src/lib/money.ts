/**
 * Money in the staff app: prices are stored as whole minor units (cents) and typed by people in
 * whatever way their keyboard and habits suggest ("12.50", "12,50", "1.234,50", "€ 7").
 */

const DEFAULT_CURRENCY = 'EUR';

/** How many minor-unit digits a currency has (EUR 2, JPY 0, KWD 3); 2 for unknown codes. */
export function fractionDigits(currency: string | undefined | null): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency || DEFAULT_CURRENCY }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Parses a typed amount into minor units, or null when it is not a non-negative amount with at most
 * the currency's number of decimals. The last `.` or `,` is the decimal mark, except that a lone
 * separator followed by exactly three digits in a currency with fewer decimals groups thousands
 * ("1,250" is 1250.00); spaces, apostrophes and currency symbols are ignored.
 */
export function parseMoney(input: string, currency?: string | null): number | null {
  const digits = fractionDigits(currency);
  const text = input.trim().replace(/[\s\u00a0\u202f'’]/g, '').replace(/^(\p{Sc}|[A-Z]{3})/u, '').replace(/(\p{Sc}|[A-Z]{3})$/u, '');
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

/** Minor units as the text of a money input ("12.50"; "1250" for JPY); '' for nothing. */
export function toMoneyInput(minor: number | null | undefined, currency?: string | null): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const digits = fractionDigits(currency);
  if (digits === 0) return String(Math.round(minor));
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** Minor units for people, in the browser's locale: "€12.50", "12,50 €". */
export function formatMoney(minor: number, currency?: string | null, locale?: string): string {
  const code = currency || DEFAULT_CURRENCY;
  const digits = fractionDigits(code);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
  } catch {
    return `${toMoneyInput(minor, code)} ${code}`;
  }
}

/** The currency's symbol as the browser shows it ("€", "CHF"). */
export function currencySymbol(currency?: string | null, locale?: string): string {
  const code = currency || DEFAULT_CURRENCY;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}
