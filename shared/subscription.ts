import { ACTIVE_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './constants.ts';

/**
 * What a subscription status means for an organization, in one place for the server (rules, guest
 * page, crons) and the staff app (guards, banners).
 *
 * - `subscribed`: trialing or active; the organization works normally.
 * - `lapsed`: it had a subscription (or trial) that ended or failed to renew: past_due, canceled,
 *   unpaid, incomplete. Staff keep reading (read-only), guests keep the menu for a grace period.
 * - `unchosen`: it never picked a plan (`none`, or no organization loaded yet).
 */
export type SubscriptionState = 'subscribed' | 'lapsed' | 'unchosen';

const LAPSED: readonly string[] = ['past_due', 'canceled', 'unpaid', 'incomplete'] satisfies SubscriptionStatus[];

export function subscriptionState(status: string | null | undefined): SubscriptionState {
  if (ACTIVE_SUBSCRIPTION_STATUSES.includes(status as SubscriptionStatus)) return 'subscribed';
  if (LAPSED.includes(String(status))) return 'lapsed';
  return 'unchosen';
}

export const isSubscribed = (status: string | null | undefined): boolean => subscriptionState(status) === 'subscribed';
export const isLapsed = (status: string | null | undefined): boolean => subscriptionState(status) === 'lapsed';

/** Billing modes of an instance: `off` for self-hosters (always active), `trial` and `stripe` for hosted operators. */
export const BILLING_MODES = ['off', 'trial', 'stripe'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
