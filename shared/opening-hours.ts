import { MINUTES_PER_DAY, toMinutes, wallClock, type ScheduleWindow } from './schedule.ts';

/**
 * A venue's opening hours: weekly windows (shared/schedule.ts's shape and rules: Sunday = 0, an end
 * before the start runs past midnight, equal start and end mean the whole day; several per day)
 * and exceptions for dates or date ranges (holidays, seasonal closing) that replace the weekly
 * windows of the days they cover, closed or with their own windows. Hours are wall-clock times
 * in the venue's time zone: "22:00" is 22:00 on the venue's clocks, whatever a clock change did
 * that night. The one copy of these rules: the guest page's "Open now" line, its hours table and
 * JSON-LD, and the staff app's preview use them.
 *
 * Which rule wins: an exception covering a date wins over the weekly plan for the windows that
 * START on that date (a Saturday-night window running past midnight still ends on a Sunday that an
 * exception closes); of several exceptions covering a date the shortest range wins (a holiday
 * inside a seasonal range), then the first listed.
 */

export interface HoursException {
  /** First day, 'YYYY-MM-DD' (the venue's calendar). */
  from: string;
  /** Last day (inclusive); '' or absent = only `from`. */
  to?: string;
  /** Closed all day(s); otherwise `windows` are the hours of each covered day. */
  closed: boolean;
  windows: { start: string; end: string }[];
  /** Shown to guests ("Christmas", "Winter break"). */
  note?: string;
}

export interface OpeningHours {
  weekly: ScheduleWindow[];
  exceptions: HoursException[];
}

export const EMPTY_HOURS: OpeningHours = { weekly: [], exceptions: [] };

/** How far ahead "opens …" looks (a seasonal closing is at most a year: the schema's rule). */
export const HORIZON_DAYS = 370;
export const MAX_EXCEPTION_DAYS = 366;

/** A calendar date as a day number (days since 1970-01-01), NaN for anything else. */
export function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  // 2025-02-30 is not a date.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return Number.NaN;
  return t / 86_400_000;
}

