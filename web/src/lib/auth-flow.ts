import { pb } from './pb.ts';
import { refreshAuth } from '../hooks/use-auth.ts';
import { paths } from '../app/paths.ts';
import { safeRedirect } from '../app/guard-logic.ts';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Where a fresh session goes: unverified users to /verify (the verification link they came from,
 * if any), everyone else to the (same-origin)
 * `redirect`, or the dashboard. The record is refreshed first so the guards see the organization.
 */
export async function continueAfterLogin(navigate: Navigate, redirect: string | null): Promise<void> {
  await refreshAuth();
  const record = pb.authStore.isValid ? pb.authStore.record : null;
  if (!record) return;
  const target = safeRedirect(redirect);
  // An unverified account goes to /verify, keeping the verification link it came from.
  const verifyLink = target.startsWith(`${paths.verify()}?`);
  navigate(record.verified || verifyLink ? target : paths.verify(), { replace: true });
}

/** Where the app continues once the subscription is active: onboarding first, then the app. */
export function nextAfterSubscribe(): string {
  return pb.authStore.record?.onboardingComplete ? paths.dashboard() : paths.onboarding();
}

const SENT_KEY = 'verification-sent:';
export const RESEND_COOLDOWN_SECONDS = 60;

/** Remembers (per tab) when a verification email went out, so /verify can show the cooldown. */
export function markVerificationSent(email: string, at = Date.now()): void {
  try {
    sessionStorage.setItem(SENT_KEY + email.toLowerCase(), String(at));
  } catch {
    // Storage can be unavailable (private mode); the cooldown then starts on the next click.
  }
}

export function verificationSentAt(email: string): number {
  try {
    return Number(sessionStorage.getItem(SENT_KEY + email.toLowerCase()) ?? 0) || 0;
  } catch {
    return 0;
  }
}
