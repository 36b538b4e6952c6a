// i18n-namespace: 'service' (the `t` here is service mode's: i18n.getFixedT(null, 'service'))
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import type { ItemState } from './service-marks.ts';

/** Translates a key of the `service` namespace (or `common:…`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

// The rows of a long menu format the same few times: one formatter per language, zone and day kind.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** An instant in the venue's time zone, in the user's locale: "22:00" today, "Fri 11:00" later. */
export function timeText(value: Date | string, timeZone: string, now: Date): string {
  const d = typeof value === 'string' ? new Date(value.replace(' ', 'T')) : value;
  if (Number.isNaN(d.getTime())) return '';
  const day = formatter('en-CA', { timeZone, dateStyle: 'short' });
  const sameDay = day.format(d) === day.format(now);
  return formatter(activeLanguage(), { timeZone, hour: 'numeric', minute: '2-digit', ...(sameDay ? {} : { weekday: 'short' }) }).format(d);
}

/** How a row reads its state: "Available", "Sold out until 22:00", "Sold out at every venue (menu editor)". */
export function stateText(t: Translate, state: ItemState, timeZone: string, now: Date): string {
  if (state.kind === 'available') return t('available');
  const time = state.until ? timeText(state.until, timeZone, now) : '';
  if (state.kind === 'soldOutEverywhere') return time ? t('soldOutEverywhereUntil', { time }) : t('soldOutEverywhere');
  return time ? t('soldOutUntil', { time }) : t('soldOut');
}
