import { describe, expect, it } from 'vitest';
import { planLimits, yearlySavingsPercent } from './plan-format.ts';

describe('pricing helpers', () => {
  it('computes the yearly saving against twelve monthly payments', () => {
    expect(yearlySavingsPercent({ priceMonthly: 900, priceYearly: 9000 })).toBe(17);
    expect(yearlySavingsPercent({ priceMonthly: 900, priceYearly: 10800 })).toBe(0);
    expect(yearlySavingsPercent({ priceMonthly: 0, priceYearly: 0 })).toBe(0);
  });

  it('reads limits, 0 or missing meaning unlimited', () => {
    expect(planLimits({ venues: 1, menus: 3, uploadsPerMonth: 3 })).toEqual([
      { kind: 'venues', count: 1 },
      { kind: 'menus', count: 3 },
      { kind: 'imports', count: 3 },
    ]);
    expect(planLimits({ venues: 0 })).toEqual([
      { kind: 'venues', count: null },
      { kind: 'menus', count: null },
      { kind: 'imports', count: null },
    ]);
  });
});
