import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Trans, useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { toast } from '../../lib/toast.ts';
import { pb } from '../../lib/pb.ts';
import { errorMessage, handleApiError } from '../../lib/api-errors.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { fetchPublicConfig } from '../../hooks/use-public-config.ts';
import { usePageRestore } from '../../hooks/use-page-restore.ts';
import { paths } from '../../app/paths.ts';
import type { MemberRole, SubscriptionStatus } from '../../../../shared/constants.ts';
import { isSubscribed } from '../../../../shared/subscription.ts';
import { planScreen } from '../../lib/plan-screen.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import { Notice } from '../../components/auth-card.tsx';
import { IntervalSwitch } from './interval-switch.tsx';
import { PlanCard, type PlanAction } from './plan-card.tsx';
import { EveryPlanNote } from '../../components/plan-feature-list.tsx';
import { toPlan, yearlySavingsPercent, type BillingInterval, type Plan } from './plan-format.ts';
import { nextAfterSubscribe } from '../../lib/auth-flow.ts';
import { SetupSteps } from '../../components/setup-steps.tsx';
import { checkoutUrl, leaveFor, subscribe } from '../../lib/billing-api.ts';
import { ManageBillingButton } from '../../components/manage-billing-button.tsx';
import { AskOwnerScreen } from './ask-owner-screen.tsx';
import { ContactScreen } from './contact-screen.tsx';
import { NoOrganizationScreen } from './no-organization-screen.tsx';

/** Active plans in pricing-table order (anyone may read them). */
function usePlans() {
  return useSWR(
    'plans:active',
    async () => (await pb.collection('plans').getFullList({ filter: 'active = true', sort: 'position' })).map(toPlan),
    { revalidateOnFocus: false },
  );
}

/** The user's role in the current organization (null when not a member): only owners and admins may choose a plan. */
function useRole(userId: string | undefined, orgId: string | undefined) {
  return useSWR(
    userId && orgId ? ['subscribe:role', userId, orgId] : null,
    async () => {
      const list = await pb.collection('memberships').getList(1, 1, {
        filter: pb.filter('user = {:u} && organization = {:o}', { u: userId, o: orgId }),
        fields: 'role',
        skipTotal: true,
      });
      return (list.items[0]?.role as MemberRole | undefined) ?? null;
    },
    { revalidateOnFocus: false },
  );
}

