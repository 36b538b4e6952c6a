import { describe, expect, it } from 'vitest';
import { requireApp, requireVerified, safeRedirect, visitorOnly, type GuardUser } from './guard-logic.ts';

const user = (over: Partial<GuardUser> = {}): GuardUser => ({
  verified: true,
  onboardingComplete: true,
  subscriptionStatus: 'active',
  ...over,
});

describe('app guard, in the specification order', () => {
  it.each([
    ['not logged in', null, '/login?redirect=%2Fvenues%2F%3Fq%3D1'],
    [
      'not verified (even if unsubscribed and not onboarded)',
      user({ verified: false, subscriptionStatus: 'none', onboardingComplete: false }),
      '/verify',
    ],
    ['no subscription (even if not onboarded)', user({ subscriptionStatus: 'none', onboardingComplete: false }), '/subscribe/'],
    ['past due', user({ subscriptionStatus: 'past_due' }), '/subscribe/'],
    ['canceled', user({ subscriptionStatus: 'canceled' }), '/subscribe/'],
    ['no organization loaded', user({ subscriptionStatus: undefined }), '/subscribe/'],
    ['not onboarded', user({ onboardingComplete: false }), '/onboarding'],
    ['trialing and onboarded', user({ subscriptionStatus: 'trialing' }), null],
    ['active and onboarded', user(), null],
  ])('%s', (_name, u, expected) => {
    expect(requireApp(u, '/venues/?q=1')).toBe(expected);
  });

  it('lets verified users onto onboarding and subscribe pages only', () => {
    expect(requireVerified(null, '/onboarding')).toBe('/login?redirect=%2Fonboarding');
    expect(requireVerified(user({ verified: false }), '/onboarding')).toBe('/verify');
    expect(requireVerified(user({ subscriptionStatus: 'none', onboardingComplete: false }), '/subscribe/')).toBeNull();
  });

  it('sends signed-in verified users away from login to the redirect', () => {
    expect(visitorOnly(null, '/tags/')).toBeNull();
    expect(visitorOnly(user({ verified: false }), '/tags/')).toBeNull();
    expect(visitorOnly(user(), '/tags/?x=1')).toBe('/tags/?x=1');
    expect(visitorOnly(user(), null)).toBe('/dashboard');
    // An invitation link is answered on the sign-up page, signed in or not.
    expect(visitorOnly(user(), null, true)).toBeNull();
  });
});

describe('redirect parameter', () => {
  it.each([
    ['/menus/abc?x=1#s', '/menus/abc?x=1#s'],
    ['//evil.example/path', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    // Dot segments, backslashes and stripped control characters that normalise to `//host`.
    ['/.//evil.example', '/dashboard'],
    ['/..//evil.example', '/dashboard'],
    ['/./..//evil.example/x?y=1', '/dashboard'],
    ['/%2e//evil.example', '/dashboard'],
    ['/.\\/evil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['/menus/../tags/', '/tags/'],
    ['/menus/./a', '/menus/a'],
    ['https://evil.example/', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['', '/dashboard'],
    [null, '/dashboard'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
