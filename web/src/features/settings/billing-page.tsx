import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { toast } from '../../lib/toast.ts';
import { Link } from 'wouter';
import { CalendarClock, CreditCard, LifeBuoy, ServerCog } from 'lucide-react';
import { isLapsed } from '../../../../shared/subscription.ts';
import { paths } from '../../app/paths.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { fetchPublicConfig } from '../../hooks/use-public-config.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { SettingsNav } from './settings-nav.tsx';
import { SubscriptionStatusBadge } from '../../components/subscription-status-badge.tsx';
import { PlanPicker, type Interval } from './plan-picker.tsx';
import { formatMoney } from '../../../../shared/money.ts';
import { formatDate } from '../../lib/format.ts';
import { activeLanguage, t as translate } from '../../lib/i18n/i18n.ts';
import { settingsKeys, useMyRole } from './use-membership.ts';
import { checkoutUrl, leaveFor, subscribe } from '../../lib/billing-api.ts';
import { ManageBillingButton } from '../../components/manage-billing-button.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** Trial end, renewal or end date, worded for the state the subscription is in. */
function periodText(org: RecordModel): { label: string; value: string } | null {
  if (org.subscriptionStatus === 'trialing' && org.trialEndsAt)
    return { label: translate('settings:billing.trialEnds'), value: formatDate(org.trialEndsAt) };
  if (!org.currentPeriodEnd) return null;
  if (org.cancelAtPeriodEnd) return { label: translate('settings:billing.accessEnds'), value: formatDate(org.currentPeriodEnd) };
  return { label: translate('settings:billing.renewsOn'), value: formatDate(org.currentPeriodEnd) };
}

async function billingCall(action: 'cancel' | 'resume', organization: string) {
  await pb.send(`/api/billing/${action}`, { method: 'POST', body: { organization } });
  await refreshAuth();
}

/**
 * The organization's plan: status, price and dates for every member; owners and admins change the
 * plan, cancel and resume, and with Stripe billing open the Customer Portal (invoices, payment
 * method). A plan change of a running Stripe subscription happens in place (prorated); without
 * one the browser goes to Stripe Checkout.
 */
