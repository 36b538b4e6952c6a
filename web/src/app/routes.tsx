import { useTranslation } from 'react-i18next';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { AppGuard, HelpGuard, OnboardingGuard, PlanGuard, VisitorGuard } from './guards.tsx';
import { AuthShell } from './auth-shell.tsx';
import { PageLoad } from './page-load.tsx';
import { RouteErrorBoundary } from './error-boundary.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { ROUTE_ALIASES } from '../../../shared/app-routes.ts';
import { useTitle } from '../hooks/use-title.ts';
import { i18n, prefetchMessages, type Namespace } from '../lib/i18n/i18n.ts';
import { preloadableLazy } from '../lib/preloadable-lazy.ts';
import { earlyRequestsSettled } from '../lib/early-requests.ts';
import { fetchPublicConfig } from '../hooks/use-public-config.ts';
import { storedSession } from '../hooks/use-auth.ts';
import { startDashboardRequests } from '../features/dashboard/dashboard-requests.ts';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

// The signed-in layout (navigation, menus, dialogs) is its own chunk, so the login page never loads it.
const dataProvider = preloadableLazy(() => import('./data-provider.tsx'));
const appLayout = preloadableLazy<{ children: ReactNode }>(() => import('./app-layout.tsx').then((m) => ({ default: m.AppLayout })));
const DataProvider = dataProvider.Component;
const AppLayout = appLayout.Component;

const login = preloadableLazy(() => import('../features/auth/login-page.tsx'));
const dashboard = preloadableLazy(() => import('../features/dashboard/dashboard-page.tsx'));
const Login = login.Component;
const SignUp = page(() => import('../features/auth/sign-up-page.tsx'));
const Verify = page(() => import('../features/auth/verify-page.tsx'));
const ResetPassword = page(() => import('../features/auth/reset-password-page.tsx'));
const ConfirmEmailChange = page(() => import('../features/auth/confirm-email-change-page.tsx'));
const Onboarding = page(() => import('../features/onboarding/onboarding-page.tsx'));
const Subscribe = page(() => import('../features/subscribe/subscribe-page.tsx'));
const SubscribeSuccess = page(() => import('../features/subscribe/success-page.tsx'));
const Dashboard = dashboard.Component;
const Help = page(() => import('../features/help/help-page.tsx'));
const Venues = page(() => import('../features/venues/venues-page.tsx'));
const Venue = page(() => import('../features/venues/venue-page.tsx'));
const Tags = page(() => import('../features/tags/tags-page.tsx'));
const Profile = page(() => import('../features/profile/profile-page.tsx'));
const Menus = page(() => import('../features/menus/menus-page.tsx'));
const MenuEditor = page(() => import('../features/menus/menu-page.tsx'));
const MenuTranslate = page(() => import('../features/menus/translate-page.tsx'));
const Upload = page(() => import('../features/uploads/upload-page.tsx'));
const UploadReview = page(() => import('../features/uploads/upload-review-page.tsx'));
const SectionItems = page(() => import('../features/menus/items-page.tsx'));
const Organization = page(() => import('../features/settings/organization-page.tsx'));
const Billing = page(() => import('../features/settings/billing-page.tsx'));
// The operator console: its own chunks (it routes its areas itself) and its own sign-in.
const Console = page(() => import('../features/console/console-app.tsx'));

type Session = NonNullable<ReturnType<typeof storedSession>>;

/**
 * The phone's entry points (sign-in, dashboard; service mode is a page of its own, service.html): their chunks and messages are
 * fetched as soon as the app starts, in parallel with the language, rather than one lazy level
 * (layout, page, messages) after the other, each a round trip on a slow network (issue 23 item 6).
 * With a stored session, the page's own data is asked for as soon as its chunk is in, not once
 * the guards and the page have rendered (its SWR hooks take the requests over).
 */
const PRELOADS: [RegExp, (() => Promise<void>)[], Namespace[], ((s: Session, path: string) => Promise<void>)?][] = [
  [/^\/login\/?$/, [login.preload], ['auth']],
  [
    /^\/dashboard\/?$/,
    [dataProvider.preload, appLayout.preload, dashboard.preload],
    ['dashboard'],
    // From the entry, not once the page's code is in: dashboard-requests.ts is small and has no hooks.
    async (s) => startDashboardRequests(s.organizationId, s.userId),
  ],
];
const preload = typeof location === 'undefined' ? undefined : PRELOADS.find(([path]) => path.test(location.pathname));
const preloading = preload ? Promise.allSettled(preload[1].map((load) => load())) : Promise.resolve([]);
if (preload) {
  prefetchMessages(preload[2]);
  const session = storedSession();
  if (session && preload[3]) void preload[3](session, location.pathname).catch(() => undefined);
}

/**
 * Resolves once the entry page's code and messages are in (failures included: the page's own
 * loading and error states take over), so that its first render shows it rather than a skeleton
 * that React would then hold on screen for its fallback throttle (lib/preloadable-lazy.ts).
 * Call after initI18n.
 */
export async function entryPageReady(): Promise<void> {
  await Promise.allSettled([preloading, preload ? i18n.loadNamespaces(preload[2]) : undefined, fetchPublicConfig()]);
  // Its data too, when the start-up requests have it within a second more: one first screen, whole,
  // rather than a skeleton re-rendered piece by piece as each answer comes in.
  await Promise.race([earlyRequestsSettled(), new Promise((resolve) => setTimeout(resolve, 1000))]);
}

