import { ACTIVE_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../shared/constants.ts';
import { paths } from './paths.ts';

/** What the guards need to know about the signed-in user. */
export interface GuardUser {
  verified: boolean;
  onboardingComplete: boolean;
  subscriptionStatus: string | undefined;
}

const PROBE_ORIGIN = 'http://x.invalid';

/**
 * A `redirect` value is honoured only for same-origin paths (no `//evil.com`, no schemes). The
 * path is normalised first and the result checked again: `/.//evil.example` normalises to
 * `//evil.example`, which a browser reads as another host.
 */
export function safeRedirect(value: string | null | undefined, fallback: string = paths.dashboard()): string {
  if (!value || !value.startsWith('/')) return fallback;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    const target = url.pathname + url.search + url.hash;
    // Only a single leading slash is a path; whatever the browser would resolve elsewhere goes home.
    if (!/^\/(?![/\\])/.test(target) || new URL(target, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return fallback;
    return target;
  } catch {
    return fallback;
  }
}

function loginFor(location: string): string {
  return paths.login(location);
}

/** Onboarding and subscribe pages: logged in, then verified. Returns where to go, or null to stay. */
export function requireVerified(user: GuardUser | null, location: string): string | null {
  if (!user) return loginFor(location);
  if (!user.verified) return paths.verify();
  return null;
}

/**
 * The app layout, checked in the specification's order: logged in, verified, subscription active
 * or trialing, onboarding complete.
 */
export function requireApp(user: GuardUser | null, location: string): string | null {
  if (!user) return loginFor(location);
  if (!user.verified) return paths.verify();
  if (!ACTIVE_SUBSCRIPTION_STATUSES.includes(user.subscriptionStatus as SubscriptionStatus)) return paths.subscribe();
  if (!user.onboardingComplete) return paths.onboarding();
  return null;
}

/**
 * Visitor pages (login, sign-up): a fully signed-in user goes on to the app, except on an
 * invitation link, which the sign-up page answers for signed-in users too.
 */
export function visitorOnly(user: GuardUser | null, redirect: string | null, invitation = false): string | null {
  if (!user || !user.verified || invitation) return null;
  return safeRedirect(redirect);
}
