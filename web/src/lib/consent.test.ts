import { beforeEach, describe, expect, it } from 'vitest';
import { consentCookie, readConsent, storeConsent } from './consent.ts';

describe('cookie consent', () => {
  beforeEach(() => localStorage.clear());

  it('starts undecided and falls back to undecided for unknown stored values', () => {
    expect(readConsent()).toBe('undecided');
    localStorage.setItem('cookie_consent', 'maybe');
    expect(readConsent()).toBe('undecided');
  });

  it('remembers yes and no', () => {
    storeConsent('yes');
    expect(readConsent()).toBe('yes');
    storeConsent('no');
    expect(readConsent()).toBe('no');
  });

  it('builds a one-year cookie with the domain, SameSite=Lax and Secure (not on plain-http localhost)', () => {
    expect(consentCookie('yes', { hostname: 'app.example.com', protocol: 'https:' })).toBe(
      'cookie_consent=yes; Max-Age=31536000; Path=/; Domain=app.example.com; SameSite=Lax; Secure',
    );
    expect(consentCookie('no', { hostname: 'localhost', protocol: 'http:' })).toBe(
      'cookie_consent=no; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    expect(consentCookie('no', { hostname: '127.0.0.1', protocol: 'http:' })).not.toContain('Secure');
  });
});