/** A lazily loaded page; `withData` adds SWR's provider (the sign-in pages do without it). */
function Lazy({ component: C, withData = true }: { component: LazyExoticComponent<ComponentType>; withData?: boolean }) {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary resetKey={location}>
      <Suspense fallback={<PageSkeleton />}>
        {withData ? (
          <DataProvider>
            <C />
          </DataProvider>
        ) : (
          <C />
        )}
      </Suspense>
    </RouteErrorBoundary>
  );
}

const visitor = (c: LazyExoticComponent<ComponentType>) => (
  <AuthShell>
    <VisitorGuard>
      <Lazy component={c} withData={false} />
    </VisitorGuard>
  </AuthShell>
);
const open = (c: LazyExoticComponent<ComponentType>) => (
  <AuthShell>
    <Lazy component={c} />
  </AuthShell>
);
const onboarding = (c: LazyExoticComponent<ComponentType>) => (
  <AuthShell>
    <OnboardingGuard>
      <Lazy component={c} />
    </OnboardingGuard>
  </AuthShell>
);
const plan = (c: LazyExoticComponent<ComponentType>, wide = false) => (
  <AuthShell wide={wide}>
    <PlanGuard>
      <Lazy component={c} />
    </PlanGuard>
  </AuthShell>
);
const layout = (c: LazyExoticComponent<ComponentType>) => (
  <LayoutErrorBoundary>
    <Suspense fallback={<PageSkeleton />}>
      <DataProvider>
        <AppLayout>
          <Lazy component={c} withData={false} />
        </AppLayout>
      </DataProvider>
    </Suspense>
  </LayoutErrorBoundary>
);
const app = (c: LazyExoticComponent<ComponentType>) => <AppGuard>{layout(c)}</AppGuard>;
/** Help stays reachable in every state: it is where the screens that cannot fix a state send users. */
const help = (c: LazyExoticComponent<ComponentType>) => <HelpGuard>{layout(c)}</HelpGuard>;

/** The console guards itself (its own sign-in at /_/), so no staff guard wraps it. */
const operator = () => <Lazy component={Console} />;

function LayoutErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <RouteErrorBoundary resetKey={location}>{children}</RouteErrorBoundary>;
}

/** Aliases such as /signup: in-app targets by the router, anything else (the console at /_/) by a page load. */
function AliasRedirect({ to }: { to: string }) {
  if (to.startsWith('/_/')) {
    window.location.replace(to);
    return null;
  }
  return <Redirect to={to} replace />;
}

function NotFound() {
  const { t } = useTranslation();
  useTitle(t('shell.notFound'));
  return (
    <AuthShell>
      <p className="text-center text-lg">{t('shell.notFound')}</p>
    </AuthShell>
  );
}

/** The one route table of the app (the specification's routes, guards and redirects). */
export function AppRoutes(): ReactNode {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route path="/login">{visitor(Login)}</Route>
      <Route path="/sign-up">{visitor(SignUp)}</Route>
      <Route path="/verify">{open(Verify)}</Route>
      <Route path="/reset-password">{open(ResetPassword)}</Route>
      <Route path="/confirm-email-change">{open(ConfirmEmailChange)}</Route>
      <Route path="/onboarding">{onboarding(Onboarding)}</Route>
      <Route path="/subscribe/success">{plan(SubscribeSuccess)}</Route>
      <Route path="/subscribe/">{plan(Subscribe, true)}</Route>
      <Route path="/subscribe">
        <Redirect to="/subscribe/" replace />
      </Route>
      <Route path="/dashboard">{app(Dashboard)}</Route>
      <Route path="/help">{help(Help)}</Route>
      <Route path="/service/:venueId">
        <PageLoad />
      </Route>
      <Route path="/service">
        <PageLoad />
      </Route>
      <Route path="/venues/:venueId">{app(Venue)}</Route>
      <Route path="/venues/">{app(Venues)}</Route>
      <Route path="/tags/">{app(Tags)}</Route>
      <Route path="/profile/">{app(Profile)}</Route>
      <Route path="/menus/upload/:uploadId">{app(UploadReview)}</Route>
      <Route path="/menus/upload/">{app(Upload)}</Route>
      <Route path="/menus/:menuId/translate">{app(MenuTranslate)}</Route>
      <Route path="/menus/:menuId">{app(MenuEditor)}</Route>
      <Route path="/menus/">{app(Menus)}</Route>
      <Route path="/sections/:sectionId/items">{app(SectionItems)}</Route>
      <Route path="/settings/organization">{app(Organization)}</Route>
      <Route path="/settings/billing">{app(Billing)}</Route>
      <Route path="/settings/">
        <Redirect to="/settings/organization" replace />
      </Route>
      <Route path="/settings">
        <Redirect to="/settings/organization" replace />
      </Route>
      <Route path="/_/">{operator()}</Route>
      <Route path="/_/organizations/">{operator()}</Route>
      <Route path="/_/organizations/:organizationId">{operator()}</Route>
      <Route path="/_/users/">{operator()}</Route>
      <Route path="/_/logs/">{operator()}</Route>
      <Route path="/_/backups/">{operator()}</Route>
      <Route path="/_/settings/">{operator()}</Route>
      <Route path="/_/crons/">{operator()}</Route>
      {Object.entries(ROUTE_ALIASES).map(([alias, target]) => (
        <Route key={alias} path={alias}>
          <AliasRedirect to={target} />
        </Route>
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
