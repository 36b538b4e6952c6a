import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  hoursStatus,
  localMomentIn,
  openingHoursLd,
  statusAtLocal,
  weekdayOf,
  spansOn,
  type HoursStatus,
  type OpeningHours,
  type LocalMoment,
} from './opening-hours.ts';
import { zOpeningHours } from './schemas/venue-info.ts';

const hours = (weekly: OpeningHours['weekly'], exceptions: OpeningHours['exceptions'] = []): OpeningHours => ({ weekly, exceptions });
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start, end }));
/** The instant of an ISO string with its UTC offset written by hand (independent of the code under test). */
const at = (iso: string) => new Date(iso);
const brief = (s: HoursStatus) =>
  s.open
    ? `open${s.closes ? ` until ${s.closes.inDays ? `+${s.closes.inDays}d ` : ''}${s.closes.time}` : ''}`
    : `closed${s.opens ? ` until ${s.opens.inDays ? `+${s.opens.inDays}d ` : ''}${s.opens.time}` : ''}`;

describe('opening hours: examples', () => {
  const bistro = hours([
    { day: 2, start: '12:00', end: '14:30' },
    { day: 2, start: '18:00', end: '22:00' },
    { day: 5, start: '18:00', end: '02:00' }, // Friday night past midnight
  ]);

  it('reads the windows of the day, several per day, and the next opening with its weekday', () => {
    // Tuesday 2026-11-24 in Vienna (CET, +01:00).
    expect(brief(hoursStatus(bistro, at('2026-11-24T12:30+01:00'), 'Europe/Vienna'))).toBe('open until 14:30');
    expect(brief(hoursStatus(bistro, at('2026-11-24T15:00+01:00'), 'Europe/Vienna'))).toBe('closed until 18:00');
    const closed = hoursStatus(bistro, at('2026-11-24T22:00+01:00'), 'Europe/Vienna');
    expect(closed).toMatchObject({ open: false, opens: { date: '2026-11-27', weekday: 5, time: '18:00', inDays: 3 } });
  });

  it('keeps a past-midnight window open into the next day', () => {
    // Saturday 01:30 belongs to Friday's window.
    const s = hoursStatus(bistro, at('2026-11-28T01:30+01:00'), 'Europe/Vienna');
    expect(s).toMatchObject({ open: true, closes: { date: '2026-11-28', time: '02:00', inDays: 0 } });
    expect(brief(hoursStatus(bistro, at('2026-11-28T02:00+01:00'), 'Europe/Vienna'))).toBe('closed until +3d 12:00');
  });

  it('lets exceptions win: a closed holiday, special hours, the shortest range inside a season', () => {
    const h = hours(everyDay('10:00', '20:00'), [
      { from: '2026-12-01', to: '2027-02-28', closed: false, windows: [{ start: '12:00', end: '16:00' }], note: 'Winter' },
      { from: '2026-12-24', to: '2026-12-26', closed: true, windows: [], note: 'Christmas' },
      { from: '2026-12-31', closed: false, windows: [{ start: '18:00', end: '03:00' }] },
    ]);
    expect(brief(hoursStatus(h, at('2026-11-30T11:00+01:00'), 'Europe/Vienna'))).toBe('open until 20:00');
    expect(brief(hoursStatus(h, at('2026-12-01T11:00+01:00'), 'Europe/Vienna'))).toBe('closed until 12:00');
    expect(brief(hoursStatus(h, at('2026-12-24T13:00+01:00'), 'Europe/Vienna'))).toBe('closed until +3d 12:00');
    // New Year's Eve runs past midnight into a winter day, and carries on into nothing.
    expect(brief(hoursStatus(h, at('2027-01-01T02:00+01:00'), 'Europe/Vienna'))).toBe('open until 03:00');
    expect(brief(hoursStatus(h, at('2027-03-01T10:00+01:00'), 'Europe/Vienna'))).toBe('open until 20:00');
  });

  it('says open without a closing time when open around the clock, and closed without opening when never open', () => {
    expect(hoursStatus(hours(everyDay('00:00', '00:00')), at('2026-06-01T03:00Z'), 'UTC')).toEqual({ open: true, closes: null });
    const closedForGood = hours([], [{ from: '2026-01-01', to: '2026-12-31', closed: true, windows: [] }]);
    expect(hoursStatus(closedForGood, at('2026-06-01T03:00Z'), 'UTC')).toEqual({ open: false, opens: null });
  });

  it('chains a window that ends where the next day’s starts: closes at the end of the chain', () => {
    const h = hours([
      { day: 5, start: '18:00', end: '00:00' },
      { day: 6, start: '00:00', end: '03:00' }, // written as two windows by an owner
    ]);
    expect(hoursStatus(h, at('2026-11-27T23:00Z'), 'UTC')).toMatchObject({ open: true, closes: { time: '03:00', inDays: 1 } });
  });
});

