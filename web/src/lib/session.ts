import { getTokenPayload, type RecordModel } from 'pocketbase';
import { pb } from './pb.ts';
import type { GuardUser } from '../app/guard-logic.ts';

/**
 * The signed-in session without React: the React app's hooks (hooks/use-auth.ts) and service
 * mode's own page (service-main.ts) read and refresh it the same way.
 */

export const AUTH_EXPAND = 'currentOrganization';

/** Refreshes the signed-in record (with its current organization) from the server. */
export async function refreshAuth(): Promise<void> {
  if (!pb.authStore.isValid) {
    pb.authStore.clear();
    return;
  }
  try {
    if (pb.authStore.isSuperuser) {
      await pb.collection('_superusers').authRefresh();
    } else if (getTokenPayload(pb.authStore.token).refreshable === false) {
      // An impersonation token (the console's "open as owner") cannot be refreshed: reload the record.
      const id = String(pb.authStore.record?.id ?? getTokenPayload(pb.authStore.token).id);
      pb.authStore.save(pb.authStore.token, await pb.collection('users').getOne(id, { expand: AUTH_EXPAND }));
    } else {
      await pb.collection('users').authRefresh({ expand: AUTH_EXPAND });
    }
  } catch (err) {
    const status = (err as { status?: number }).status;
    // An invalid or revoked token signs the user out; a network error keeps the session.
    if (status === 401 || status === 403 || status === 404) pb.authStore.clear();
  }
}

export function toGuardUser(record: RecordModel | null): GuardUser | null {
  // A superuser is nobody in the staff app (the console at /_/ is theirs): the guards see a visitor.
  if (!record || !pb.authStore.isValid || pb.authStore.isSuperuser) return null;
  const org = (record.expand as { currentOrganization?: RecordModel } | undefined)?.currentOrganization;
  return {
    verified: Boolean(record.verified),
    onboardingComplete: Boolean(record.onboardingComplete),
    subscriptionStatus: org?.subscriptionStatus as string | undefined,
  };
}

/**
 * The stored session of a user who would land in the app (verified, onboarded, with a current
 * organization), for starting a page's data requests before the start-up refresh answers (the
 * stored token is valid until it expires); null otherwise.
 */
export function storedSession(): { userId: string; organizationId: string } | null {
  const record = pb.authStore.isValid && !pb.authStore.isSuperuser ? pb.authStore.record : null;
  const org = (record?.expand as { currentOrganization?: RecordModel } | undefined)?.currentOrganization;
  if (!record || !org || !record.verified || !record.onboardingComplete) return null;
  return { userId: record.id, organizationId: org.id };
}
