import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from './constants.ts';
import { DEFAULT_LAPSE_GRACE_DAYS, guestAccess, guestSeesMenu, lapseOf, lapseOfOrganization, parseStoredDate } from './lapse.ts';

const DAY = 86_400_000;
const lapsedAt = new Date('2025-03-01T12:00:00.000Z');
const after = (days: number, ms = 0) => new Date(lapsedAt.getTime() + days * DAY + ms);

describe('lapse grace', () => {
  it('serves until exactly graceDays after the lapse, then is unavailable', () => {
    expect(lapseOf(lapsedAt, 14, after(0))).toEqual({ state: 'serving', graceEndsAt: after(14), daysLeft: 14 });
    expect(lapseOf(lapsedAt, 14, after(1))).toMatchObject({ state: 'serving', daysLeft: 13 });
    expect(lapseOf(lapsedAt, 14, after(13))).toMatchObject({ state: 'serving', daysLeft: 1 });
    expect(lapseOf(lapsedAt, 14, after(14, -1))).toMatchObject({ state: 'serving', daysLeft: 1 });
    expect(lapseOf(lapsedAt, 14, after(14))).toMatchObject({ state: 'unavailable', daysLeft: 0 });
    expect(lapseOf(lapsedAt, 14, after(15))).toMatchObject({ state: 'unavailable', daysLeft: 0 });
  });

  it('rounds the days left up, so the last hours still count as a day', () => {
    expect(lapseOf(lapsedAt, 14, after(0, 3_600_000)).daysLeft).toBe(14);
    expect(lapseOf(lapsedAt, 14, after(13, 3_600_000)).daysLeft).toBe(1);
  });

  it('with no grace, is unavailable at once; odd settings are clamped', () => {
    expect(lapseOf(lapsedAt, 0, after(0)).state).toBe('unavailable');
    expect(lapseOf(lapsedAt, -5, after(0)).state).toBe('unavailable');
    expect(lapseOf(lapsedAt, 10_000, after(365, -1)).state).toBe('serving');
    expect(lapseOf(lapsedAt, 10_000, after(365)).state).toBe('unavailable');
    expect(lapseOf(lapsedAt, Number.NaN, after(DEFAULT_LAPSE_GRACE_DAYS, -1)).state).toBe('serving');
  });

  it('parses stored date-times and ISO strings; anything else is no date', () => {
    expect(parseStoredDate('2025-03-01 12:00:00.000Z')).toEqual(lapsedAt);
    expect(parseStoredDate('2025-03-01T12:00:00Z')).toEqual(lapsedAt);
    for (const v of ['', '  ', 'soon', null, undefined, 42]) expect(parseStoredDate(v)).toBeNull();
  });
});

describe('lapse of an organization', () => {
  it('is null unless the status is a lapsed one', () => {
    for (const s of ['none', 'trialing', 'active', '', undefined])
      expect(lapseOfOrganization({ subscriptionStatus: s, lapsedAt: '2025-03-01 12:00:00.000Z' }, 14, after(20))).toBeNull();
    for (const s of ['past_due', 'canceled', 'unpaid', 'incomplete'])
      expect(lapseOfOrganization({ subscriptionStatus: s, lapsedAt: '2025-03-01 12:00:00.000Z' }, 14, after(20))?.state).toBe(
        'unavailable',
      );
  });

  it('counts a lapse without lapsedAt from the last update, and without that from now (never over at once)', () => {
    const now = after(20);
    expect(
      lapseOfOrganization({ subscriptionStatus: 'past_due', lapsedAt: '', updated: '2025-03-15 12:00:00.000Z' }, 14, now),
    ).toMatchObject({
      state: 'serving',
      daysLeft: 8,
    });
    expect(lapseOfOrganization({ subscriptionStatus: 'past_due', lapsedAt: 'garbage' }, 14, now)).toMatchObject({
      state: 'serving',
      daysLeft: 14,
    });
  });
});

describe('guest access', () => {
  it('sorts every status: subscribed open, lapsed by grace, never chosen closed', () => {
    const org = (subscriptionStatus: string) => ({ subscriptionStatus, lapsedAt: '2025-03-01 12:00:00.000Z' });
    const during = Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, guestAccess(org(s), 14, after(13))]));
    expect(during).toEqual({
      none: 'closed',
      trialing: 'open',
      active: 'open',
      past_due: 'grace',
      canceled: 'grace',
      unpaid: 'grace',
      incomplete: 'grace',
    });
    expect(guestAccess(org('canceled'), 14, after(15))).toBe('unavailable');
    expect(guestAccess(org('active'), 14, after(400))).toBe('open');
  });

  it('shows the menu only while open or in grace', () => {
    expect(['open', 'grace', 'unavailable', 'closed'].map((a) => guestSeesMenu(a as never))).toEqual([true, true, false, false]);
  });
});
