import { describe, expect, it } from 'vitest';
import { endOfService, nextTimeOfDay, tomorrowOpening, untilChoices } from './service-times.ts';

/** Expected instants are written out by hand in UTC (Vienna is UTC+1 in winter, UTC+2 in summer). */
const VIENNA = 'Europe/Vienna';
// Thursday 26 November 2026, 12:40 in Vienna.
const THURSDAY_NOON = new Date('2026-11-26T11:40:00Z');
const iso = (d: Date | null) => d?.toISOString();
const hours = {
  weekly: [
    { day: 4, start: '11:00', end: '23:00' },
    { day: 5, start: '17:00', end: '01:30' },
  ],
  exceptions: [],
};

describe('sold out until… (venue time)', () => {
  it("ends service with the item's menu window when its menu has a schedule and is on", () => {
    const lunch = [{ day: 4, start: '11:30', end: '15:00' }];
    expect(iso(endOfService(lunch, hours, THURSDAY_NOON, VIENNA))).toBe('2026-11-26T14:00:00.000Z');
    // Windows that meet run on: 11:30–15:00 then 15:00–18:00 ends at 18:00.
    const split = [...lunch, { day: 4, start: '15:00', end: '18:00' }];
    expect(iso(endOfService(split, hours, THURSDAY_NOON, VIENNA))).toBe('2026-11-26T17:00:00.000Z');
  });
  it('ends service at closing time when the menu has no schedule (or is off) and the venue is open', () => {
    expect(iso(endOfService([], hours, THURSDAY_NOON, VIENNA))).toBe('2026-11-26T22:00:00.000Z');
    expect(iso(endOfService([{ day: 1, start: '08:00', end: '10:00' }], hours, THURSDAY_NOON, VIENNA))).toBe('2026-11-26T22:00:00.000Z');
    // Friday evening runs past midnight: closing is Saturday 01:30.
    expect(iso(endOfService(null, hours, new Date('2026-11-27T20:00:00Z'), VIENNA))).toBe('2026-11-28T00:30:00.000Z');
  });
  it('ends service at the end of the venue day without hours, or when closed now', () => {
    expect(iso(endOfService(null, null, THURSDAY_NOON, VIENNA))).toBe('2026-11-26T23:00:00.000Z');
    expect(iso(endOfService(null, hours, new Date('2026-11-26T06:00:00Z'), VIENNA))).toBe('2026-11-26T23:00:00.000Z');
    // Same wall clock in New York is another instant.
    expect(iso(endOfService(null, null, THURSDAY_NOON, 'America/New_York'))).toBe('2026-11-27T05:00:00.000Z');
  });
  it("tomorrow: the next day's opening, or its midnight without hours", () => {
    expect(iso(tomorrowOpening(hours, THURSDAY_NOON, VIENNA))).toBe('2026-11-27T16:00:00.000Z');
    expect(iso(tomorrowOpening(null, THURSDAY_NOON, VIENNA))).toBe('2026-11-26T23:00:00.000Z');
    // Friday's service runs past midnight and Saturday is closed: the next opening (Thursday 11:00).
    expect(iso(tomorrowOpening(hours, new Date('2026-11-27T10:00:00Z'), VIENNA))).toBe('2026-12-03T10:00:00.000Z');
    // A day that opens at midnight: 00:00.
    const early = { weekly: [{ day: 5, start: '00:00', end: '02:00' }], exceptions: [] };
    expect(iso(tomorrowOpening(early, THURSDAY_NOON, VIENNA))).toBe('2026-11-26T23:00:00.000Z');
  });
  it('offers "tomorrow" only when it is another instant than the end of service', () => {
    const withHours = untilChoices(null, hours, THURSDAY_NOON, VIENNA);
    expect([iso(withHours.end), iso(withHours.tomorrow)]).toEqual(['2026-11-26T22:00:00.000Z', '2026-11-27T16:00:00.000Z']);
    // No hours, no schedule: both would be the venue's next midnight; one choice shows it.
    const bare = untilChoices(null, null, THURSDAY_NOON, VIENNA);
    expect([iso(bare.end), bare.tomorrow]).toEqual(['2026-11-26T23:00:00.000Z', null]);
  });
  it('a time of day: its next occurrence on the venue clocks, across a clock change too', () => {
    expect(iso(nextTimeOfDay('22:00', THURSDAY_NOON, VIENNA))).toBe('2026-11-26T21:00:00.000Z');
    expect(iso(nextTimeOfDay('09:00', THURSDAY_NOON, VIENNA))).toBe('2026-11-27T08:00:00.000Z');
    // Saturday 28 March 2026, 23:00 CET: 22:00 next is Sunday, after the change to CEST.
    expect(iso(nextTimeOfDay('22:00', new Date('2026-03-28T22:00:00Z'), VIENNA))).toBe('2026-03-29T20:00:00.000Z');
    expect(nextTimeOfDay('25:00', THURSDAY_NOON, VIENNA)).toBeNull();
  });
});
