import { describe, expect, it } from 'vitest';
import { toItem, toVenue } from './types.ts';
import { differenceBadge, overrideBody, overrideFormValues, overrideProblems, toVenueItem, venueDifferences } from './venue-overrides.ts';

const item = toItem({
  id: 'item00000000001',
  collectionId: 'c',
  collectionName: 'items',
  name: 'Margherita',
  prices: [
    { label: 'Small', amount: 900 },
    { label: 'Large', amount: 1200 },
  ],
  available: true,
});
const venue = (id: string, name: string, timezone: string) =>
  toVenue({ id, collectionId: 'c', collectionName: 'venues', name, timezone, currency: 'EUR', menus: ['m'] });
const airport = venue('venue0000airport', 'Airport', 'Europe/London');
const station = venue('venue0000station', 'Station', 'Europe/Rome');
const override = (data: Record<string, unknown>) =>
  toVenueItem({ id: `vi${String(data.venue)}`, collectionId: 'c', collectionName: 'venue_items', item: item.id, available: true, ...data });
const now = new Date('2030-01-15T12:00:00Z');

describe('venue overrides', () => {
  it('finds the venues where the item differs now, and words the badge', () => {
    const soldOut = override({ venue: airport.id, available: false, soldOutUntil: '2030-01-15 18:00:00.000Z' });
    const prices = override({ venue: station.id, prices: [{ label: 'Small', amount: 1000 }] });
    expect(venueDifferences(item, [], [airport, station], now)).toEqual([]);
    const one = venueDifferences(item, [soldOut], [airport, station], now);
    expect(one).toEqual([{ venue: airport, soldOut: true, until: '2030-01-15 18:00:00.000Z', ownPrices: false }]);
    expect(differenceBadge(one)).toEqual({ key: 'venueOverrides.badgeSoldOut', values: { venue: 'Airport' } });
    const two = venueDifferences(item, [soldOut, prices], [airport, station], now);
    expect(differenceBadge(two)).toEqual({ key: 'venueOverrides.badgeMany', values: { count: 2 } });
    expect(differenceBadge(venueDifferences(item, [prices], [airport, station], now))?.key).toBe('venueOverrides.badgePrices');
    // "Until" passed: the venue sells it again, nothing differs.
    expect(venueDifferences(item, [soldOut], [airport], new Date('2030-01-15T18:00:01Z'))).toEqual([]);
    // A venue that no longer shows the menu does not count.
    expect(venueDifferences(item, [prices], [airport], now)).toEqual([]);
  });

  it('reads "until" in the venue’s own time zone and writes the instant back', () => {
    const soldOut = override({ venue: station.id, available: false, soldOutUntil: '2030-01-15 17:00:00.000Z' });
    const values = overrideFormValues(item, soldOut, 'EUR', 'Europe/Rome');
    expect(values).toEqual({ soldOut: true, until: '2030-01-15T18:00', ownPrices: false, amounts: ['9.00', '12.00'] });
    expect(overrideBody(item, values, 'EUR', 'Europe/Rome')).toEqual({
      available: false,
      soldOutUntil: '2030-01-15T17:00:00.000Z',
      prices: null,
    });
    expect(overrideBody(item, { ...values, until: '2030-01-15T18:00' }, 'EUR', 'Europe/London')?.soldOutUntil).toBe(
      '2030-01-15T18:00:00.000Z',
    );
  });

  it('keeps the item’s price labels for own prices, and resets to inherit when nothing differs', () => {
    const values = { soldOut: false, until: '', ownPrices: true, amounts: ['10', '13,5'] };
    expect(overrideBody(item, values, 'EUR', 'UTC')).toEqual({
      available: true,
      soldOutUntil: '',
      prices: [
        { label: 'Small', amount: 1000 },
        { label: 'Large', amount: 1350 },
      ],
    });
    expect(overrideBody(item, { ...values, amounts: ['1000', '1350'] }, 'JPY', 'UTC')?.prices).toEqual([
      { label: 'Small', amount: 1000 },
      { label: 'Large', amount: 1350 },
    ]);
    expect(overrideBody(item, { ...values, ownPrices: false }, 'EUR', 'UTC')).toBeNull();
    expect(
      overrideFormValues(item, override({ venue: airport.id, prices: [{ label: 'Small', amount: 950 }] }), 'EUR', 'UTC').amounts,
    ).toEqual(['9.50', '12.00']);
  });

  it('refuses a past "until" and an unreadable amount', () => {
    const values = { soldOut: true, until: '2030-01-15T11:00', ownPrices: true, amounts: ['x', '12'] };
    expect(overrideProblems(values, 'EUR', 'UTC', now)).toEqual([
      { field: 'until', key: 'menus:validation.futureTime' },
      { field: 'amount', index: 0, key: 'Enter a price like 12.50' },
    ]);
    expect(overrideProblems({ ...values, until: '', amounts: ['9', '12'] }, 'EUR', 'UTC', now)).toEqual([]);
  });
});
