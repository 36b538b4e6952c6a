import { describe, expect, it } from 'vitest';
import { dateToZonedInput, fromMinutes, isOnAt, nextOpening, toMinutes, weekMinuteIn, zonedInputToDate, type ScheduleWindow } from './schedule.ts';

const at = (day: number, hhmm: string) => ({ day, minutes: toMinutes(hhmm) });

describe('schedule', () => {
  const lunchAndLate: ScheduleWindow[] = [
    { day: 1, start: '11:30', end: '14:30' },
    { day: 5, start: '22:00', end: '02:00' },
    { day: 6, start: '20:00', end: '01:00' },
  ];

  it.each([
    [null, at(3, '03:00'), true],
    [[], at(3, '03:00'), true],
    [lunchAndLate, at(1, '11:29'), false],
    [lunchAndLate, at(1, '11:30'), true],
    [lunchAndLate, at(1, '14:29'), true],
    [lunchAndLate, at(1, '14:30'), false],
    [lunchAndLate, at(5, '23:00'), true],
    [lunchAndLate, at(6, '01:59'), true],
    [lunchAndLate, at(6, '02:00'), false],
    // Saturday night runs into Sunday morning.
    [lunchAndLate, at(0, '00:30'), true],
    [lunchAndLate, at(0, '01:00'), false],
    [[{ day: 2, start: '00:00', end: '00:00' }], at(2, '23:59'), true],
    [[{ day: 2, start: '00:00', end: '00:00' }], at(3, '00:00'), false],
    [[{ day: 2, start: '10:00', end: '10:00' }], at(2, '08:00'), true],
    [[{ day: 2, start: '10:00', end: '10:00' }], at(3, '08:00'), false],
  ] as const)('%j at %j → %s', (schedule, time, expected) => {
    expect(isOnAt(schedule as ScheduleWindow[] | null, time)).toBe(expected);
  });

  it('finds the next opening within the week', () => {
    expect(nextOpening(lunchAndLate, at(1, '15:00'))).toEqual({ day: 5, start: '22:00' });
    expect(nextOpening(lunchAndLate, at(6, '21:00'))).toEqual({ day: 1, start: '11:30' });
    expect(nextOpening(lunchAndLate, at(1, '11:30'))).toEqual({ day: 5, start: '22:00' });
    expect(nextOpening([], at(1, '11:30'))).toBeNull();
  });

  it('converts minutes and times', () => {
    expect(toMinutes('18:30')).toBe(1110);
    expect(toMinutes('24:00')).toBeNaN();
    expect(fromMinutes(1110)).toBe('18:30');
    expect(fromMinutes(-30)).toBe('23:30');
  });

  it('reads and writes wall-clock times in a zone', () => {
    // 2025-01-15 is a Wednesday; Vienna is UTC+1 in winter, UTC+2 in summer.
    expect(weekMinuteIn(new Date('2025-01-15T17:00:00Z'), 'Europe/Vienna')).toEqual({ day: 3, minutes: 18 * 60 });
    expect(zonedInputToDate('2025-01-15T18:00', 'Europe/Vienna')?.toISOString()).toBe('2025-01-15T17:00:00.000Z');
    expect(zonedInputToDate('2025-07-15T18:00', 'Europe/Vienna')?.toISOString()).toBe('2025-07-15T16:00:00.000Z');
    expect(zonedInputToDate('2025-07-15T18:00', 'America/New_York')?.toISOString()).toBe('2025-07-15T22:00:00.000Z');
    expect(dateToZonedInput(new Date('2025-07-15T16:00:00Z'), 'Europe/Vienna')).toBe('2025-07-15T18:00');
    expect(dateToZonedInput(null, 'UTC')).toBe('');
    expect(zonedInputToDate('nope', 'UTC')).toBeNull();
  });
});
