import { lazy, Suspense, useState, useSyncExternalStore, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { pb } from '../../lib/pb.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useTitle } from '../../hooks/use-title.ts';
import { consolePaths, parseConsoleHash } from './console-paths.ts';
import { ConsoleLayout } from './console-layout.tsx';
import { ConsoleSignIn } from './console-sign-in.tsx';
import { ConsoleFrame } from './console-frame.tsx';

// Each area is its own chunk: opening the console loads only the page in view.
const Overview = lazy(() => import('./overview-page.tsx'));
const Organizations = lazy(() => import('./organizations-page.tsx'));
const Organization = lazy(() => import('./organization-page.tsx'));
const Users = lazy(() => import('./users-page.tsx'));
const Logs = lazy(() => import('./logs-page.tsx'));
const Backups = lazy(() => import('./backups-page.tsx'));
const Settings = lazy(() => import('./settings-page.tsx'));
const Crons = lazy(() => import('./crons-page.tsx'));
const Installer = lazy(() => import('./installer-page.tsx'));

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

function subscribeAuth(listener: () => void) {
  return pb.authStore.onChange(listener);
}

/** The operator console at /_/: the OAuth2 popup landing, the installer link, its sign-in, then the areas. */
export default function ConsoleApp() {
  useTitle('Console');
  const superuser = useSyncExternalStore(subscribeAuth, () => pb.authStore.isValid && pb.authStore.isSuperuser);
  // The hash is read once: the installer link and the popup landing are entry points, not navigation.
  const [hash] = useState(() => parseConsoleHash(window.location.hash));

  if (hash.kind === 'oauth2-popup') {
    // index.html closed the window already when the browser allowed it; otherwise say so.
    return (
      <ConsoleFrame>
        <p className="text-center">Signed in. You can close this window.</p>
      </ConsoleFrame>
    );
  }
  if (hash.kind === 'install' && !superuser) {
    return (
      <ConsoleFrame>
        <Suspense fallback={<PageSkeleton />}>
          <Installer token={hash.token} />
        </Suspense>
      </ConsoleFrame>
    );
  }
  if (!superuser) {
    return (
      <ConsoleFrame>
        <ConsoleSignIn />
      </ConsoleFrame>
    );
  }
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
