import { useSyncExternalStore } from 'react';
import type { RecordModel } from 'pocketbase';
import { pb } from '../lib/pb.ts';
import { refreshAuth, toGuardUser } from '../lib/session.ts';

// Many screens import these from here; they live in lib/session.ts (no React) for service mode's page.
export { AUTH_EXPAND, refreshAuth, storedSession } from '../lib/session.ts';

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