describe('opening hours across time zones and clock changes', () => {
  const late = hours([{ day: 6, start: '22:00', end: '04:00' }]); // Saturday night past midnight

  it('Europe/Vienna spring forward: a past-midnight window over the short night ends at 04:00 on the clock', () => {
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST. 01:30 CET is still Saturday's window.
    expect(brief(hoursStatus(late, at('2026-03-29T01:30+01:00'), 'Europe/Vienna'))).toBe('open until 04:00');
    expect(brief(hoursStatus(late, at('2026-03-29T03:59+02:00'), 'Europe/Vienna'))).toBe('open until 04:00');
    expect(brief(hoursStatus(late, at('2026-03-29T04:00+02:00'), 'Europe/Vienna'))).toBe('closed until +6d 22:00');
    // A window starting in the skipped hour opens at the first minute after it.
    const skipped = hours([{ day: 0, start: '02:30', end: '05:00' }]);
    expect(brief(hoursStatus(skipped, at('2026-03-29T01:59+01:00'), 'Europe/Vienna'))).toBe('closed until 02:30');
    expect(brief(hoursStatus(skipped, at('2026-03-29T03:00+02:00'), 'Europe/Vienna'))).toBe('open until 05:00');
  });

  it('Europe/Vienna fall back: both 02:30s are inside the window, 04:00 on the clock closes it', () => {
    // 2026-10-25: 03:00 CEST falls back to 02:00 CET.
    expect(brief(hoursStatus(late, at('2026-10-25T02:30+02:00'), 'Europe/Vienna'))).toBe('open until 04:00');
    expect(brief(hoursStatus(late, at('2026-10-25T02:30+01:00'), 'Europe/Vienna'))).toBe('open until 04:00');
    expect(brief(hoursStatus(late, at('2026-10-25T04:00+01:00'), 'Europe/Vienna'))).toBe('closed until +6d 22:00');
  });

  it('America/New_York: the same instant is another day there than in Vienna', () => {
    const lunch = hours([{ day: 1, start: '11:00', end: '15:00' }]);
    const instant = at('2026-11-23T16:30Z'); // Monday 11:30 in New York (EST, -05:00), 17:30 in Vienna
    expect(brief(hoursStatus(lunch, instant, 'America/New_York'))).toBe('open until 15:00');
    expect(brief(hoursStatus(lunch, instant, 'Europe/Vienna'))).toBe('closed until +7d 11:00');
    // 2026-03-08 spring forward in New York: 01:59 EST → 03:00 EDT.
    const night = hours([{ day: 6, start: '20:00', end: '03:00' }]);
    expect(brief(hoursStatus(night, at('2026-03-08T01:59-05:00'), 'America/New_York'))).toBe('open until 03:00');
    expect(brief(hoursStatus(night, at('2026-03-08T03:00-04:00'), 'America/New_York'))).toBe('closed until +6d 20:00');
  });

  it('Australia/Lord_Howe: the 30-minute shift keeps wall-clock hours', () => {
    // 2026-04-05: 02:00 LHDT (+11:00) falls back to 01:30 LHST (+10:30).
    const early = hours([{ day: 0, start: '01:00', end: '02:00' }]);
    expect(brief(hoursStatus(early, at('2026-04-05T01:45+11:00'), 'Australia/Lord_Howe'))).toBe('open until 02:00');
    expect(brief(hoursStatus(early, at('2026-04-05T01:45+10:30'), 'Australia/Lord_Howe'))).toBe('open until 02:00');
    expect(brief(hoursStatus(early, at('2026-04-05T02:00+10:30'), 'Australia/Lord_Howe'))).toBe('closed until +7d 01:00');
  });
});

