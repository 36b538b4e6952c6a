import { pb } from './pb.ts';

export type BillingInterval = 'month' | 'year';

/**
 * The answer of `POST /api/billing/subscribe`: trial billing answers the new `status`; Stripe
 * billing answers the `url` of a Checkout page, or, when the organization already pays, the
 * `status` of its subscription moved to the new plan (and a `url` of our own success page).
 */
export interface SubscribeResult {
  url?: string;
  status?: string;
  trialEndsAt?: string;
}

/** Chooses a plan for the organization (the current one when omitted); owners and admins only. */
export function subscribe(plan: string, interval: BillingInterval, organization?: string): Promise<SubscribeResult> {
  return pb.send<SubscribeResult>('/api/billing/subscribe', {
    method: 'POST',
    body: { plan, interval, ...(organization ? { organization } : {}) },
  });
}

/** The payment page to send the browser to, when the answer is one (a plan changed in place has a status instead). */
export function checkoutUrl(result: SubscribeResult): string | null {
  if (result.status || !result.url) return null;
  try {
    const url = new URL(result.url, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A Stripe Customer Portal session for the organization (invoices, payment method, plan, cancellation). */
export async function billingPortalUrl(organization?: string): Promise<string> {
  const { url } = await pb.send<{ url: string }>('/api/billing/portal', { method: 'POST', body: organization ? { organization } : {} });
  return url;
}

/** Leaves the app for a payment provider's page (a full navigation, so the browser's back button returns here). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