export default function BillingPage() {
  const { t } = useTranslation('settings');
  useTitle(t('common:nav.billing'));
  // Read the config with its loading state: the default would briefly claim trial billing.
  const config = useSWR('app-config', fetchPublicConfig, { revalidateOnFocus: false });
  const billing = config.data?.billing;
  const stripe = billing === 'stripe';
  const { organization } = useAuth();
  const { role, canManage } = useMyRole();
  const plans = useSWR(billing === 'off' ? null : settingsKeys.plans(), () =>
    pb.collection('plans').getFullList({ filter: 'active = true', sort: 'position' }),
  );
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [resuming, setResuming] = useState(false);

  const header = (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <SettingsNav />
    </>
  );

  if (billing === 'off') {
    return (
      <div className="max-w-4xl">
        {header}
        <Card>
          <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <ServerCog className="size-6" aria-hidden />
            </span>
            <h2 className="text-lg font-semibold">{t('billing.offTitle')}</h2>
            <p className="max-w-md text-sm text-muted-foreground">{t('billing.offDescription')}</p>
          </CardContent>
        </Card>
      </div>
    );
  }

  if (!organization || role === undefined || !billing) {
    return (
      <div className="max-w-4xl">
        {header}
        <div className="grid gap-6" aria-busy="true" aria-label={t('billing.loading')}>
          <Skeleton className="h-48" />
          <Skeleton className="h-80" />
        </div>
      </div>
    );
  }

  const plan = plans.data?.find((p) => p.id === organization.plan);
  const interval = (organization.billingInterval === 'year' ? 'year' : 'month') as Interval;
  const period = periodText(organization);
  const status = String(organization.subscriptionStatus ?? 'none');
  const canCancel = canManage && (status === 'active' || status === 'trialing') && !organization.cancelAtPeriodEnd;
  // Trial billing takes no payments: once a trial or plan has lapsed, the operator continues it, not a plan picker.
  const contactToContinue = billing === 'trial' && isLapsed(status);

  const cancel = async () => {
    try {
      await billingCall('cancel', organization.id);
      toast.success(t('billing.canceled'));
    } catch (err) {
      handleApiError(err);
      throw err;
    }
  };
  const resume = async () => {
    setResuming(true);
    try {
      await billingCall('resume', organization.id);
      toast.success(t('billing.resumed'));
    } catch (err) {
      handleApiError(err);
    } finally {
      setResuming(false);
    }
  };
  const choose = async (next: RecordModel, nextInterval: Interval) => {
    try {
      const result = await subscribe(String(next.code), nextInterval, organization.id);
      const checkout = checkoutUrl(result);
      if (checkout) {
        leaveFor(checkout);
        return;
      }
      await refreshAuth();
      toast.success(t('billing.changed', { plan: String(next.name) }));
    } catch (err) {
      handleApiError(err);
    }
  };

  return (
    <div className="max-w-4xl">
      {header}
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
            <div className="grid gap-1.5">
              <CardTitle className="flex items-center gap-2">
                <CreditCard className="size-5 text-primary" aria-hidden /> {t('billing.subscription')}
              </CardTitle>
              <CardDescription>{canManage ? t('billing.subscriptionDescription') : t('billing.readOnly')}</CardDescription>
            </div>
            <div className="flex flex-wrap gap-2">
              <SubscriptionStatusBadge status={status} />
              {organization.cancelAtPeriodEnd ? <Badge variant="warning">{t('billing.cancelsAtPeriodEnd')}</Badge> : null}
            </div>
          </CardHeader>
          <CardContent className="grid gap-6">
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              <Detail label={t('billing.plan')}>
                {plans.data ? plan ? String(plan.name) : t('billing.noPlan') : <Skeleton className="h-5 w-16" />}
              </Detail>
              <Detail label={t('billing.price')}>
                {plan
                  ? t(`billing.per.${interval}`, {
                      price: formatMoney(
                        Number((interval === 'year' ? plan.priceYearly : plan.priceMonthly) ?? 0),
                        plan.currency,
                        activeLanguage(),
                        { trimWhole: true },
                      ),
                    })
                  : '—'}
              </Detail>
              <Detail label={t('billing.interval')}>{organization.billingInterval ? t(`billing.intervals.${interval}`) : '—'}</Detail>
              <Detail label={period?.label ?? t('billing.nextDate')}>{period?.value || '—'}</Detail>
            </dl>
            {organization.cancelAtPeriodEnd ? (
              <p className="flex items-start gap-2 rounded-md border border-amber-500/30 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">
                <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
                {formatDate(organization.currentPeriodEnd || organization.trialEndsAt)
                  ? t('billing.canceledNotice', { date: formatDate(organization.currentPeriodEnd || organization.trialEndsAt) })
                  : t('billing.canceledNoticeNoDate')}
              </p>
            ) : null}
            {canManage ? (
              <div className="grid gap-3">
                <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  {stripe ? (
                    <ManageBillingButton variant={organization.cancelAtPeriodEnd ? 'outline' : 'default'} organization={organization.id} />
                  ) : null}
                  {organization.cancelAtPeriodEnd ? (
                    <Button onClick={() => void resume()} loading={resuming}>
                      {t('billing.resume')}
                    </Button>
                  ) : canCancel ? (
                    <Button variant="outline" onClick={() => setConfirmCancel(true)}>
                      {t('billing.cancel')}
                    </Button>
                  ) : null}
                </div>
                {stripe ? <p className="text-sm text-muted-foreground">{t('billing.portalHint')}</p> : null}
              </div>
            ) : null}
          </CardContent>
        </Card>
        {contactToContinue ? (
          <Card>
            <CardHeader>
              <CardTitle>{organization.trialEndsAt ? t('common:lapse.trialEnded') : t('billing.planEnded')}</CardTitle>
              <CardDescription>{t('billing.contactDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              <Link href={paths.help()} className={buttonVariants()}>
                <LifeBuoy aria-hidden /> {t('common:lapse.contactUs')}
              </Link>
            </CardContent>
          </Card>
        ) : canManage ? (
          <Card>
            <CardHeader>
              <CardTitle>{plan ? t('billing.changePlan') : t('common:lapse.choosePlan')}</CardTitle>
              <CardDescription>{stripe ? t('billing.switchStripe') : t('billing.switchTrial')}</CardDescription>
            </CardHeader>
            <CardContent>
              {plans.data ? (
                <PlanPicker
                  plans={plans.data}
                  currentPlanId={String(organization.plan ?? '')}
                  currentInterval={interval}
                  onChoose={choose}
                />
              ) : plans.error ? (
                <p role="alert" className="text-sm text-destructive">
                  {t('billing.plansError')}
                </p>
              ) : (
                <div className="grid gap-4 md:grid-cols-3" aria-busy="true" aria-label={t('billing.loadingPlans')}>
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} className="h-72" />
                  ))}
                </div>
              )}
            </CardContent>
          </Card>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        destructive
        title={t('billing.cancelTitle')}
        description={period?.value ? t('billing.cancelDescription', { date: period.value }) : t('billing.cancelDescriptionNoDate')}
        confirmLabel={t('billing.cancel')}
        cancelLabel={t('billing.keep')}
        onConfirm={cancel}
      />
    </div>
  );
}
