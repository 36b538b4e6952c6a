import { loadOnce } from '../lib/load-once.ts';
import type { PublicConfig } from '../../../shared/api.ts';
import { DEFAULT_CONFIG, readPublicConfig } from '../lib/public-config.ts';

const publicConfig = loadOnce(readPublicConfig);

/** The public config, fetched once per page load. */
export function fetchPublicConfig(): Promise<PublicConfig> {
  return publicConfig.get();
}

/**
 * The public config once loaded (null while loading; the defaults when it could not be read).
 * The guards wait for it: the default billing mode must never decide where a user goes.
 */
export function useLoadedPublicConfig(): PublicConfig | null {
  const state = publicConfig.use();
  if (state.isLoading) return null;
  return state.data ?? DEFAULT_CONFIG;
}

/** Public settings from the server (product name, analytics key, billing mode, machine translation provider). */
export function usePublicConfig(): PublicConfig {
  return publicConfig.use().data ?? DEFAULT_CONFIG;
}