function TableSkeleton() {
  const { t } = useTranslation('subscribe');
  return (
    <div className="grid gap-5 md:grid-cols-3" aria-busy="true" aria-label={t('loading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-3 rounded-xl border bg-card p-6">
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-9 w-32" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      ))}
    </div>
  );
}

/** Stripe could not collect a payment: the subscription waits for a working payment method. */
const PAYMENT_PROBLEM: ReadonlySet<string> = new Set(['past_due', 'unpaid', 'incomplete']);

/**
 * The plan page: which screen (lib/plan-screen.ts) the user's organization, role and the billing
 * mode call for. Off mode never gets here (the guard sends users on).
 */
export function SubscribePanel() {
  const { t } = useTranslation('subscribe');
  const { record, organization } = useAuth();
  // Read the config with its loading state: the default would briefly claim another mode.
  const config = useSWR('app-config', fetchPublicConfig, { revalidateOnFocus: false });
  const role = useRole(record?.id, organization?.id);
  const billing = config.data?.billing;
  if (!billing || billing === 'off' || (role.isLoading && organization)) return <TableSkeleton />;
  if (role.error) {
    return (
      <div className="mx-auto grid max-w-md gap-4">
        <Notice tone="error">{errorMessage(role.error)}</Notice>
        <Button variant="outline" onClick={() => void role.mutate()}>
          {t('common:ui.retry')}
        </Button>
      </div>
    );
  }
  const screen = planScreen({
    billing,
    status: organization?.subscriptionStatus as string | undefined,
    hasOrganization: Boolean(organization),
    role: role.data,
  });
  if (screen === 'no-organization') return <NoOrganizationScreen />;
  if (screen === 'ask-owner') return <AskOwnerScreen billing={billing} />;
  if (screen === 'contact') return <ContactScreen />;
  if (screen === 'loading') return <TableSkeleton />;
  return <PlansTable billing={billing} canManage={role.data === 'owner' || role.data === 'admin'} renew={screen === 'renew'} />;
}

/**
 * The pricing table: monthly/yearly, the current plan marked, and the plan's button: "Start free
 * trial" (trial billing) starts the trial and waits on /subscribe/success; "Subscribe" (Stripe
 * billing) goes to Stripe Checkout, which returns to /subscribe/success. `renew`: a Stripe
 * subscription that ended or waits for a payment, said above the plans.
 */
function PlansTable({ billing, canManage, renew }: { billing: 'trial' | 'stripe'; canManage: boolean; renew: boolean }) {
  const { t } = useTranslation('subscribe');
  const [, navigate] = useLocation();
  const { organization } = useAuth();
  const plans = usePlans();
  const orgName = organization?.name ? String(organization.name) : null;
  const [interval, setBillingInterval] = useState<BillingInterval>(organization?.billingInterval === 'year' ? 'year' : 'month');
  const [pending, setPending] = useState<string | null>(null);
  // Back from Checkout through the browser's back button: the page may come back as it was left.
  usePageRestore(() => setPending(null));

  const status = organization?.subscriptionStatus as SubscriptionStatus | undefined;
  const subscribed = isSubscribed(status);
  const paymentProblem = Boolean(status && PAYMENT_PROBLEM.has(status));
  const bestSavings = useMemo(() => Math.max(0, ...(plans.data ?? []).map(yearlySavingsPercent)), [plans.data]);

  useEffect(() => {
    if (plans.error) toast.error(errorMessage(plans.error));
  }, [plans.error]);

  const choose = async (plan: Plan) => {
    setPending(plan.code);
    try {
      const result = await subscribe(plan.code, interval);
      const checkout = checkoutUrl(result);
      if (checkout) {
        // The button keeps spinning while the browser leaves for Checkout.
        leaveFor(checkout);
      } else if (result.status && PAYMENT_PROBLEM.has(result.status)) {
        // A plan change of a subscription that still waits for a payment: the payment method is the fix.
        toast.error(t('table.changedAwaitingPayment', { plan: plan.name }));
        await refreshAuth();
        setPending(null);
      } else {
        navigate(paths.subscribeSuccess());
      }
    } catch (err) {
      handleApiError(err);
      setPending(null);
    }
  };

  const actionFor = (plan: Plan): PlanAction => {
    const isCurrent = subscribed && organization?.plan === plan.id;
    if (isCurrent && (organization?.billingInterval ?? 'month') === interval) {
      return { label: t('table.continueWithPlan'), onClick: () => navigate(nextAfterSubscribe()), variant: 'outline' };
    }
    const label = subscribed
      ? t('table.switchTo', { plan: plan.name })
      : billing === 'stripe'
        ? t('table.subscribe')
        : plan.trialDays > 0 && !organization?.trialEndsAt
          ? t('table.startTrial')
          : t('table.choosePlan');
    return {
      label,
      onClick: () => void choose(plan),
      loading: pending === plan.code,
      disabled: pending !== null || !canManage,
    };
  };

  return (
    <div className="grid gap-6">
      {!subscribed && !organization?.plan ? <SetupSteps current="plan" /> : null}
      <div className="mx-auto -mt-5 grid max-w-2xl gap-2 text-center">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {!renew ? t('table.title') : paymentProblem ? t('table.paymentFailedTitle') : t('table.endedTitle')}
        </h1>
        <p className="text-pretty text-muted-foreground">
          {renew
            ? orgName
              ? t('table.renewDescription', { name: orgName })
              : t('table.renewDescriptionUnnamed')
            : billing === 'stripe'
              ? t('table.stripeDescription')
              : t('table.trialDescription')}
        </p>
      </div>
      <div className="flex justify-center">
        <IntervalSwitch value={interval} onChange={setBillingInterval} savings={bestSavings} />
      </div>
      {!canManage ? (
        <Notice>
          {orgName ? (
            <Trans t={t} i18nKey="table.managersOnly" values={{ name: orgName }} components={{ b: <span className="font-medium" /> }} />
          ) : (
            t('table.managersOnlyUnnamed')
          )}
        </Notice>
      ) : null}
      {billing === 'stripe' && canManage && paymentProblem ? (
        <Notice tone="error">
          <span className="flex flex-wrap items-center justify-between gap-3">
            <span>{orgName ? t('table.paymentFailed', { name: orgName }) : t('table.paymentFailedUnnamed')}</span>
            <ManageBillingButton size="sm" organization={organization?.id}>
              {t('table.updatePayment')}
            </ManageBillingButton>
          </span>
        </Notice>
      ) : null}
      {subscribed ? (
        <Notice tone="success">
          <span className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('table.alreadyActive')}</span>
            <Button size="sm" onClick={() => navigate(nextAfterSubscribe())}>
              {t('table.continueToApp')}
            </Button>
          </span>
        </Notice>
      ) : null}
      {plans.data && plans.data.length === 0 ? <Notice>{t('table.noPlans')}</Notice> : null}
      {plans.data ? (
        <div className="grid items-stretch gap-6 pt-2 md:grid-cols-3 md:gap-5">
          {plans.data.map((plan, i, all) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              action={actionFor(plan)}
              trialEligible={!organization?.trialEndsAt}
              current={subscribed && organization?.plan === plan.id}
              featured={!subscribed && all.length > 2 && i === 1}
            />
          ))}
          {plans.data.length ? <EveryPlanNote className="text-center md:col-span-3" /> : null}
        </div>
      ) : plans.error ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void plans.mutate()}>
            {t('common:ui.retry')}
          </Button>
        </div>
      ) : (
        <TableSkeleton />
      )}
    </div>
  );
}
