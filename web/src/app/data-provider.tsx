import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SWRConfig, unstable_serialize } from 'swr';
import { earlyAnswers } from '../lib/early-requests.ts';
import { consoleReturn } from '../lib/console-return.ts';

const ImpersonationBar = lazy(() => import('../features/console/impersonation-bar.tsx'));

/**
 * SWR's settings for every page behind sign-in (a separate chunk: the sign-in pages do without SWR).
 * Every such page also shows the way back to the console while a superuser views it as an owner
 * ("open as owner"); here, not in the route table, so the login page's first load stays as it was.
 */
export default function DataProvider({ children }: { children: ReactNode }) {
  // The entry page's data that the app's start-up requests already have (lib/early-requests.ts):
  // its first render shows it instead of a skeleton; its hooks revalidate by taking those requests over.
  const [value] = useState(() => ({
    revalidateOnFocus: true,
    shouldRetryOnError: false,
    fallback: Object.fromEntries(earlyAnswers().map(([key, data]) => [unstable_serialize(key), data])),
  }));
  return (
    <SWRConfig value={value}>
      {consoleReturn() ? (
        <Suspense fallback={null}>
          <ImpersonationBar />
        </Suspense>
      ) : null}
      {children}
    </SWRConfig>
  );
}
