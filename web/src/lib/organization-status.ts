import type { RecordModel } from 'pocketbase';
import { pb } from './pb.ts';
import { isLapsed } from '../../../shared/subscription.ts';

/**
 * The current organization's subscription status as the app last saw it: the signed-in record's
 * expanded organization, or newer, a realtime update of it (the lapse banner listens and reports
 * here), so an organization that lapses while staff work is known at once.
 */
let live: { id: string; status: string } | null = null;

const signedInOrganization = (): RecordModel | undefined =>
  (pb.authStore.record?.expand as { currentOrganization?: RecordModel } | undefined)?.currentOrganization;

/** Remembers a fresher status of an organization (from realtime). */
export function noteOrganizationStatus(id: string, status: string): void {
  live = { id, status };
}

/** Whether the organization the user works in has a lapsed subscription (the app is read-only). */
export function currentOrganizationLapsed(): boolean {
  const org = signedInOrganization();
  if (!org) return false;
  return isLapsed(live?.id === org.id ? live.status : String(org.subscriptionStatus ?? ''));
}

/** Why writes fail while the subscription is lapsed, in the words staff see. */
export const LAPSED_WRITE_MESSAGE = 'Your subscription has lapsed: the menu is read-only until it is renewed.';

interface Refusal {
  status?: number;
  data?: Record<string, unknown>;
}

/**
 * The lapse message for a refused write while the organization is lapsed, or null. A lapsed
 * organization's write rules fail like any other rule: a create answers 400 without field
 * errors, an update or delete 404 (the contract never says why); field errors and plan limits
 * keep their own words.
 */
export function lapsedRefusal(envelope: Refusal | undefined): string | null {
  if (!envelope || !currentOrganizationLapsed()) return null;
  const refused =
    envelope.status === 404 || envelope.status === 403 || (envelope.status === 400 && Object.keys(envelope.data ?? {}).length === 0);
  return refused ? LAPSED_WRITE_MESSAGE : null;
}
