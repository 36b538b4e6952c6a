import { lazy, Suspense, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { consoleReturn } from '../lib/console-return.ts';

const ImpersonationBar = lazy(() => import('../features/console/impersonation-bar.tsx'));

/**
 * SWR's settings for every page behind sign-in (a separate chunk: the sign-in pages do without SWR).
 * Every such page also shows the way back to the console while a superuser views it as an owner
 * ("open as owner"); here, not in the route table, so the login page's first load stays as it was.
 */
export default function DataProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>
      {consoleReturn() ? (
        <Suspense fallback={null}>
          <ImpersonationBar />
        </Suspense>
      ) : null}
      {children}
    </SWRConfig>
  );
}
