import { describe, expect, it } from 'vitest';
import { limitsText, yearlySavingsPercent } from './plan-format.ts';

describe('pricing helpers', () => {
  it('computes the yearly saving against twelve monthly payments', () => {
    expect(yearlySavingsPercent({ priceMonthly: 900, priceYearly: 9000 })).toBe(17);
    expect(yearlySavingsPercent({ priceMonthly: 900, priceYearly: 10800 })).toBe(0);
    expect(yearlySavingsPercent({ priceMonthly: 0, priceYearly: 0 })).toBe(0);
  });

  it('words limits, 0 or missing meaning unlimited', () => {
    expect(limitsText({ venues: 1, menus: 3, uploadsPerMonth: 3 })).toEqual(['1 venue', '3 menus', '3 PDF imports / month']);
    expect(limitsText({ venues: 0 })).toEqual(['Unlimited venues', 'Unlimited menus', 'Unlimited PDF imports / month']);
  });
});
