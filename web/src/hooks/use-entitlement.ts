import useSWR from 'swr';
import { pb } from '../lib/pb.ts';
import { useAuth } from './use-auth.ts';
import { useLoadedPublicConfig } from './use-public-config.ts';
import { cheapestPlanWith, entitlementsOf, type Entitlement, type PlanOffer } from '../../../shared/plan-features.ts';

/** The active plans as offers (code, name, position, entitlements): anyone may read them. */
export const PLAN_OFFERS_KEY = 'plans:offers';

type Offer = PlanOffer & { id: string };

async function fetchOffers(): Promise<Offer[]> {
  const plans = await pb
    .collection('plans')
    .getFullList({ filter: 'active = true', sort: 'position', fields: 'id,code,name,position,entitlements' });
  return plans.map((p) => ({
    id: p.id,
    code: String(p.code),
    name: String(p.name),
    position: Number(p.position ?? 0),
    entitlements: entitlementsOf(p.entitlements),
  }));
}

export type EntitlementState =
  | { status: 'loading' }
  | { status: 'included' }
  /** `planName`: the cheapest plan that includes it ('' when no active plan does). */
  | { status: 'locked'; planName: string };

/**
 * Whether the current organization's plan includes a feature, decided as the server decides it
 * (server/modules/entitlements.ts): BILLING=off or no plan → included. Screens use it to show the
 * reason and the upgrade link instead of a control the server would refuse.
 */
export function useEntitlement(feature: Entitlement): EntitlementState {
  const config = useLoadedPublicConfig();
  const { organization } = useAuth();
  const planId = String(organization?.plan ?? '');
  const offers = useSWR(config && config.billing !== 'off' && planId ? PLAN_OFFERS_KEY : null, fetchOffers, { revalidateOnFocus: false });
  if (!config || !organization) return { status: 'loading' };
  if (config.billing === 'off' || !planId) return { status: 'included' };
  if (!offers.data) return offers.error ? { status: 'included' } : { status: 'loading' };
  const plan = offers.data.find((p) => p.id === planId);
  // A plan that is no longer offered: the server reads it directly; here, let the server decide.
  if (!plan || plan.entitlements.includes(feature)) return { status: 'included' };
  return { status: 'locked', planName: cheapestPlanWith(offers.data, feature)?.name ?? '' };
}
