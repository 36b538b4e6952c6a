import { useDeferredValue, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber as n } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';
import { Link } from 'wouter';
import { Download, Eye, QrCode, RefreshCw, type LucideIcon } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { errorMessage, handleApiError } from '../../lib/api-errors.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { PlanFeatureNotice } from '../../components/plan-feature-notice.tsx';
import { useEntitlement } from '../../hooks/use-entitlement.ts';
import { featureRefusalOf } from '../../../../shared/plan-features.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { Select } from '../../components/ui/input.tsx';
import { BarList } from './chart-parts.tsx';
import { DailyChart } from './daily-chart.tsx';
import { PeakHoursHeatmap } from './peak-hours-heatmap.tsx';
import { FiltersCard, SearchesCard, TopDishesCard } from './guest-events-cards.tsx';
import {
  downloadGuestCsv,
  GUEST_DAYS,
  isEmpty,
  totals,
  useGuestAnalytics,
  useVenueChoices,
  venueBreakdown,
  type GuestAnalytics,
} from './guest-analytics-data.ts';

function Figure({ label, value, today, icon: Icon }: { label: string; value: number; today: number; icon: LucideIcon }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="flex items-center gap-3 p-4 sm:gap-4 sm:p-5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:size-11">
        <Icon className="size-4 sm:size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs text-muted-foreground sm:text-sm">{label}</p>
        <p
          className="text-2xl font-semibold tabular-nums"
          aria-label={t('guests.figureLabel', { label, days: GUEST_DAYS, value: n(value) })}
        >
          {n(value)}
        </p>
        <p className="truncate text-xs text-muted-foreground">{t('guests.today', { value: n(today) })}</p>
      </div>
    </Card>
  );
}

