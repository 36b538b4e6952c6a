import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateToZonedInput,
  wallClock,
  fromMinutes,
  isOnAt,
  nextOpening,
  toMinutes,
  weekMinuteIn,
  zonedInputToDate,
  type ScheduleWindow,
} from './schedule.ts';

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
    expect(nextOpening(lunchAndLate, at(1, '15:00'))).toEqual({ day: 5, start: '22:00', today: false });
    expect(nextOpening(lunchAndLate, at(6, '21:00'))).toEqual({ day: 1, start: '11:30', today: false });
    expect(nextOpening(lunchAndLate, at(1, '11:30'))).toEqual({ day: 5, start: '22:00', today: false });
    expect(nextOpening(lunchAndLate, at(1, '09:00'))).toEqual({ day: 1, start: '11:30', today: true });
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

describe('menu schedules in the venue time zone (the guest page)', () => {
  it('reads local weekday and minutes', () => {
    // 2026-06-15 is a Monday; 10:30 UTC is 12:30 in Vienna (CEST).
    expect(weekMinuteIn(new Date('2026-06-15T10:30:00Z'), 'Europe/Vienna')).toEqual({ day: 1, minutes: 750 });
    expect(weekMinuteIn(new Date('2026-06-15T02:30:00Z'), 'America/New_York')).toEqual({ day: 0, minutes: 22 * 60 + 30 });
    expect(wallClock(new Date('2026-06-15T02:30:00Z'), 'America/New_York')).toEqual({
      year: 2026,
      month: 6,
      day: 14,
      hour: 22,
      minute: 30,
      second: 0,
      weekday: 0,
    });
  });

  it.each([
    [[], { day: 3, minutes: 100 }, true],
    [[{ day: 1, start: '11:30', end: '14:00' }], { day: 1, minutes: 12 * 60 }, true],
    [[{ day: 1, start: '11:30', end: '14:00' }], { day: 1, minutes: 14 * 60 }, false],
    [[{ day: 1, start: '11:30', end: '14:00' }], { day: 2, minutes: 12 * 60 }, false],
    [[{ day: 5, start: '18:00', end: '02:00' }], { day: 6, minutes: 60 }, true],
    [[{ day: 6, start: '18:00', end: '02:00' }], { day: 0, minutes: 90 }, true],
    [[{ day: 6, start: '00:00', end: '00:00' }], { day: 6, minutes: 1000 }, true],
  ])('isOnAt(%j, %j) = %s', (schedule, t, expected) => {
    expect(isOnAt(schedule, t)).toBe(expected);
  });

  it('finds the next start for "Available from"', () => {
    const dinner = [
      { day: 1, start: '18:00', end: '22:00' },
      { day: 2, start: '18:00', end: '22:00' },
    ];
    expect(nextOpening(dinner, { day: 1, minutes: 12 * 60 })).toEqual({ day: 1, start: '18:00', today: true });
    expect(nextOpening(dinner, { day: 1, minutes: 23 * 60 })).toEqual({ day: 2, start: '18:00', today: false });
  });
});

describe('schedule properties', () => {
  const seed = Number(process.env.FC_SEED ?? 20261125);
  console.log('fast-check seed', seed);
  const hhmm = fc.tuple(fc.nat(23), fc.nat(59)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const window = fc.record({ day: fc.nat(6), start: hhmm, end: hhmm });
  const moment = fc.record({ day: fc.nat(6), minutes: fc.nat(24 * 60 - 1) });

  it('a window is on at its own start', () => {
    fc.assert(
      fc.property(window, (w) => isOnAt([w], { day: w.day, minutes: toMinutes(w.start) })),
      { seed },
    );
  });

  it('the next opening is the first window start after now, walking the week minute by minute', () => {
    fc.assert(
      fc.property(fc.array(window, { minLength: 1, maxLength: 4 }), moment, (windows, t) => {
        const week = 7 * 24 * 60;
        const now = t.day * 24 * 60 + t.minutes;
        let expected: number | null = null;
        for (let step = 1; step <= week && expected === null; step++) {
          const m = (now + step) % week;
          if (windows.some((w) => w.day * 24 * 60 + toMinutes(w.start) === m)) expected = m;
        }
        const next = nextOpening(windows, t);
        return next !== null && next.day * 24 * 60 + toMinutes(next.start) === expected;
      }),
      { seed, numRuns: 50 },
    );
  });

  it('a datetime-local value survives the round trip through a zone', () => {
    const zones = fc.constantFrom('UTC', 'Europe/Vienna', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe');
    const instant = fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((ms) => new Date(Math.floor(ms / 60000) * 60000));
    fc.assert(
      fc.property(
        instant,
        zones,
        (date, zone) =>
          zonedInputToDate(dateToZonedInput(date, zone), zone)?.getTime() === date.getTime() ||
          // In the hour a clock change repeats, a wall-clock time names two instants: either is right.
          dateToZonedInput(zonedInputToDate(dateToZonedInput(date, zone), zone), zone) === dateToZonedInput(date, zone),
      ),
      { seed },
    );
  });
});
