import { loadOnce } from '../lib/load-once.ts';
import type { PublicConfig } from '../lib/analytics.ts';

export const DEFAULT_CONFIG: PublicConfig = { appName: 'QR Menu', posthog: null, billing: 'trial' };

const publicConfig = loadOnce(async (): Promise<PublicConfig> => {
  try {
    const res = await fetch('/api/app-config');
    if (!res.ok) return DEFAULT_CONFIG;
    return { ...DEFAULT_CONFIG, ...((await res.json()) as Partial<PublicConfig>) };
  } catch {
    return DEFAULT_CONFIG;
  }
});

/** The public config, fetched once per page load. */
export function fetchPublicConfig(): Promise<PublicConfig> {
  return publicConfig.get();
}

/** Public settings from the server (product name, analytics key, billing mode). */
export function usePublicConfig(): PublicConfig {
  return publicConfig.use().data ?? DEFAULT_CONFIG;
}
