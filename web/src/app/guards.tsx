import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { BillingMode } from '../../../shared/subscription.ts';
import { useAuth, useAuthReady } from '../hooks/use-auth.ts';
import { useLoadedPublicConfig } from '../hooks/use-public-config.ts';
import { requireApp, requireHelp, requireOnboarding, requirePlanPage, visitorOnly, type GuardUser } from './guard-logic.ts';
import { paths } from './paths.ts';
import { PageSkeleton } from '../components/page-skeleton.tsx';

function useFullLocation(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

function Guard({ check, children }: { check: (location: string) => string | null; children: ReactNode }) {
  const { isSuperuser } = useAuth();
  const ready = useAuthReady();
  const location = useFullLocation();
  // A signed-in superuser has no place in the staff app: the console is theirs.
  if (isSuperuser) return ready ? <Redirect to={paths.console()} replace /> : <PageSkeleton />;
  const target = check(location);
  // Until the start-up refresh answers, a page the stored session lets in renders with it (its
  // token is valid until it expires; a refresh refused with 401 signs out and the guard runs
  // again), so the first paint does not wait a round trip. A redirect waits for the fresh record:
  // nobody is bounced on a stale one.
  if (!ready && target) return <PageSkeleton />;
  return target ? <Redirect to={target} replace /> : <>{children}</>;
}

type BillingCheck = (user: GuardUser | null, location: string, billing: BillingMode) => string | null;

/** A guard that needs the billing mode: it waits for the public config rather than guess. */
function BillingGuard({ check, children }: { check: BillingCheck; children: ReactNode }) {
  const { guardUser } = useAuth();
  const config = useLoadedPublicConfig();
  if (!config) return <PageSkeleton />;
  return <Guard check={(loc) => check(guardUser, loc, config.billing)}>{children}</Guard>;
}

/** Onboarding: for a verified user who belongs there (guard-logic.ts, destinationFor). */
export function OnboardingGuard({ children }: { children: ReactNode }) {
  return <BillingGuard check={requireOnboarding}>{children}</BillingGuard>;
}

/** The plan pages: verified users, never in off mode. */
export function PlanGuard({ children }: { children: ReactNode }) {
  return <BillingGuard check={requirePlanPage}>{children}</BillingGuard>;
}

/** The app layout: signed in, verified, and belonging in the app (guard-logic.ts, destinationFor). */
export function AppGuard({ children }: { children: ReactNode }) {
  return <BillingGuard check={requireApp}>{children}</BillingGuard>;
}

/** Help: any verified user, whatever the organization's state (the way to reach the operator). */
export function HelpGuard({ children }: { children: ReactNode }) {
  const { guardUser } = useAuth();
  return <Guard check={(loc) => requireHelp(guardUser, loc)}>{children}</Guard>;
}

/** Login and sign-up: a signed-in, verified user continues to the app (or the redirect). */
export function VisitorGuard({ children }: { children: ReactNode }) {
  const { guardUser } = useAuth();
  const params = new URLSearchParams(useSearch());
  return (
    <Guard check={(loc) => visitorOnly(guardUser, params.get('redirect'), loc.startsWith(paths.signUp()) && params.has('invite'))}>
      {children}
    </Guard>
  );
}
