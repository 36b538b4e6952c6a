import type { PostHog } from 'posthog-js';
import type { Consent } from '../../../shared/constants.ts';
import type { PublicConfig } from '../../../shared/api.ts';

let client: PostHog | null = null;

/**
 * PostHog only when a project key is configured (no network call otherwise), through our own
 * `/ingest` proxy; persistence follows the consent: localStorage+cookie after yes, memory otherwise.
 */
export async function initAnalytics(config: PublicConfig, consent: Consent): Promise<void> {
  if (!config.posthog || client) return;
  const { default: posthog } = await import('posthog-js');
  posthog.init(config.posthog.key, {
    api_host: config.posthog.apiHost,
    ui_host: config.posthog.uiHost,
    capture_exceptions: true,
    persistence: consent === 'yes' ? 'localStorage+cookie' : 'memory',
  });
  client = posthog;
}

export function applyConsent(consent: Consent): void {
  client?.set_config({ persistence: consent === 'yes' ? 'localStorage+cookie' : 'memory' });
}

/** A replay link for the last N seconds of the session (only with consent and a key). */
export function sessionReplayUrl(seconds: number): string {
  if (!client) return '';
  try {
    return client.get_session_replay_url({ withTimestamp: true, timestampLookBack: seconds });
  } catch {
    return '';
  }
}

export function analytics(): PostHog | null {
  return client;
}
