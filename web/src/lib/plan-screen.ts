import type { MemberRole } from '../../../shared/constants.ts';
import { subscriptionState, type BillingMode } from '../../../shared/subscription.ts';

/**
 * What the plan page (/subscribe/) shows, each screen with the one action that fixes the state:
 * - `choose`: the plans (trial: start a free trial; stripe: Checkout); also where subscribed
 *   organizations change plan (editors see it read-only, with the way back to the app).
 * - `ask-owner`: an editor cannot choose or pay: who can (owners and admins), sign out or switch
 *   to another organization.
 * - `renew` (stripe): the subscription ended or a payment failed: choose a plan, manage billing.
 * - `contact` (trial): the free trial ended and this instance has no self-service payment: say
 *   so and offer "Contact us" (the Help page), never a bare "please contact us".
 * - `no-organization`: the account belongs to no organization: ask for an invitation, sign out.
 * - `loading`: the role is not known yet.
 * Off mode has no plan page (the guard sends users on), so it has no screen here.
 */
export type PlanScreen = 'choose' | 'ask-owner' | 'renew' | 'contact' | 'no-organization' | 'loading';

export interface PlanScreenInput {
  billing: Exclude<BillingMode, 'off'>;
  /** The current organization's status; undefined without an organization. */
  status: string | undefined;
  hasOrganization: boolean;
  /** The user's role there: undefined while loading, null when not a member. */
  role: MemberRole | null | undefined;
}

export function planScreen({ billing, status, hasOrganization, role }: PlanScreenInput): PlanScreen {
  if (!hasOrganization || role === null) return 'no-organization';
  const state = subscriptionState(status);
  if (state === 'subscribed') return 'choose';
  if (role === undefined) return 'loading';
  if (role === 'editor') return 'ask-owner';
  if (state === 'lapsed') return billing === 'stripe' ? 'renew' : 'contact';
  return 'choose';
}
