import { useSyncExternalStore } from 'react';
import { getTokenPayload, type RecordModel } from 'pocketbase';
import { pb } from '../lib/pb.ts';
import type { GuardUser } from '../app/guard-logic.ts';

export const AUTH_EXPAND = 'currentOrganization';

let ready = !pb.authStore.isValid;
let version = 0;
const listeners = new Set<() => void>();
const notify = () => {
  version++;
  listeners.forEach((l) => l());
};
/**
 * What the screens see of the session. The start-up refresh usually brings the stored record back
 * unchanged with a new token: then nothing re-renders (the page painted from the stored session
 * would otherwise render all over again on a phone's slow CPU).
 */
const sessionKey = () => JSON.stringify([pb.authStore.isValid, pb.authStore.isSuperuser, pb.authStore.record]);
let seen = sessionKey();
pb.authStore.onChange(() => {
  const now = sessionKey();
  if (now === seen) return;
  seen = now;
  notify();
});
const readyListeners = new Set<() => void>();

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

/**
 * Runs once at start-up. The guards render a page the stored record lets in at once, and wait for
 * this before any redirect, so nobody is bounced on a stale record.
 */
export const authReady: Promise<void> = ready
  ? Promise.resolve()
  : refreshAuth().finally(() => {
      ready = true;
      readyListeners.forEach((l) => l());
    });

/** Whether the start-up refresh has answered (the guards wait for it before any redirect). */
export function useAuthReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },
    () => ready,
  );
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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user, reactive to logins, logouts and record updates. */
export function useAuth() {
  useSyncExternalStore(subscribe, () => version);
  const record = pb.authStore.isValid ? pb.authStore.record : null;
  const organization = (record?.expand as { currentOrganization?: RecordModel } | undefined)?.currentOrganization ?? null;
  const isSuperuser = Boolean(record) && pb.authStore.isSuperuser;
  return { record, organization, isSuperuser, guardUser: toGuardUser(record), logout: () => pb.authStore.clear() };
}
