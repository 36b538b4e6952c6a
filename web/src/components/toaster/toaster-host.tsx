import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterHost } from '../../lib/toast.ts';

const LazyToaster = lazy(() => import('./toaster.tsx'));

/** Mounts sonner's Toaster on the first toast (see lib/toast.ts). */
export function ToasterHost({ theme }: { theme: 'light' | 'dark' }) {
  const wanted = useSyncExternalStore(toasterHost.subscribe, toasterHost.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster theme={theme} />
    </Suspense>
  );
}
