import { describe, expect, it } from 'vitest';
import { isOpen, localTime, nextStart } from './schedule.ts';
import { contrastRatio, ensureContrast, parseHex, readableOn } from './contrast.ts';

describe('menu schedules in the venue time zone', () => {
  it('reads local weekday and minutes', () => {
    // 2026-06-15 is a Monday; 10:30 UTC is 12:30 in Vienna (CEST).
    expect(localTime(new Date('2026-06-15T10:30:00Z'), 'Europe/Vienna')).toEqual({ day: 1, minutes: 750 });
    expect(localTime(new Date('2026-06-15T02:30:00Z'), 'America/New_York')).toEqual({ day: 0, minutes: 22 * 60 + 30 });
  });

  it.each([
    [[], { day: 3, minutes: 100 }, true],
    [[{ day: 1, start: '11:30', end: '14:00' }], { day: 1, minutes: 12 * 60 }, true],
    [[{ day: 1, start: '11:30', end: '14:00' }], { day: 1, minutes: 14 * 60 }, false],
    [[{ day: 1, start: '11:30', end: '14:00' }], { day: 2, minutes: 12 * 60 }, false],
    [[{ day: 5, start: '18:00', end: '02:00' }], { day: 6, minutes: 60 }, true],
    [[{ day: 6, start: '18:00', end: '02:00' }], { day: 0, minutes: 90 }, true],
    [[{ day: 6, start: '00:00', end: '00:00' }], { day: 6, minutes: 1000 }, true],
  ])('isOpen(%j, %j) = %s', (schedule, t, expected) => {
    expect(isOpen(schedule, t)).toBe(expected);
  });

  it('finds the next start for "Available from"', () => {
    const dinner = [{ day: 1, start: '18:00', end: '22:00' }, { day: 2, start: '18:00', end: '22:00' }];
    expect(nextStart(dinner, { day: 1, minutes: 12 * 60 })).toEqual({ day: 1, start: '18:00', today: true });
    expect(nextStart(dinner, { day: 1, minutes: 23 * 60 })).toEqual({ day: 2, start: '18:00', today: false });
    expect(nextStart([], { day: 1, minutes: 0 })).toBeNull();
  });
});

describe('brand colour contrast', () => {
  it('corrects colours until they meet WCAG AA on the background', () => {
    const yellow = ensureContrast('#ffe600', '#ffffff');
    expect(contrastRatio(parseHex(yellow) as [number, number, number], [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    const navy = ensureContrast('#0b1f44', '#111827');
    expect(contrastRatio(parseHex(navy) as [number, number, number], [17, 24, 39])).toBeGreaterThanOrEqual(4.5);
    expect(ensureContrast('#0f766e', '#ffffff')).toBe('#0f766e');
    expect(readableOn('#ffe600')).toBe('#000000');
    expect(readableOn('#0b1f44')).toBe('#ffffff');
  });
});
