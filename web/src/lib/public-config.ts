import type { PublicConfig } from '../../../shared/api.ts';

/**
 * The server's public settings (`/api/app-config`), without React: the React app reads them through
 * hooks/use-public-config.ts, service mode's own entry directly.
 */

// Billing mirrors the server's default (off), so a config that cannot be read never invents a plan step.
export const DEFAULT_CONFIG: PublicConfig = { appName: 'QR Menu', posthog: null, billing: 'off', machineTranslation: null };

/** Fetches the public config; the defaults when it cannot be read. */
export async function readPublicConfig(): Promise<PublicConfig> {
  try {
    const res = await fetch('/api/app-config');
    if (!res.ok) return DEFAULT_CONFIG;
    return { ...DEFAULT_CONFIG, ...((await res.json()) as Partial<PublicConfig>) };
  } catch {
    return DEFAULT_CONFIG;
  }
}