/** A day number's date 'YYYY-MM-DD'. */
export function dateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The weekday of a day number (0 = Sunday; 1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** A window's minutes [from, to) relative to its day's midnight (to up to 48 h: past midnight). */
function windowSpan(w: { start: string; end: string }): [number, number] | null {
  const start = toMinutes(w.start);
  const end = toMinutes(w.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  if (start === end) return [0, MINUTES_PER_DAY]; // the whole day
  return [start, end < start ? end + MINUTES_PER_DAY : end];
}

/** The exception that rules a day, if any. */
export function exceptionOn(hours: OpeningHours, day: number): HoursException | undefined {
  let best: { e: HoursException; length: number } | undefined;
  for (const e of hours.exceptions) {
    const from = dayNumber(e.from);
    const to = e.to ? dayNumber(e.to) : from;
    if (!(day >= from && day <= to)) continue;
    if (!best || to - from < best.length) best = { e, length: to - from };
  }
  return best?.e;
}

/** The windows starting on a day, as absolute minutes [from, to) (day number × 1440 + minute). */
export function spansOn(hours: OpeningHours, day: number): [number, number][] {
  const exception = exceptionOn(hours, day);
  const windows = exception ? (exception.closed ? [] : exception.windows) : hours.weekly.filter((w) => w.day === weekdayOf(day));
  const base = day * MINUTES_PER_DAY;
  return windows
    .map(windowSpan)
    .filter((s): s is [number, number] => s !== null)
    .map(([a, b]) => [base + a, base + b]);
}

/** A moment in the venue's calendar: a day number and a minute of that day. */
export interface LocalMoment {
  day: number;
  minutes: number;
}

export interface HoursPoint {
  /** 'YYYY-MM-DD', weekday (0 = Sunday) and 'HH:MM' on the venue's clocks. */
  date: string;
  weekday: number;
  time: string;
  /** Days after the moment asked about (0 = the same day). */
  inDays: number;
}

export type HoursStatus =
  | { open: true; /** null: open beyond the horizon (24/7). */ closes: HoursPoint | null }
  | { open: false; /** null: no opening within the horizon. */ opens: HoursPoint | null };

function point(absolute: number, today: number): HoursPoint {
  const day = Math.floor(absolute / MINUTES_PER_DAY);
  const m = absolute - day * MINUTES_PER_DAY;
  return {
    date: dateOfDay(day),
    weekday: weekdayOf(day),
    time: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
    inDays: day - today,
  };
}

/** Whether the venue has any hours at all (no weekly window and no exception: nothing to show). */
export const hasHours = (hours: OpeningHours | null | undefined): hours is OpeningHours =>
  Boolean(hours && (hours.weekly.length || hours.exceptions.length));

/** Open or closed at a moment of the venue's calendar, and when that changes next. */
export function statusAtLocal(hours: OpeningHours, at: LocalMoment): HoursStatus {
  const t = at.day * MINUTES_PER_DAY + at.minutes;
  const last = at.day + HORIZON_DAYS;
  const byDay = new Map<number, [number, number][]>();
  const on = (d: number) => {
    let s = byDay.get(d);
    if (!s) byDay.set(d, (s = spansOn(hours, d)));
    return s;
  };
  // Windows of the day before may run past midnight into this one.
  const current = [...on(at.day - 1), ...on(at.day)].filter(([a, b]) => a <= t && t < b);
  if (current.length) {
    // Closing: the end of the window, carried on by every window that overlaps or follows seamlessly
    // (a window starts on its own day, so only the days from the one before `end` can carry it).
    let end = Math.max(...current.map(([, b]) => b));
    for (;;) {
      const endDay = Math.floor(end / MINUTES_PER_DAY);
      if (endDay > last) return { open: true, closes: null };
      const next = [...on(endDay - 1), ...on(endDay)].filter(([a, b]) => a <= end && b > end);
      if (!next.length) break;
      end = Math.max(...next.map(([, b]) => b));
    }
    return { open: true, closes: point(end, at.day) };
  }
  // Closed: the first later start (every window of a later day starts after every one of an earlier day).
  for (let d = at.day; d <= last; d++) {
    const starts = on(d)
      .map(([a]) => a)
      .filter((a) => a > t);
    if (starts.length) return { open: false, opens: point(Math.min(...starts), at.day) };
  }
  return { open: false, opens: null };
}

/** The venue's calendar day and minute at an instant in its time zone. */
export function localMomentIn(date: Date, timeZone: string): LocalMoment {
  const c = wallClock(date, timeZone);
  return { day: Date.UTC(c.year, c.month - 1, c.day) / 86_400_000, minutes: c.hour * 60 + c.minute };
}

/** Open or closed at an instant, in the venue's time zone. */
export function hoursStatus(hours: OpeningHours, date: Date, timeZone: string): HoursStatus {
  return statusAtLocal(hours, localMomentIn(date, timeZone));
}

/**
 * The weekly plan as schema.org `OpeningHoursSpecification`s, one per distinct window with the
 * days it applies to (a window past midnight closes at its end time, as schema.org reads closes <
 * opens; a whole day closes at 23:59), and the exceptions with `validFrom`/`validThrough`
 * (closed: 00:00–00:00).
 */
export function openingHoursLd(hours: OpeningHours): Record<string, unknown>[] {
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const closes = (w: { start: string; end: string }) => (w.start === w.end ? '23:59' : w.end);
  const grouped = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const w of hours.weekly) {
    const key = `${w.start}-${closes(w)}`;
    const g = grouped.get(key) ?? { opens: w.start, closes: closes(w), days: [] };
    const name = days[w.day];
    if (name && !g.days.includes(name)) g.days.push(name);
    grouped.set(key, g);
  }
  const weekly = [...grouped.values()].map((g) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: g.days.length === 1 ? g.days[0] : g.days,
    opens: g.opens,
    closes: g.closes,
  }));
  const exceptions = hours.exceptions.flatMap((e) => {
    const valid = { validFrom: e.from, validThrough: e.to || e.from };
    if (e.closed || !e.windows.length) return [{ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', ...valid }];
    return e.windows.map((w) => ({ '@type': 'OpeningHoursSpecification', opens: w.start, closes: closes(w), ...valid }));
  });
  return [...weekly, ...exceptions];
}
