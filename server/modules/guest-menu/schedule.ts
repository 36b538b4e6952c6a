/** Weekly windows in the venue's local time: { day 0-6 (Sunday = 0), start 'HH:MM', end 'HH:MM' }. */
export interface ScheduleWindow { day: number; start: string; end: string }

export interface LocalTime { day: number; minutes: number }

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The weekday and minute of the day at `now` in a time zone. */
export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** True when a window covers the local time; a window ending before it starts runs past midnight. */
function covers(w: ScheduleWindow, t: LocalTime): boolean {
  const start = minutesOf(w.start);
  const end = minutesOf(w.end);
  if (start === end) return w.day === t.day; // all day
  if (end > start) return w.day === t.day && t.minutes >= start && t.minutes < end;
  const nextDay = (w.day + 1) % 7;
  return (w.day === t.day && t.minutes >= start) || (nextDay === t.day && t.minutes < end);
}

/** Whether a menu is on now; an empty schedule means always. */
export function isOpen(schedule: ScheduleWindow[] | null | undefined, t: LocalTime): boolean {
  if (!schedule || schedule.length === 0) return true;
  return schedule.some((w) => covers(w, t));
}

/** The next start within a week as { day, start } (for "Available from 18:00"), or null. */
export function nextStart(schedule: ScheduleWindow[] | null | undefined, t: LocalTime): { day: number; start: string; today: boolean } | null {
  if (!schedule?.length) return null;
  let best: { delta: number; w: ScheduleWindow } | null = null;
  for (const w of schedule) {
    let delta = (w.day - t.day) * 1440 + minutesOf(w.start) - t.minutes;
    if (delta <= 0) delta += 7 * 1440;
    if (!best || delta < best.delta) best = { delta, w };
  }
  return best ? { day: best.w.day, start: best.w.start, today: best.w.day === t.day } : null;
}
