/**
 * Times of day as each user's locale writes them, one format everywhere (issue 23: the schedule
 * preview mixed "06:12 AM" with "Tuesday at 06:12"). The locale's own short time decides the hour
 * cycle and padding ("6:12 PM" in English, "18:12" in German, French, Italian and Spanish); dates
 * and weekdays are added around it with the same hour options. Pure Intl: no DOM, no Node.
 */

type TimeParts = Pick<Intl.DateTimeFormatOptions, 'hour' | 'minute' | 'hourCycle'>;

const timeParts = new Map<string, TimeParts>();

/** The hour, minute and hour cycle of the locale's short time ("h12", numeric hour in English). */
export function localeTimeParts(locale: string): TimeParts {
  let parts = timeParts.get(locale);
  if (!parts) {
    const short = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
    // resolvedOptions() does not say whether the short time pads the hour ("06:12"): its parts do.
    const hour = short.formatToParts(new Date(Date.UTC(2000, 0, 1, 6, 5))).find((p) => p.type === 'hour')?.value ?? '';
    parts = { hour: hour.length === 2 ? '2-digit' : 'numeric', minute: '2-digit', hourCycle: short.resolvedOptions().hourCycle ?? 'h23' };
    timeParts.set(locale, parts);
  }
  return parts;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, timeZone: string | undefined, extra: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, timeZone ?? '', extra]);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...extra, ...localeTimeParts(locale), ...(timeZone ? { timeZone } : {}) });
    if (formats.size >= 500) formats.clear();
    formats.set(key, f);
  }
  return f;
}

/** An instant's time of day in a zone (the viewer's when none): "6:12 PM", "18:12". */
export function formatTime(instant: Date, locale: string, timeZone?: string): string {
  return format(locale, timeZone, {}).format(instant);
}

/** An instant with its weekday: "Tue 6:12 PM", "Di., 18:12". */
export function formatWeekdayTime(instant: Date, locale: string, timeZone?: string, weekday: 'short' | 'long' = 'short'): string {
  return format(locale, timeZone, { weekday }).format(instant);
}

/** An instant with its date: "Feb 3, 6:12 PM", "3. Feb., 18:12". */
export function formatDateTimeShort(instant: Date, locale: string, timeZone?: string): string {
  return format(locale, timeZone, { day: 'numeric', month: 'short' }).format(instant);
}

/** A wall-clock time "HH:MM" (a schedule's, an input's) as the locale writes it; '' when it is not one. */
export function formatClock(hhmm: string, locale: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return '';
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  // "24:00" is a schedule's end of day: written as the locale writes midnight.
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return '';
  return formatTime(new Date(Date.UTC(2000, 0, 1, hour % 24, minute)), locale, 'UTC');
}
