import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'wouter';
import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { CircleAlert } from 'lucide-react';
import { pb } from '../lib/pb.ts';
import { formatDate } from '../lib/format.ts';
import { noteOrganizationStatus } from '../lib/organization-status.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { useRecordSubscription } from '../hooks/use-live-records.ts';
import { usePublicConfig } from '../hooks/use-public-config.ts';
import { Button } from '../components/ui/button.tsx';
import { DEFAULT_LAPSE_GRACE_DAYS, lapseOfOrganization } from '../../../shared/lapse.ts';
import { paths } from './paths.ts';

/** An expired trial lapses exactly at the trial's end (server/modules/billing/lapse.ts). */
const isTrialLapse = (org: RecordModel): boolean => Boolean(org.trialEndsAt) && org.trialEndsAt === org.lapsedAt;

/** What happened, in the staff's words (a `common` key). */
function headline(org: RecordModel): 'lapse.subscriptionEnded' | 'lapse.trialEnded' | 'lapse.paymentOverdue' {
  if (org.subscriptionStatus === 'canceled') return 'lapse.subscriptionEnded';
  if (isTrialLapse(org)) return 'lapse.trialEnded';
  return 'lapse.paymentOverdue';
}

/**
 * The signed-in layout's banner while the organization's subscription is lapsed: what happened,
 * how long guests still see the menu (shared/lapse.ts, the same rule as the guest page), that the
 * app is read-only, and the one way out: owners and admins go to billing, editors ask an owner.
 * The organization is followed live, so a lapse (or a renewal) shows without reloading.
 */
export function LapseBanner() {
  const { t } = useTranslation();
  const { record, organization } = useAuth();
  const config = usePublicConfig();
  const graceDays = config.lapseGraceDays ?? DEFAULT_LAPSE_GRACE_DAYS;
  const [live, setLive] = useState<RecordModel | null>(null);
  const orgId = organization?.id;
  useRecordSubscription('organizations', orgId, (event) => {
    if (event.action !== 'update') return;
    noteOrganizationStatus(event.record.id, String(event.record.subscriptionStatus ?? ''));
    setLive(event.record);
  });
  const org = live && live.id === orgId ? live : organization;
  const lapse = org
    ? lapseOfOrganization(
        { subscriptionStatus: org.subscriptionStatus, lapsedAt: org.lapsedAt, updated: org.updated },
        graceDays,
        new Date(),
      )
    : null;
  const { data: role } = useSWR(lapse && record && orgId ? ['my-role', orgId, record.id] : null, () =>
    pb
      .collection('memberships')
      .getFirstListItem(pb.filter('organization = {:org} && user = {:user}', { org: orgId, user: record?.id }), { fields: 'role' })
      .then((m) => String(m.role)),
  );
  if (!org || !lapse) return null;
  const canManage = role === 'owner' || role === 'admin';
  return (
    <section
      aria-labelledby="lapse-banner-title"
      className="border-b border-amber-600/30 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
      data-testid="lapse-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center">
        <CircleAlert className="hidden size-5 shrink-0 text-amber-700 sm:block dark:text-amber-300" aria-hidden />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id="lapse-banner-title" className="font-semibold">
            {t(headline(org))}
          </h2>
          <p>
            {lapse.state === 'serving'
              ? t('lapse.serving', { count: lapse.daysLeft, date: formatDate(lapse.graceEndsAt) })
              : t('lapse.unavailable', { date: formatDate(lapse.graceEndsAt) })}{' '}
            {t('lapse.readOnly')}
          </p>
        </div>
        {role === undefined ? null : canManage ? (
          <Button asChild className="shrink-0 self-start sm:self-center">
            {config.billing === 'trial' ? (
              // Trial mode has no online payment: the operator continues the plan (see the plan page).
              <Link href={paths.help()}>{t('lapse.contactUs')}</Link>
            ) : (
              <Link href={paths.settingsBilling()}>{isTrialLapse(org) ? t('lapse.choosePlan') : t('lapse.renew')}</Link>
            )}
          </Button>
        ) : (
          <p className="shrink-0 font-medium">{t('lapse.askOwner', { name: String(org.name) })}</p>
        )}
      </div>
    </section>
  );
}
