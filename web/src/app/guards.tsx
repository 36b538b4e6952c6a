import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useAuth } from '../hooks/use-auth.ts';
import { requireApp, requireVerified, visitorOnly } from './guard-logic.ts';
import { paths } from './paths.ts';
import { PageSkeleton } from '../components/page-skeleton.tsx';

function useFullLocation(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

function Guard({ check, children }: { check: (location: string) => string | null; children: ReactNode }) {
  const { ready } = useAuth();
  const location = useFullLocation();
  if (!ready) return <PageSkeleton />;
  const target = check(location);
  return target ? <Redirect to={target} replace /> : <>{children}</>;
}

/** Onboarding and subscribe pages: logged in and verified. */
export function VerifiedGuard({ children }: { children: ReactNode }) {
  const { guardUser } = useAuth();
  return <Guard check={(loc) => requireVerified(guardUser, loc)}>{children}</Guard>;
}

/** The app layout: logged in, verified, subscribed, onboarded, in that order. */
export function AppGuard({ children }: { children: ReactNode }) {
  const { guardUser } = useAuth();
  return <Guard check={(loc) => requireApp(guardUser, loc)}>{children}</Guard>;
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
