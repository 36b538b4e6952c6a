import { describe, expect, it } from 'vitest';
import { atVenue, availableAt } from './availability.ts';

const NOW = '2026-11-25 12:00:00.000Z';
const item = (available: boolean, soldOutUntil = '') => ({ available, soldOutUntil, prices: [{ label: '', amount: 1200 }] });
const here = (available: boolean, soldOutUntil = '', prices: { label: string; amount: number }[] | null = null) => ({
  available,
  soldOutUntil,
  prices,
});

describe('availableAt', () => {
  it.each([
    [true, '', true],
    [false, '', false],
    [false, '2026-11-25 12:00:00.001Z', false],
    [false, NOW, true],
    [false, '2026-11-25 11:59:59.999Z', true],
  ])('available %s until %j → %s', (available, soldOutUntil, expected) => {
    expect(availableAt({ available, soldOutUntil }, NOW)).toBe(expected);
  });
});

describe('atVenue', () => {
  it('is the item itself without an override', () => {
    expect(atVenue(item(true), undefined, NOW)).toEqual({ available: true, prices: [{ label: '', amount: 1200 }] });
    expect(atVenue(item(false), undefined, NOW).available).toBe(false);
  });

  it('sells out here only, until the override says', () => {
    expect(atVenue(item(true), here(false), NOW).available).toBe(false);
    expect(atVenue(item(true), here(false, '2026-11-25 13:00:00.000Z'), NOW).available).toBe(false);
    expect(atVenue(item(true), here(false, '2026-11-25 11:00:00.000Z'), NOW).available).toBe(true);
  });

  it('never undoes the item being sold out everywhere', () => {
    expect(atVenue(item(false), here(true), NOW).available).toBe(false);
    expect(atVenue(item(false, '2026-11-25 11:00:00.000Z'), here(true), NOW).available).toBe(true);
  });

  it("takes the venue's own prices, or inherits the item's when it has none", () => {
    expect(atVenue(item(true), here(true, '', [{ label: 'Airport', amount: 1650 }]), NOW).prices).toEqual([
      { label: 'Airport', amount: 1650 },
    ]);
    expect(atVenue(item(true), here(true, '', null), NOW).prices).toEqual([{ label: '', amount: 1200 }]);
  });
});
