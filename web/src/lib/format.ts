import { activeLanguage, t } from './i18n/i18n.ts';

/**
 * Display helpers for the record service's values (dates as `YYYY-MM-DD HH:MM:SS.mmmZ`); money is
 * shared/money.ts. Dates and numbers follow the staff app's language, not the browser's.
 */

export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value) return null;
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Intl formatters are slow to create (a dashboard of charts formats hundreds of figures): one per
 * kind, language and options, kept.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object | undefined,
  create: (language: string) => F,
): F {
  const language = activeLanguage();
  const key = `${kind}|${language}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = create(language);
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatDate(value: unknown, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const d = parseDate(value);
  return d ? cached('date', options, (language) => new Intl.DateTimeFormat(language, options)).format(d) : '';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 minutes ago", "yesterday"; "just now" under a minute. */
export function formatRelative(value: unknown, now = Date.now()): string {
  const d = parseDate(value);
  if (!d) return '';
  const seconds = Math.round((d.getTime() - now) / 1000);
  const rtf = cached('relative', undefined, (language) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return t('time.justNow');
}

/** A number in the active language ("1.234,5" in German). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return cached('number', options, (language) => new Intl.NumberFormat(language, options)).format(value);
}