describe('opening hours: properties', () => {
  const seed = Number(process.env.FC_SEED ?? 20261125);
  console.log('fast-check seed', seed);
  const hhmm = fc
    .tuple(fc.nat(23), fc.constantFrom(0, 15, 30, 45))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const window = fc.record({ day: fc.nat(6), start: hhmm, end: hhmm });
  const base = dayNumber('2026-01-01');
  const dateArb = fc.nat(400).map((d) => new Date((base + d) * 86_400_000).toISOString().slice(0, 10));
  const exception = fc
    .record({
      from: dateArb,
      len: fc.nat(20),
      closed: fc.boolean(),
      windows: fc.array(fc.record({ start: hhmm, end: hhmm }), { minLength: 1, maxLength: 2 }),
    })
    .map(({ from, len, closed, windows }) => ({
      from,
      to: new Date((dayNumber(from) + len) * 86_400_000).toISOString().slice(0, 10),
      closed,
      windows: closed ? [] : windows,
    }));
  const hoursArb = fc.record({ weekly: fc.array(window, { maxLength: 8 }), exceptions: fc.array(exception, { maxLength: 3 }) });
  const moment = fc.record({ day: fc.integer({ min: base, max: base + 400 }), minutes: fc.nat(24 * 60 - 1) });
  const zones = ['Europe/Vienna', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];

  /** Naive oracle: open when some window of the day or the day before covers the minute (brute force, no chaining). */
  const openAt = (h: OpeningHours, m: LocalMoment) => {
    const t = m.day * 1440 + m.minutes;
    return [...spansOn(h, m.day - 1), ...spansOn(h, m.day)].some(([a, b]) => a <= t && t < b);
  };
  const plus = (m: LocalMoment, minutes: number): LocalMoment => {
    const t = m.day * 1440 + m.minutes + minutes;
    return { day: Math.floor(t / 1440), minutes: t - Math.floor(t / 1440) * 1440 };
  };
  const toAbs = (m: LocalMoment) => m.day * 1440 + m.minutes;
  const pointAbs = (date: string, time: string) => dayNumber(date) * 1440 + Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

  it('generated hours pass the schema (the generator is the API’s input space)', () => {
    fc.assert(
      fc.property(hoursArb, (h) => zOpeningHours.safeParse(h).success),
      { seed, numRuns: 100 },
    );
  });

  it('open ⇔ a window covers the moment; closed until "opens", open until "closes", then the other state', () => {
    fc.assert(
      fc.property(hoursArb, moment, fc.nat(1000), (h, m, probe) => {
        const s = statusAtLocal(h, m);
        expect(s.open).toBe(openAt(h, m));
        const change = s.open ? s.closes : s.opens;
        if (!change) return;
        const end = pointAbs(change.date, change.time);
        expect(end).toBeGreaterThan(toAbs(m));
        expect(weekdayOf(dayNumber(change.date))).toBe(change.weekday);
        expect(dayNumber(change.date) - m.day).toBe(change.inDays);
        // Every minute before the change keeps the state (probed), the change's minute has the other.
        const p = plus(m, probe % (end - toAbs(m)));
        expect(openAt(h, p)).toBe(s.open);
        expect(openAt(h, plus(m, end - toAbs(m) - 1))).toBe(s.open);
        expect(openAt(h, plus(m, end - toAbs(m)))).toBe(!s.open);
      }),
      { seed, numRuns: 300 },
    );
  });

  it('at any instant in any zone, the status is that of the zone’s wall clock as an independent formatter reads it', () => {
    const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => new Date(ms - (ms % 60_000)));
    fc.assert(
      fc.property(hoursArb, instant, fc.constantFrom(...zones), (h, date, zone) => {
        const local = localMomentIn(date, zone);
        // The wall clock as an independent formatter reads it.
        const text = new Intl.DateTimeFormat('sv-SE', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(date);
        const [d, time] = text.split(' ');
        expect(local).toEqual({ day: dayNumber(d ?? ''), minutes: Number(time?.slice(0, 2)) * 60 + Number(time?.slice(3, 5)) });
        expect(hoursStatus(h, date, zone)).toEqual(statusAtLocal(h, local));
      }),
      { seed, numRuns: 300 },
    );
  });
});

describe('opening hours in JSON-LD', () => {
  it('gives each distinct window once with its days, and exceptions with their dates', () => {
    const h = hours([1, 2, 3].map((day) => ({ day, start: '11:30', end: '14:30' })).concat([{ day: 6, start: '10:00', end: '10:00' }]), [
      { from: '2026-12-24', closed: true, windows: [] },
    ]);
    expect(openingHoursLd(h)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday'], opens: '11:30', closes: '14:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '10:00', closes: '23:59' },
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-24', validThrough: '2026-12-24' },
    ]);
  });
});
