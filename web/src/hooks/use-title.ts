import { useEffect } from 'react';
import { usePublicConfig } from './use-public-config.ts';

/** Document title: the product's name, prefixed with the page title where there is one. */
export function useTitle(title?: string): void {
  const appName = usePublicConfig().appName;
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);
}
