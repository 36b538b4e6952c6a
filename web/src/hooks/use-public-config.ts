import useSWR from 'swr';
import type { PublicConfig } from '../lib/analytics.ts';

export const DEFAULT_CONFIG: PublicConfig = { appName: 'QR Menu', posthog: null, billing: 'trial' };

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const res = await fetch('/api/app-config');
  if (!res.ok) return DEFAULT_CONFIG;
  return { ...DEFAULT_CONFIG, ...((await res.json()) as Partial<PublicConfig>) };
}

/** Public settings from the server (product name, analytics key, billing mode). */
export function usePublicConfig(): PublicConfig {
  return useSWR('app-config', fetchPublicConfig, { revalidateOnFocus: false }).data ?? DEFAULT_CONFIG;
}