function ChartCard({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // min-w-0: an opened data table scrolls inside the card instead of widening the page at 390 px.
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

function EmptyState({ venueName }: { venueName: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed p-8 text-center sm:p-10">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <QrCode className="size-6" aria-hidden />
      </span>
      <p className="font-medium">{t('guests.emptyTitle')}</p>
      <p className="max-w-md text-sm text-muted-foreground">
        {venueName ? t('guests.emptyVenue', { venue: venueName, days: GUEST_DAYS }) : t('guests.emptyAll', { days: GUEST_DAYS })}{' '}
        {t('guests.emptyHint')}
      </p>
      <Link href={paths.venues()} className={buttonVariants({ variant: 'outline' })}>
        <QrCode aria-hidden /> {t('guests.getQr')}
      </Link>
    </Card>
  );
}

function LoadingState() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="grid gap-4" aria-busy="true" aria-label={t('guests.loading')}>
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Skeleton className="h-[104px]" />
        <Skeleton className="h-[104px]" />
      </div>
      <Skeleton className="h-72" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

function Charts({ data, venueId, venues }: { data: GuestAnalytics; venueId: string; venues: { id: string; name: string }[] }) {
  const { t } = useTranslation('dashboard');
  const views = (count: number) => t('guests.viewCount', { count });
  const scans = (count: number) => t('guests.scanCount', { count });
  const sum = totals(data.days);
  const today = data.days.at(-1) ?? { views: 0, scans: 0 };
  const perVenue = venueBreakdown(data.venues, venues);
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Figure label={t('guests.scans')} value={sum.scans} today={today.scans} icon={QrCode} />
        <Figure label={t('guests.views')} value={sum.views} today={today.views} icon={Eye} />
      </div>
      <ChartCard
        title={t('guests.perDay')}
        description={t(venueId ? 'guests.perDayDescriptionVenue' : 'guests.perDayDescription', { days: GUEST_DAYS })}
      >
        <DailyChart days={data.days} />
      </ChartCard>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <ChartCard title={t('guests.peak')} description={t('guests.peakDescription')}>
          <PeakHoursHeatmap heatmap={data.heatmap} />
        </ChartCard>
        <div className="grid gap-4">
          <ChartCard title={t('guests.topMenus')} description={t('guests.topMenusDescription')}>
            {data.topMenus.length ? (
              <BarList
                label={t('guests.topMenus')}
                single
                rows={data.topMenus.map((m) => ({
                  key: m.menu,
                  name: m.name || t('guests.deletedMenu'),
                  value: m.views,
                  figures: views(m.views),
                }))}
              />
            ) : (
              <p className="text-sm text-muted-foreground">{t('guests.noMenuViews')}</p>
            )}
          </ChartCard>
          {venueId ? (
            data.tables.length ? (
              <ChartCard title={t('guests.perTable')} description={t('guests.perTableDescription')}>
                <BarList
                  label={t('guests.perTable')}
                  single
                  rows={data.tables.slice(0, 10).map((row) => ({
                    key: `${row.venue}|${row.tableNo}`,
                    name: t('guests.table', { table: row.tableNo }),
                    value: row.scans,
                    figures: scans(row.scans),
                  }))}
                />
              </ChartCard>
            ) : null
          ) : (
            <ChartCard title={t('guests.perVenue')} description={t('guests.perVenueDescription')}>
              <BarList
                label={t('guests.perVenueList')}
                rows={perVenue.map((v) => ({
                  key: v.venue,
                  name: (
                    <Link href={paths.venue(v.venue)} className="block truncate hover:underline" title={v.name || undefined}>
                      {v.name || t('guests.deletedVenue')}
                    </Link>
                  ),
                  value: v.views,
                  inner: v.scans,
                  figures: t('guests.figures', { views: views(v.views), scans: scans(v.scans) }),
                }))}
              />
            </ChartCard>
          )}
        </div>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <TopDishesCard data={data} />
        <div className="grid gap-4">
          <SearchesCard data={data} />
          <FiltersCard data={data} />
        </div>
      </div>
    </div>
  );
}

/** The dashboard's guest analytics: venue filter, 30-day totals, charts and the CSV export. */
export function GuestAnalyticsSection({ organizationId }: { organizationId: string }) {
  // The filters card names diets from the `menus` messages. Asked for here, the section waits for
  // them as it mounts (in the dashboard's after-paint transition, which keeps the page on screen);
  // asked for only when the figures arrive, the suspension would blank the whole page meanwhile.
  const { t } = useTranslation(['dashboard', 'menus']);
  const [venueId, setVenueId] = useState('');
  const [downloading, setDownloading] = useState(false);
  const venues = useVenueChoices(organizationId);
  const entitlement = useEntitlement('analytics');
  // Without the plan feature nothing is asked (the server would answer 403): the reason and the upgrade instead.
  const analytics = useGuestAnalytics(entitlement.status === 'included' ? organizationId : undefined, venueId);
  // The charts render from a deferred copy: when the figures arrive, React renders them in slices
  // between other work instead of in one long task on a phone (a month of days, 168 heatmap cells).
  const data = useDeferredValue(analytics.data);
  const refusal = featureRefusalOf((analytics.error as { response?: { data?: unknown } } | undefined)?.response?.data);
  const locked = entitlement.status === 'locked' ? entitlement.planName : refusal ? refusal.planName : null;
  const selectId = useId();
  const venueList = (venues.data ?? []).map((v) => ({ id: v.id, name: v.name }));
  const venueName = venueList.find((v) => v.id === venueId)?.name ?? '';
  // keepPreviousData shows the last venue's figures while the next venue's load: dim them.
  const stale = analytics.isLoading && data !== undefined;

  async function download() {
    setDownloading(true);
    try {
      await downloadGuestCsv(organizationId, venueId);
    } catch (err) {
      handleApiError(err);
    } finally {
      setDownloading(false);
    }
  }

  return (
    // Below the fold on a phone: skips layout and paint until scrolled near (the charts are hundreds of boxes).
    <section aria-labelledby="guests-heading" className="grid gap-4 [contain-intrinsic-size:auto_48rem] [content-visibility:auto]">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="guests-heading" className="text-lg font-semibold tracking-tight">
            {t('guests.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('guests.description', { days: GUEST_DAYS })}</p>
        </div>
        <div className={cn('flex w-full gap-2 sm:w-auto', locked !== null && 'hidden')}>
          <label htmlFor={selectId} className="sr-only">
            {t('guests.venue')}
          </label>
          <Select id={selectId} value={venueId} onChange={(e) => setVenueId(e.target.value)} className="min-w-0 flex-1 sm:w-52">
            <option value="">{t('guests.allVenues')}</option>
            {venueList.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </Select>
          <Button variant="outline" onClick={() => void download()} loading={downloading} disabled={!analytics.data}>
            {downloading ? null : <Download aria-hidden />} {t('guests.download')}
          </Button>
        </div>
      </div>
      {locked !== null ? (
        <Card className="p-4 sm:p-6">
          <PlanFeatureNotice feature="analytics" planName={locked}>
            {t('common:planFeatures.analyticsKept')}
          </PlanFeatureNotice>
        </Card>
      ) : analytics.error && !data ? (
        <Card role="alert" className="flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{t('guests.loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(analytics.error)}</p>
          </div>
          <Button variant="outline" onClick={() => void analytics.mutate()}>
            <RefreshCw aria-hidden /> {t('common:ui.retry')}
          </Button>
        </Card>
      ) : !data ? (
        <LoadingState />
      ) : (
        <div aria-busy={stale || undefined} className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {isEmpty(data) ? <EmptyState venueName={venueName} /> : <Charts data={data} venueId={venueId} venues={venueList} />}
        </div>
      )}
    </section>
  );
}
