import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { RecordModel } from 'pocketbase';
import { PlanPicker } from './plan-picker.tsx';

afterEach(cleanup);

const plan = (currency: string, priceMonthly: number): RecordModel => ({
  id: `plan${currency}`,
  collectionId: 'plans',
  collectionName: 'plans',
  name: `${currency} plan`,
  description: '',
  limits: { venues: 3, menus: 0 },
  entitlements: ['schedules'],
  priceMonthly,
  priceYearly: priceMonthly * 10,
  currency,
  position: 1,
});

/** What the runtime itself prints for a whole amount of the currency's major unit (no app code). */
const intl = (amount: number, currency: string) => new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);

describe('plan prices in the plan currency (ISO 4217 minor units)', () => {
  it.each([
    // 1250 minor units: ¥1,250 (JPY has no minor unit), KWD 1.250 (three decimals), €12.50.
    ['JPY', 1250, intl(1250, 'JPY')],
    ['KWD', 1250, intl(1.25, 'KWD')],
    ['EUR', 1250, intl(12.5, 'EUR')],
  ])('%s %i shows as %s', (currency, minor, text) => {
    render(<PlanPicker plans={[plan(currency, minor)]} currentPlanId="" currentInterval="month" onChoose={async () => {}} />);
    // Matched exactly (the text matcher would turn the no-break space after "KWD" into a space).
    expect(screen.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent === text)).toBeTruthy();
  });
});

describe('plan features from the map (shared/plan-features.ts)', () => {
  it('lists limits and every entitlement, marking those the plan does not include', () => {
    render(<PlanPicker plans={[plan('EUR', 2900)]} currentPlanId="" currentInterval="month" onChoose={async () => {}} />);
    const list = screen.getByRole('list', { name: 'picker.features' });
    const lines = [...list.querySelectorAll('li')].map((li) => ({ text: li.textContent, struck: Boolean(li.querySelector('s')) }));
    expect(lines).toEqual([
      { text: 'planFeatures.count.venues', struck: false },
      { text: 'planFeatures.unlimited.menus', struck: false },
      { text: 'planFeatures.unlimited.uploadsPerMonth', struck: false },
      { text: 'planFeatures.names.schedules', struck: false },
      { text: 'planFeatures.names.liveSoldOut (planFeatures.notIncludedShort)', struck: true },
      { text: 'planFeatures.names.analytics (planFeatures.notIncludedShort)', struck: true },
      { text: 'planFeatures.names.teamRoles (planFeatures.notIncludedShort)', struck: true },
    ]);
  });
});
