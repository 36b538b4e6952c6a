import { useEffect, useRef } from 'react';

/**
 * Runs `onRestore` when the browser shows this page again from its back/forward cache (e.g. the
 * user came back from a payment page), so state such as a spinning button can be reset.
 */
export function usePageRestore(onRestore: () => void): void {
  const callback = useRef(onRestore);
  useEffect(() => {
    callback.current = onRestore;
  });
  useEffect(() => {
    const handler = (e: PageTransitionEvent) => {
      if (e.persisted) callback.current();
    };
    window.addEventListener('pageshow', handler);
    return () => window.removeEventListener('pageshow', handler);
  }, []);
}
