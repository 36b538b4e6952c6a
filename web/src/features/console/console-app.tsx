import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pb } from '../../lib/pb.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useTitle } from '../../hooks/use-title.ts';
import { ConsoleSignIn } from './console-sign-in.tsx';
import { ConsoleFrame } from './console-frame.tsx';

// The gate imports nothing the areas share (paths, layout, lists): those load with the areas, so
// this chunk stays a plain entry (no module namespace for the bundler's runtime in the first load).
const Areas = lazy(() => import('./console-areas.tsx'));
const Installer = lazy(() => import('./installer-page.tsx'));

/** What the hash of `/_/` asks for: the OAuth2 popup landing, the installer link, or nothing. */
type ConsoleHash = { kind: 'oauth2-popup' } | { kind: 'install'; token: string } | { kind: 'none' };

function parseConsoleHash(hash: string): ConsoleHash {
  if (hash.startsWith('#/auth/oauth2-redirect-')) return { kind: 'oauth2-popup' };
  const install = /^#\/install\/([^/?#]+)$/.exec(hash);
  if (install?.[1]) return { kind: 'install', token: decodeURIComponent(install[1]) };
  return { kind: 'none' };
}

function subscribeAuth(listener: () => void) {
  return pb.authStore.onChange(listener);
}

/** The operator console at /_/: the OAuth2 popup landing, the installer link, its sign-in, then the areas. */
export default function ConsoleApp() {
  const { t } = useTranslation('console');
  useTitle(t('title'));
  const superuser = useSyncExternalStore(subscribeAuth, () => pb.authStore.isValid && pb.authStore.isSuperuser);
  // The hash is read once: the installer link and the popup landing are entry points, not navigation.
  const [hash] = useState(() => parseConsoleHash(window.location.hash));

  if (hash.kind === 'oauth2-popup') {
    // index.html closed the window already when the browser allowed it; otherwise say so.
    return (
      <ConsoleFrame>
        <p className="text-center">{t('popupSignedIn')}</p>
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
    <Suspense fallback={<PageSkeleton />}>
      <Areas />
    </Suspense>
  );
}
