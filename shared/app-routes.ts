/**
 * The staff app's page routes (wouter patterns, `:name` matching one path segment). The web route
 * table uses exactly these (a test compares them), and the server answers any other page address
 * with HTTP 404 and the app's "Not Found" page instead of a 200.
 */
export const APP_ROUTES = [
  '/',
  '/login',
  '/sign-up',
  '/verify',
  '/reset-password',
  '/confirm-email-change',
  '/onboarding',
  '/subscribe/success',
  '/subscribe/',
  '/subscribe',
  '/dashboard',
  '/help',
  '/service',
  '/service/:venueId',
  '/venues/:venueId',
  '/venues/',
  '/tags/',
  '/profile/',
  '/menus/upload/:uploadId',
  '/menus/upload/',
  '/menus/:menuId/translate',
  '/menus/:menuId',
  '/menus/',
  '/sections/:sectionId/items',
  '/settings/organization',
  '/settings/billing',
  '/settings/',
  '/settings',
  // The operator console (web/src/features/console): its own chunks, its own sign-in.
  '/_/',
  '/_/organizations/',
  '/_/organizations/:organizationId',
  '/_/users/',
  '/_/logs/',
  '/_/backups/',
  '/_/settings/',
  '/_/crons/',
] as const;

/** Addresses people type or remember from other products, and where they lead. */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/signup': '/sign-up',
  '/register': '/sign-up',
  '/signin': '/login',
  '/sign-in': '/login',
  '/admin': '/_/',
};

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** Whether a path is one of the app's pages. */
export function isAppRoute(pathname: string): boolean {
  return APP_ROUTES.some((pattern) => matches(pattern, pathname));
}
