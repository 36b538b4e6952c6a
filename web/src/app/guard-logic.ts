import { subscriptionState, type BillingMode } from '../../../shared/subscription.ts';
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

/**
 * Where a signed-in, verified user belongs. The one rule behind every guard, so no two guards can
 * send a user back and forth:
 * - `off`: the status does not matter (the server keeps every organization active): onboarding,
 *   then the app. The plan page does not exist.
 * - subscribed (trialing, active): onboarding, then the app.
 * - lapsed: once onboarded the app stays open (read-only); before, the plan page, which says
 *   what ended and offers the fix (onboarding would have to create a venue, which a lapsed
 *   organization may not).
 * - never chose a plan (or no organization loaded): the plan page, which tells editors who can
 *   choose one.
 */
export type Destination = 'app' | 'onboarding' | 'plan';

export function destinationFor(user: GuardUser, billing: BillingMode): Destination {
  const state = billing === 'off' ? 'subscribed' : subscriptionState(user.subscriptionStatus);
  if (state === 'unchosen') return 'plan';
  if (user.onboardingComplete) return 'app';
  return state === 'lapsed' ? 'plan' : 'onboarding';
}

const DESTINATION_PATH: Record<Destination, string> = {
  app: paths.dashboard(),
  onboarding: paths.onboarding(),
  plan: paths.subscribe(),
};

/** Signed in and verified (null), or where to go first: login (coming back here) or /verify. */
export function requireVerified(user: GuardUser | null, location: string): string | null {
  if (!user) return paths.login(location);
  if (!user.verified) return paths.verify();
  return null;
}

/** The app layout: signed in, verified, then wherever the user belongs if that is not the app. */
export function requireApp(user: GuardUser | null, location: string, billing: BillingMode): string | null {
  if (!user || !user.verified) return requireVerified(user, location);
  const to = destinationFor(user, billing);
  return to === 'app' ? null : DESTINATION_PATH[to];
}

/** Onboarding: only for a user who belongs there (never for one the server would refuse a venue). */
export function requireOnboarding(user: GuardUser | null, location: string, billing: BillingMode): string | null {
  if (!user || !user.verified) return requireVerified(user, location);
  const to = destinationFor(user, billing);
  return to === 'onboarding' ? null : DESTINATION_PATH[to];
}

/**
 * The plan pages (/subscribe/ and its success page): never in `off` mode; otherwise open to any
 * verified user, as subscribed owners change their plan there too.
 */
export function requirePlanPage(user: GuardUser | null, location: string, billing: BillingMode): string | null {
  if (!user || !user.verified) return requireVerified(user, location);
  return billing === 'off' ? DESTINATION_PATH[destinationFor(user, billing)] : null;
}

/** Help: any verified user, in any state (it is the "Contact us" of the screens that cannot fix a state themselves). */
export function requireHelp(user: GuardUser | null, location: string): string | null {
  return requireVerified(user, location);
}

/**
 * Visitor pages (login, sign-up): a fully signed-in user goes on to the app, except on an
 * invitation link, which the sign-up page answers for signed-in users too.
 */
export function visitorOnly(user: GuardUser | null, redirect: string | null, invitation = false): string | null {
  if (!user || !user.verified || invitation) return null;
  return safeRedirect(redirect);
}
