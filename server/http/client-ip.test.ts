import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './client-ip.ts';

describe('rateLimitKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients by their /64, however the address is written', () => {
    const key = '2001:db8:aa:bb::/64';
    for (const ip of [
      '2001:db8:aa:bb::1',
      '2001:0db8:00aa:00bb:0000:0000:0000:0002',
      '2001:db8:aa:bb:1234:5678:9abc:def0',
      '2001:DB8:AA:BB:ffff::',
      '2001:db8:aa:bb::1%eth0',
    ])
      expect(rateLimitKey(ip)).toBe(key);
    expect(rateLimitKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});
