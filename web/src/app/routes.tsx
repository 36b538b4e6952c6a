import { useTranslation } from 'react-i18next';
import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { AppGuard, HelpGuard, OnboardingGuard, PlanGuard, VisitorGuard } from './guards.tsx';
import { AuthShell } from './auth-shell.tsx';
import { RouteErrorBoundary } from './error-boundary.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { ROUTE_ALIASES } from '../../../shared/app-routes.ts';
import { useTitle } from '../hooks/use-title.ts';
import { prefetchMessages, type Namespace } from '../lib/i18n/i18n.ts';
import { storedSession } from '../hooks/use-auth.ts';
import { startServiceRequests } from '../features/service/service-requests.ts';
import { startDashboardRequests } from '../features/dashboard/dashboard-requests.ts';
import { preloadable, preloadablePage, type Preloadable } from './preloadable.tsx';

const page = preloadablePage;

// The signed-in layout (navigation, menus, dialogs) is its own chunk, so the login page never loads it.
const DataProviderChunk = preloadable(
  () => import('./data-provider.tsx'),
  (m) => m.default,
);
const AppLayoutChunk = preloadable(
  () => import('./app-layout.tsx'),
  (m) => m.AppLayout,
);
const DataProvider = DataProviderChunk.Component;
const AppLayout = AppLayoutChunk.Component;

const Login = page(() => import('../features/auth/login-page.tsx'));
const SignUp = page(() => import('../features/auth/sign-up-page.tsx'));
const Verify = page(() => import('../features/auth/verify-page.tsx'));
const ResetPassword = page(() => import('../features/auth/reset-password-page.tsx'));
const ConfirmEmailChange = page(() => import('../features/auth/confirm-email-change-page.tsx'));
const Onboarding = page(() => import('../features/onboarding/onboarding-page.tsx'));
const Subscribe = page(() => import('../features/subscribe/subscribe-page.tsx'));
const SubscribeSuccess = page(() => import('../features/subscribe/success-page.tsx'));
const Dashboard = page(() => import('../features/dashboard/dashboard-page.tsx'));
const Help = page(() => import('../features/help/help-page.tsx'));
const Service = page(() => import('../features/service/service-page.tsx'));
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

type Page = Preloadable<object>;
type Session = NonNullable<ReturnType<typeof storedSession>>;

/**
 * The phone's entry points (sign-in, dashboard, service mode): their chunks and messages are
 * fetched as soon as the app starts, in parallel with the language, rather than one lazy level
 * (layout, page, messages) after the other, each a round trip on a slow network (issue 23 item 6).
 * With a stored session, the page's own data is asked for from the entry too (its SWR hooks take
 * the requests over).
 */
const PRELOADS: [RegExp, (() => Promise<unknown>)[], Namespace[], ((s: Session, path: string) => Promise<void>)?][] = [
  [/^\/login\/?$/, [Login.load], ['auth']],
  [
    /^\/dashboard\/?$/,
    [DataProviderChunk.load, AppLayoutChunk.load, Dashboard.load],
    ['dashboard'],
    async (s) => startDashboardRequests(s.organizationId, s.userId),
  ],
  [
    /^\/service(\/|$)/,
    [DataProviderChunk.load, AppLayoutChunk.load, Service.load],
    ['service'],
    async (s, path) => startServiceRequests(s.organizationId, decodeURIComponent(path.split('/')[2] ?? '') || undefined),
  ],
];

/** The longest the first render waits for the opening page's chunks (then it shows the skeleton). */
const CHUNK_WAIT_MS = 3000;

const opening = typeof location === 'undefined' ? undefined : PRELOADS.find(([path]) => path.test(location.pathname));

/** The opening page's message namespaces (the entry loads them with the common ones, before the first render). */
export const openingNamespaces: readonly Namespace[] = opening?.[2] ?? [];

function startPreloads(): Promise<void> {
  const match = opening;
  if (!match) return Promise.resolve();
  const chunks = Promise.all(match[1].map((load) => load())).then(
    () => undefined,
    () => undefined,
  );
  prefetchMessages(match[2]);
  const session = storedSession();
  if (session && match[3]) void match[3](session, location.pathname).catch(() => undefined);
  return Promise.race([chunks, new Promise<void>((resolve) => setTimeout(resolve, CHUNK_WAIT_MS))]);
}

/**
 * Resolves once the opening page's chunks are in (or failed, or CHUNK_WAIT_MS passed): the entry
 * renders then, so the page paints without suspending (preloadable.tsx says why that matters).
 */
export const openingChunksReady: Promise<void> = startPreloads();

/** A lazily loaded page; `withData` adds SWR's provider (the sign-in pages do without it). */
function Lazy({ component, withData = true }: { component: Page; withData?: boolean }) {
  const C = component.Component;
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

const visitor = (c: Page) => (
  <AuthShell>
    <VisitorGuard>
      <Lazy component={c} withData={false} />
    </VisitorGuard>
  </AuthShell>
);
const open = (c: Page) => (
  <AuthShell>
    <Lazy component={c} />
  </AuthShell>
);
const onboarding = (c: Page) => (
  <AuthShell>
    <OnboardingGuard>
      <Lazy component={c} />
    </OnboardingGuard>
  </AuthShell>
);
const plan = (c: Page, wide = false) => (
  <AuthShell wide={wide}>
    <PlanGuard>
      <Lazy component={c} />
    </PlanGuard>
  </AuthShell>
);
const layout = (c: Page) => (
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
const app = (c: Page) => <AppGuard>{layout(c)}</AppGuard>;
/** Help stays reachable in every state: it is where the screens that cannot fix a state send users. */
const help = (c: Page) => <HelpGuard>{layout(c)}</HelpGuard>;

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
      <Route path="/service/:venueId">{app(Service)}</Route>
      <Route path="/service">{app(Service)}</Route>
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
