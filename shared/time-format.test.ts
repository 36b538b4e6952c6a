import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTimeShort, formatTime, formatWeekdayTime, localeTimeParts } from './time-format.ts';

// Tuesday 6 January 2026, 06:12 and 18:05 UTC.
const morning = new Date(Date.UTC(2026, 0, 6, 6, 12));
const evening = new Date(Date.UTC(2026, 0, 6, 18, 5));
/** Intl may join parts with narrow or no-break spaces: compare with plain ones. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('time format per locale', () => {
  it.each([
    ['en', '6:12 AM', '6:05 PM'],
    ['de', '06:12', '18:05'],
    ['fr', '06:12', '18:05'],
    ['it', '06:12', '18:05'],
    ['es', '6:12', '18:05'],
    ['en-GB', '06:12', '18:05'],
  ])('%s writes times one way', (locale, am, pm) => {
    expect(plain(formatTime(morning, locale, 'UTC'))).toBe(am);
    expect(plain(formatTime(evening, locale, 'UTC'))).toBe(pm);
    // The same hour, whether alone, with a weekday or with a date: never "06:12 AM" next to "06:12".
    expect(plain(formatWeekdayTime(morning, locale, 'UTC'))).toContain(am);
    expect(plain(formatDateTimeShort(evening, locale, 'UTC'))).toContain(pm);
    expect(plain(formatClock('06:12', locale))).toBe(am);
    expect(plain(formatClock('18:05', locale))).toBe(pm);
  });

  it('uses the locale hour cycle', () => {
    expect(localeTimeParts('en').hourCycle).toBe('h12');
    for (const l of ['de', 'fr', 'it', 'es']) expect(localeTimeParts(l).hourCycle).toBe('h23');
  });

  it('reads the instant in the given zone', () => {
    expect(plain(formatTime(evening, 'de', 'Europe/Vienna'))).toBe('19:05');
    expect(plain(formatTime(evening, 'en', 'America/New_York'))).toBe('1:05 PM');
    expect(plain(formatWeekdayTime(new Date(Date.UTC(2026, 0, 6, 23, 30)), 'de', 'Europe/Vienna'))).toBe('Mi., 00:30');
    expect(plain(formatWeekdayTime(morning, 'en', 'UTC', 'long'))).toBe('Tuesday 6:12 AM');
  });

  it('formats wall-clock times and refuses what is not one', () => {
    expect(plain(formatClock('24:00', 'de'))).toBe('00:00');
    expect(plain(formatClock('9:30', 'en'))).toBe('9:30 AM');
    for (const bad of ['', '25:00', '12:60', '24:01', 'noon', '12']) expect(formatClock(bad, 'en')).toBe('');
  });
});
