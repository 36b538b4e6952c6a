import { describe, expect, it } from 'vitest';
import { zVenueCreate, zVenueDetails } from './venue-schemas.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('venue forms', () => {
  it('accepts a valid venue and normalizes the colour', () => {
    expect(zVenueCreate.parse({ name: ' Café Central ', timezone: 'Europe/Vienna', primaryColor: '0F766E' })).toEqual({
      name: 'Café Central',
      timezone: 'Europe/Vienna',
      primaryColor: '#0f766e',
    });
  });

  it('uses the specification’s name message, and checks time zone and colour', () => {
    expect(messages(zVenueCreate.safeParse({ name: '', timezone: 'Mars/Olympus', primaryColor: 'blue' }))).toEqual({
      name: 'Venue name is required',
      timezone: 'Unknown time zone',
      primaryColor: 'Must be a colour like #1a2b3c',
    });
    expect(messages(zVenueCreate.safeParse({ name: 'x', timezone: '', primaryColor: '#000000' }))).toEqual({
      timezone: 'validation.chooseTimeZone',
    });
  });

  it('checks the address on the edit screen (prices are in the organization currency, not the venue)', () => {
    const base = { name: 'x', timezone: 'UTC', primaryColor: '#000000' };
    expect(zVenueDetails.parse({ ...base, address: ' Herrengasse 14 ' }).address).toBe('Herrengasse 14');
    expect(messages(zVenueDetails.safeParse({ ...base, address: 'a'.repeat(501) }))).toEqual({
      address: 'validation.keepAddressUnder500',
    });
    expect(zVenueDetails.parse({ ...base, currency: 'CHF', address: '' })).not.toHaveProperty('currency');
  });
});
