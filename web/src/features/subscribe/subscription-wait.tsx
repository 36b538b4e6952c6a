import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { RecordModel } from 'pocketbase';
import { Clock, LoaderCircle } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { isSubscribed } from '../../../../shared/subscription.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { AuthCard } from '../../components/auth-card.tsx';
import { nextAfterSubscribe } from '../../lib/auth-flow.ts';

export const SUBSCRIPTION_WAIT_MS = 20_000;

const isActive = (org: RecordModel | null | undefined) => isSubscribed(org?.subscriptionStatus as string | undefined);

/**
 * Waits until the organization's subscription is active or trialing: realtime updates of the
 * organization record plus one immediate check (the change may already have happened). Payment
 * providers can be slow, so after 20 s it says so and offers a retry instead of spinning forever.
 * Stripe Checkout returns here with `?session_id=`: the payment is done, its webhook may still
 * be on the way.
 */
export function SubscriptionWait() {
  const { t } = useTranslation('subscribe');
  const [, navigate] = useLocation();
  const fromCheckout = new URLSearchParams(useSearch()).has('session_id');
  const { organization } = useAuth();
  const orgId = organization?.id;
  const [attempt, setAttempt] = useState(0);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!orgId) return;
    let done = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    const finish = async (org: RecordModel) => {
      if (done || !isActive(org)) return;
      done = true;
      clearTimeout(timer);
      await refreshAuth();
      navigate(nextAfterSubscribe(), { replace: true });
    };
    const timer = setTimeout(() => {
      if (!done) setTimedOut(true);
    }, SUBSCRIPTION_WAIT_MS);
    pb.collection('organizations')
      .subscribe(orgId, (e) => void finish(e.record))
      .then((u) => {
        if (done) void u();
        else unsubscribe = u;
      })
      .catch(() => undefined);
    pb.collection('organizations')
      .getOne(orgId)
      .then((org) => finish(org))
      .catch(() => undefined);
    return () => {
      done = true;
      clearTimeout(timer);
      void unsubscribe?.();
    };
  }, [orgId, attempt, navigate]);

  if (timedOut) {
    return (
      <AuthCard icon={<Clock />} title={t('wait.slowTitle')} description={t('wait.slowDescription')}>
        <div className="grid gap-3">
          <Button
            className="w-full"
            autoFocus
            onClick={() => {
              setTimedOut(false);
              setAttempt((a) => a + 1);
            }}
          >
            {t('checkAgain')}
          </Button>
          <Link href={paths.subscribe()} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
            {t('wait.backToPlans')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<LoaderCircle className="animate-spin" />}
      title={fromCheckout ? t('wait.thanks') : t('wait.activating')}
      description={<span role="status">{fromCheckout ? t('wait.checkoutDone') : t('wait.confirming')}</span>}
    />
  );
}
