import { describe, expect, it } from 'vitest';
import { yearlySavingsPercent } from './plan-format.ts';

describe('pricing helpers', () => {
  it('computes the yearly saving against twelve monthly payments', () => {
    expect(yearlySavingsPercent({ priceMonthly: 900, priceYearly: 9000 })).toBe(17);
    expect(yearlySavingsPercent({ priceMonthly: 900, priceYearly: 10800 })).toBe(0);
    expect(yearlySavingsPercent({ priceMonthly: 0, priceYearly: 0 })).toBe(0);
  });
});
