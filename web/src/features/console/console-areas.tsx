import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { consolePaths } from './console-paths.ts';
import { ConsoleLayout } from './console-layout.tsx';

// Each area is its own chunk: opening the console loads only the page in view.
const Overview = lazy(() => import('./overview-page.tsx'));
const Organizations = lazy(() => import('./organizations-page.tsx'));
const Organization = lazy(() => import('./organization-page.tsx'));
const Users = lazy(() => import('./users-page.tsx'));
const Logs = lazy(() => import('./logs-page.tsx'));
const Backups = lazy(() => import('./backups-page.tsx'));
const Settings = lazy(() => import('./settings-page.tsx'));
const Crons = lazy(() => import('./crons-page.tsx'));

const AREAS: [string, ComponentType][] = [
  [consolePaths.home(), Overview],
  [consolePaths.organizations(), Organizations],
  ['/_/organizations/:organizationId', Organization],
  [consolePaths.users(), Users],
  [consolePaths.logs(), Logs],
  [consolePaths.backups(), Backups],
  [consolePaths.settings(), Settings],
  [consolePaths.crons(), Crons],
];

/** The signed-in console: its layout and one lazily loaded page per area. */
export default function ConsoleAreas() {
  return (
    <ConsoleLayout>
      <Suspense fallback={<PageSkeleton />}>
        <Switch>
          {AREAS.map(([path, Page]) => (
            <Route key={path} path={path}>
              <Page />
            </Route>
          ))}
        </Switch>
      </Suspense>
    </ConsoleLayout>
  );
}
