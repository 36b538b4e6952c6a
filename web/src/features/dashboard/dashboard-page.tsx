import { useTranslation } from 'react-i18next';
import { ListOrdered, RefreshCw, Store, UtensilsCrossed } from 'lucide-react';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, Skeleton } from '../../components/ui/card.tsx';
import { StatCard } from './stat-card.tsx';
import { RecentEdits } from './recent-edits.tsx';
import { QuickActions } from './quick-actions.tsx';
import { firstWeekDone, GettingStarted } from './getting-started.tsx';
import { useDashboardCounts, useFirstWeek, useRecentEdits } from './use-dashboard.ts';
import { useMyRole } from '../../hooks/use-my-role.ts';
import { usePainted, useWarmUp } from '../../hooks/use-after-paint.ts';
import { formatDate, formatNumber, formatRelative } from '../../lib/format.ts';
import { GuestAnalyticsSection } from './guest-analytics.tsx';

/** "Good morning, Alex" (the `dashboard` namespace's `t`). */
function greeting(t: (key: string, options?: Record<string, unknown>) => string, name: string): string {
  const hour = new Date().getHours();
  const part = t(hour < 12 ? 'greeting.morning' : hour < 18 ? 'greeting.afternoon' : 'greeting.evening');
  return name ? t('greeting.named', { greeting: part, name: name.split(' ')[0] }) : part;
}

const WARM_UP = [
  () => formatNumber(0),
  () => formatDate(new Date(), { dateStyle: 'medium', timeStyle: 'short' }),
  () => formatRelative(new Date()),
];

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useTitle(t('title'));
  const { record, organization } = useAuth();
  const orgId = organization?.id;
  const counts = useDashboardCounts(orgId);
  const recent = useRecentEdits(orgId);
  const orgName = organization ? String(organization.name) : t('yourOrganization');
  // The getting-started checklist is the owner's, until its three steps are done.
  const { isOwner, loading: roleLoading } = useMyRole();
  const firstWeek = useFirstWeek(isOwner ? orgId : undefined);
  const checklist = firstWeek.data && !firstWeekDone(firstWeek.data) ? firstWeek.data : null;
  // The skeleton stays until it is known whether the checklist shows: a checklist arriving after
  // the figures would push the whole page down (layout shift, Lighthouse CLS 0.475 on a phone).
  const checklistPending = roleLoading || (isOwner && !firstWeek.data && !firstWeek.error);
  const ready = Boolean(counts.data) && !checklistPending;
  // What lies below the fold on a phone (guest analytics, recent edits, quick actions) renders in a
  // task after the first paint of the greeting, the checklist and the figures, not in the same one.
  const painted = usePainted(ready);
  // The figures' and recent edits' formatters, made while the requests are out.
  useWarmUp(WARM_UP);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description', { greeting: greeting(t, String(record?.name ?? '')), organization: orgName })}
      />
      {counts.error ? (
        <Card role="alert" className="flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{t('loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(counts.error)}</p>
          </div>
          <Button
            variant="outline"
            onClick={() => {
              void counts.mutate();
              void recent.mutate();
            }}
          >
            <RefreshCw aria-hidden /> {t('common:ui.retry')}
          </Button>
        </Card>
      ) : !counts.data || checklistPending ? (
        <div className="grid gap-6" aria-busy="true" aria-label={t('loading')}>
          <div className="grid grid-cols-3 gap-3 sm:gap-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-[100px] sm:h-[86px]" />
            ))}
          </div>
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <Skeleton className="h-72" />
            <Skeleton className="h-72" />
          </div>
        </div>
      ) : (
        <div className="grid gap-6">
          {checklist ? <GettingStarted organizationName={orgName} state={checklist} /> : null}
          <section aria-label={t('totals')} className="grid grid-cols-3 gap-3 sm:gap-4">
            <StatCard label={t('stats.venues')} value={counts.data.venues} href={paths.venues()} icon={Store} />
            <StatCard label={t('stats.menus')} value={counts.data.menus} href={paths.menus()} icon={UtensilsCrossed} />
            <StatCard label={t('stats.items')} value={counts.data.items} href={paths.menus()} icon={ListOrdered} />
          </section>
          {painted ? (
            <>
              {orgId ? <GuestAnalyticsSection organizationId={orgId} /> : null}
              <div className="grid grid-cols-1 items-start gap-6 [contain-intrinsic-size:auto_32rem] [content-visibility:auto] lg:grid-cols-[2fr_1fr]">
                <RecentEdits edits={recent.data} loading={!recent.data && !recent.error} />
                <QuickActions />
              </div>
            </>
          ) : null}
        </div>
      )}
    </>
  );
}
