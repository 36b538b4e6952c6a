/**
 * Menu schedules: weekly windows { day 0-6 (Sunday = 0), start 'HH:MM', end 'HH:MM' } in a venue's
 * local time. An empty schedule means the menu is always on; a window whose end is before its
 * start runs past midnight; equal start and end mean the whole day. The one copy of these rules:
 * the guest page decides with them which menus are on, the staff app previews with them.
 */

export interface ScheduleWindow {
  day: number;
  start: string;
  end: string;
}

/** A moment as a weekday and minute of that day in some time zone. */
export interface WeekMinute {
  day: number;
  minutes: number;
}

export const MINUTES_PER_DAY = 24 * 60;
const WEEK = 7 * MINUTES_PER_DAY;

/** Weekday names, Sunday first (index = day value), in English as the rest of the app. */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Display order of the editor: Monday to Sunday. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** '18:30' → 1110; NaN for anything else. */
export function toMinutes(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : Number.NaN;
}

/** 1110 → '18:30' (wrapping around the day). */
export function fromMinutes(minutes: number): string {
  const m = ((Math.round(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The minutes of the week [from, to) a window covers, counted from Sunday 00:00 (to may pass the week's end). */
function span(w: ScheduleWindow): [number, number] {
  let start = toMinutes(w.start);
  let end = toMinutes(w.end);
  if (end === start)
    [start, end] = [0, MINUTES_PER_DAY]; // the whole day
  else if (end < start) end += MINUTES_PER_DAY; // past midnight
  return [w.day * MINUTES_PER_DAY + start, w.day * MINUTES_PER_DAY + end];
}

/** Whether the schedule shows the menu at a weekday and minute (an empty schedule: always). */
export function isOnAt(schedule: readonly ScheduleWindow[] | null | undefined, at: WeekMinute): boolean {
  if (!schedule?.length) return true;
  const t = at.day * MINUTES_PER_DAY + at.minutes;
  return schedule.some((w) => {
    const [from, to] = span(w);
    if (Number.isNaN(from) || Number.isNaN(to)) return false;
    // A window running past Saturday midnight continues on Sunday morning.
    return (t >= from && t < to) || (t + WEEK >= from && t + WEEK < to);
  });
}

/**
 * The next start of a window after `at` (within a week; a window starting right now counts a week
 * later), or null without windows. `today`: it starts later on the same weekday.
 */
export function nextOpening(
  schedule: readonly ScheduleWindow[] | null | undefined,
  at: WeekMinute,
): { day: number; start: string; today: boolean } | null {
  let best: { wait: number; w: ScheduleWindow } | null = null;
  const t = at.day * MINUTES_PER_DAY + at.minutes;
  for (const w of schedule ?? []) {
    const from = w.day * MINUTES_PER_DAY + toMinutes(w.start);
    if (Number.isNaN(from)) continue;
    const wait = (((from - t) % WEEK) + WEEK) % WEEK || WEEK;
    if (!best || wait < best.wait) best = { wait, w };
  }
  return best ? { day: best.w.day, start: best.w.start, today: best.w.day === at.day } : null;
}

/** The time zone of this browser (the default for new venues, and when no venue shows a menu yet). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** One formatter per zone: building one costs far more than using it (the guest page asks often). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (zoneFormats.size >= 1000) zoneFormats.clear();
    zoneFormats.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** The wall-clock fields of an instant in a time zone (weekday 0 = Sunday). */
export function wallClock(date: Date, timeZone: string): WallClock {
  const parts = zoneFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    second: Number(part('second')),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday')),
  };
}

/** The weekday and minute of `date` in `timeZone`. */
export function weekMinuteIn(date: Date, timeZone: string): WeekMinute {
  const c = wallClock(date, timeZone);
  return { day: c.weekday, minutes: c.hour * 60 + c.minute };
}

/** How far `timeZone` is ahead of UTC at `date`, in milliseconds. */
function offsetAt(date: Date, timeZone: string): number {
  const c = wallClock(date, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The instant a `<input type="datetime-local">` value ('2025-03-01T18:00') names in `timeZone`,
 * or null when the value is not a date-time. Times skipped by a clock change move forward.
 */
export function zonedInputToDate(value: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const naive = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(naive)) return null;
  let guess = naive - offsetAt(new Date(naive), timeZone);
  // Twice is enough to settle on the offset in force at the result (clock changes).
  guess = naive - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** The `<input type="datetime-local">` value of an instant in `timeZone`; '' for no date. */
export function dateToZonedInput(date: Date | null | undefined, timeZone: string): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const c = wallClock(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}
