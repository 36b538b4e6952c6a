import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, type MemberRole } from '../../../shared/constants.ts';
import { BILLING_MODES, subscriptionState, type BillingMode } from '../../../shared/subscription.ts';
import { planScreen, type PlanScreen } from '../lib/plan-screen.ts';
import {
  destinationFor,
  requireApp,
  requireHelp,
  requireOnboarding,
  requirePlanPage,
  safeRedirect,
  visitorOnly,
  type GuardUser,
} from './guard-logic.ts';

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
    ['no plan chosen (even if not onboarded)', user({ subscriptionStatus: 'none', onboardingComplete: false }), '/subscribe/'],
    ['no organization loaded', user({ subscriptionStatus: undefined }), '/subscribe/'],
    ['past due and onboarded: the app stays open, read-only', user({ subscriptionStatus: 'past_due' }), null],
    [
      'canceled and not onboarded: the plan page explains',
      user({ subscriptionStatus: 'canceled', onboardingComplete: false }),
      '/subscribe/',
    ],
    ['not onboarded', user({ onboardingComplete: false }), '/onboarding'],
    ['trialing and onboarded', user({ subscriptionStatus: 'trialing' }), null],
    ['active and onboarded', user(), null],
  ])('%s', (_name, u, expected) => {
    expect(requireApp(u, '/venues/?q=1', 'trial')).toBe(expected);
  });

  it('lets verified users onto the plan page, except in off mode', () => {
    expect(requirePlanPage(null, '/subscribe/', 'trial')).toBe('/login?redirect=%2Fsubscribe%2F');
    expect(requirePlanPage(user({ verified: false }), '/subscribe/', 'stripe')).toBe('/verify');
    expect(requirePlanPage(user({ subscriptionStatus: 'none', onboardingComplete: false }), '/subscribe/', 'trial')).toBeNull();
    expect(requirePlanPage(user({ subscriptionStatus: 'past_due', onboardingComplete: false }), '/subscribe/', 'off')).toBe('/onboarding');
    expect(requirePlanPage(user({ subscriptionStatus: 'past_due' }), '/subscribe/', 'off')).toBe('/dashboard');
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

/**
 * Every combination of billing mode × subscription status (and no organization) × onboarding ×
 * role, entered at every guarded page: following the guards' redirects ends, within 3 hops, on a
 * page whose own guard lets the user stay, and that page is a real screen with its one action
 * (never a blank page, a loop or a dead end).
 */
describe('no dead ends: every mode × status × onboarding × role', () => {
  type Page = 'app' | 'onboarding' | 'plan' | 'plan-success' | 'help';
  const PAGES: Record<Page, { path: string; check: (u: GuardUser, loc: string, billing: BillingMode) => string | null }> = {
    app: { path: '/dashboard', check: requireApp },
    onboarding: { path: '/onboarding', check: requireOnboarding },
    plan: { path: '/subscribe/', check: requirePlanPage },
    'plan-success': { path: '/subscribe/success', check: requirePlanPage },
    help: { path: '/help', check: (u, loc) => requireHelp(u, loc) },
  };
  const pageAt = (location: string): Page => {
    const page = (Object.keys(PAGES) as Page[]).find((p) => PAGES[p].path === location.split('?')[0]);
    if (!page) throw new Error(`redirect to a page no guard knows: ${location}`);
    return page;
  };
  /** Follows the guards from `start`; the page the user stays on and the hops it took. */
  const settle = (u: GuardUser, billing: BillingMode, start: Page): { page: Page; hops: string[] } => {
    const hops: string[] = [];
    let page = start;
    for (;;) {
      const next = PAGES[page].check(u, PAGES[page].path, billing);
      if (next === null) return { page, hops };
      hops.push(next);
      if (hops.length > 3) throw new Error(`redirect loop: ${PAGES[start].path} → ${hops.join(' → ')}`);
      page = pageAt(next);
    }
  };
  const statuses = [...SUBSCRIPTION_STATUSES, undefined];
  const roles: MemberRole[] = ['owner', 'admin', 'editor'];
  const rows = BILLING_MODES.flatMap((billing) =>
    statuses.flatMap((status) => [true, false].flatMap((onboarded) => roles.map((role) => ({ billing, status, onboarded, role })))),
  );

  it('covers 3 modes × 8 statuses × 2 onboarding states × 3 roles', () => {
    expect(rows).toHaveLength(3 * 8 * 2 * 3);
  });

  it.each(rows)('$billing, status $status, onboarded $onboarded, $role', ({ billing, status, onboarded, role }) => {
    const u = user({ subscriptionStatus: status, onboardingComplete: onboarded });
    const home = destinationFor(u, billing);
    for (const start of Object.keys(PAGES) as Page[]) {
      const { page } = settle(u, billing, start);
      // Help stays reachable in every state; every other page leads to where the user belongs.
      if (start === 'help') expect(page).toBe('help');
      else if (start.startsWith('plan') && billing !== 'off') expect(page).toBe(start);
      else expect(page).toBe(home);
    }

    const state = subscriptionState(status);
    if (billing === 'off') {
      // The status is irrelevant and the plan page never shows.
      expect(home).toBe(onboarded ? 'app' : 'onboarding');
      return;
    }
    if (state === 'unchosen') expect(home).toBe('plan');
    if (state === 'lapsed') expect(home).toBe(onboarded ? 'app' : 'plan');
    if (state === 'subscribed') expect(home).toBe(onboarded ? 'app' : 'onboarding');
    if (home === 'onboarding') {
      // Onboarding creates a venue: only ever asked of a subscribed organization, which may.
      expect(state).toBe('subscribed');
    }
    if (home === 'plan') {
      const screen = planScreen({ billing, status, hasOrganization: status !== undefined, role });
      expect(ACTIONS[screen], screen).toBeTruthy();
      if (status === undefined) expect(screen).toBe('no-organization');
      else if (role === 'editor') expect(screen).toBe('ask-owner');
      else if (state === 'lapsed') expect(screen).toBe(billing === 'stripe' ? 'renew' : 'contact');
      else expect(screen).toBe('choose');
    }
  });

  /** The one action of each plan-page screen (what the browser test clicks or finds). */
  const ACTIONS: Record<PlanScreen, string> = {
    choose: 'a plan button (Start free trial / Subscribe)',
    'ask-owner': 'the owner to ask, sign out, switch organization',
    renew: 'choose a plan, manage billing',
    contact: 'Contact us (the Help page)',
    'no-organization': 'sign out',
    loading: '',
  };

  it('the plan page waits for the role before deciding, but never for a subscribed organization', () => {
    expect(planScreen({ billing: 'trial', status: 'none', hasOrganization: true, role: undefined })).toBe('loading');
    expect(planScreen({ billing: 'trial', status: 'active', hasOrganization: true, role: undefined })).toBe('choose');
    expect(planScreen({ billing: 'stripe', status: 'past_due', hasOrganization: true, role: null })).toBe('no-organization');
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
