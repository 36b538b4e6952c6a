import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from './constants.ts';
import { isLapsed, isSubscribed, subscriptionState } from './subscription.ts';

describe('subscription state', () => {
  it('sorts every status into exactly one state', () => {
    const states = Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, subscriptionState(s)]));
    expect(states).toEqual({
      none: 'unchosen',
      trialing: 'subscribed',
      active: 'subscribed',
      past_due: 'lapsed',
      canceled: 'lapsed',
      unpaid: 'lapsed',
      incomplete: 'lapsed',
    });
  });

  it('treats a missing or unknown status as never chosen', () => {
    for (const s of [undefined, null, '', 'paused']) expect(subscriptionState(s)).toBe('unchosen');
    expect(isSubscribed('trialing')).toBe(true);
    expect(isLapsed('canceled')).toBe(true);
    expect(isLapsed('active')).toBe(false);
  });
});
