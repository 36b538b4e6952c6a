import {
  dateOfDay,
  dayNumber,
  hasHours,
  spansOn,
  localMomentIn,
  statusAtLocal,
  type HoursPoint,
  type OpeningHours,
} from '../../../../shared/opening-hours.ts';
import { MINUTES_PER_DAY, toMinutes, zonedInputToDate, type ScheduleWindow } from '../../../../shared/schedule.ts';

/**
 * The "Sold out until…" choices of service mode, all computed on the VENUE's clocks with the
 * kernel's schedule and opening-hours rules (shared/schedule.ts, shared/opening-hours.ts), never a
 * second copy of them:
 *
 * - End of service: when what the guest is ordering from stops being served.
 *   1. The item's menu has a schedule and is on now: the end of its current window ("Lunch
 *      11:30–15:00" → 15:00; windows that touch or overlap run on, as opening hours do).
 *   2. Otherwise the venue's opening hours, if set and open now: closing time.
 *   3. Otherwise the end of the venue's day (00:00 of the next day).
 * - Tomorrow: the venue's first opening from tomorrow 00:00 on when it has opening hours (tonight's
 *   service running past midnight does not count: the opening after it); without hours, 00:00 of
 *   the next day.
 * - A time ('HH:MM'): its next occurrence on the venue's clocks (22:00 at 23:10 is tomorrow's).
 */

const at = (point: HoursPoint, timeZone: string): Date | null => zonedInputToDate(`${point.date}T${point.time}`, timeZone);
const midnightAfter = (day: number, timeZone: string): Date | null => zonedInputToDate(`${dateOfDay(day + 1)}T00:00`, timeZone);

/** End of service for an item of a menu with `schedule`, at a venue with `hours` (or none), from `now`. */
export function endOfService(
  schedule: readonly ScheduleWindow[] | null | undefined,
  hours: OpeningHours | null | undefined,
  now: Date,
  timeZone: string,
): Date | null {
  const local = localMomentIn(now, timeZone);
  if (schedule?.length) {
    const s = statusAtLocal({ weekly: [...schedule], exceptions: [] }, local);
    if (s.open && s.closes) return at(s.closes, timeZone);
  }
  if (hasHours(hours)) {
    const s = statusAtLocal(hours, local);
    if (s.open && s.closes) return at(s.closes, timeZone);
  }
  return midnightAfter(local.day, timeZone);
}

/** Tomorrow: the first opening from the venue's next midnight on (or that midnight without hours). */
export function tomorrowOpening(hours: OpeningHours | null | undefined, now: Date, timeZone: string): Date | null {
  const today = localMomentIn(now, timeZone).day;
  if (hasHours(hours)) {
    const midnight = { day: today + 1, minutes: 0 };
    let s = statusAtLocal(hours, midnight);
    // Open at midnight only because tonight's service runs past it: tomorrow starts after that.
    const opensAtMidnight = spansOn(hours, midnight.day).some(([from]) => from === midnight.day * MINUTES_PER_DAY);
    if (s.open && s.closes && !opensAtMidnight)
      s = statusAtLocal(hours, { day: dayNumber(s.closes.date), minutes: toMinutes(s.closes.time) });
    if (!s.open && s.opens) return at(s.opens, timeZone);
  }
  return midnightAfter(today, timeZone);
}

/**
 * The dialog's two quick choices: end of service and tomorrow, the latter left out when it is
 * the same instant (no hours and no schedule: both are the venue's next midnight).
 */
export function untilChoices(
  schedule: readonly ScheduleWindow[] | null | undefined,
  hours: OpeningHours | null | undefined,
  now: Date,
  timeZone: string,
): { end: Date | null; tomorrow: Date | null } {
  const end = endOfService(schedule, hours, now, timeZone);
  const tomorrow = tomorrowOpening(hours, now, timeZone);
  return { end, tomorrow: tomorrow && end && tomorrow.getTime() === end.getTime() ? null : tomorrow };
}

/** The next time the venue's clocks show `hhmm` after `now` (null for anything but 'HH:MM'). */
export function nextTimeOfDay(hhmm: string, now: Date, timeZone: string): Date | null {
  const minutes = toMinutes(hhmm);
  if (Number.isNaN(minutes)) return null;
  const local = localMomentIn(now, timeZone);
  const day = minutes > local.minutes ? local.day : local.day + 1;
  return zonedInputToDate(`${dateOfDay(day)}T${hhmm}`, timeZone);
}
