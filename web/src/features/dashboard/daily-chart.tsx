import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { formatNumber as n } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';
import { ChartTable, LegendSwatch, SERIES } from './chart-parts.tsx';
import { dayLabel as dayLabelIn, labelledDays, niceMax, percent, totals, type GuestAnalytics } from './guest-analytics-data.ts';

/**
 * Page views and QR scans per day as bars (scans drawn inside views: every scan opens a page).
 * Pointing at a day shows its figures above the chart; the table below is the text alternative.
 */
export function DailyChart({ days }: { days: GuestAnalytics['days'] }) {
  const { t } = useTranslation('dashboard');
  const [active, setActive] = useState<number | null>(null);
  if (days.length === 0) return null;
  const dayLabel = (day: string, options?: Intl.DateTimeFormatOptions) => dayLabelIn(day, options, activeLanguage());
  const max = niceMax(Math.max(0, ...days.map((d) => Math.max(d.views, d.scans))));
  const ticks = [max, max / 2, 0];
  const shown = days[active ?? days.length - 1] ?? days[0];
  const sum = totals(days);
  const busiest = days.reduce((a, b) => (b.views > a.views ? b : a));
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const summary = t(busiest.views > 0 ? 'chart.dailySummaryBusiest' : 'chart.dailySummary', {
    from: dayLabel(first),
    to: dayLabel(last),
    views: n(sum.views),
    scans: n(sum.scans),
    day: dayLabel(busiest.day),
    busiest: n(busiest.views),
  });
  const labels = new Set(labelledDays(days.length));

  return (
    <figure className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-3">
          <LegendSwatch className={SERIES.views}>{t('guests.views')}</LegendSwatch>
          <LegendSwatch className={SERIES.scans}>{t('guests.scans')}</LegendSwatch>
        </div>
        {shown ? (
          <p className="tabular-nums" data-testid="daily-readout">
            <span className="font-medium text-foreground">
              {active === null ? t('chart.today') : dayLabel(shown.day, { weekday: 'short', month: 'short', day: 'numeric' })}
            </span>
            {' · '}
            {t('guests.viewCount', { count: shown.views })} · {t('guests.scanCount', { count: shown.scans })}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div aria-hidden className="relative h-40 text-right text-[11px] tabular-nums text-muted-foreground sm:h-48">
          {/* Invisible copy of the widest label sizes the axis column. */}
          <span className="invisible block h-0 overflow-hidden">{n(max)}</span>
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${100 - (tick / max) * 100}%` }}>
              {n(tick)}
            </span>
          ))}
        </div>
        <div role="img" aria-label={summary} className="relative h-40 sm:h-48">
          {ticks.map((tick) => (
            <div
              key={tick}
              aria-hidden
              className={cn('absolute inset-x-0 border-t', tick === 0 ? 'border-border' : 'border-dashed border-border/70')}
              style={{ top: `${100 - (tick / max) * 100}%` }}
            />
          ))}
          <div className="absolute inset-0 flex items-end gap-px sm:gap-[3px]" onPointerLeave={() => setActive(null)}>
            {days.map((d, i) => (
              <div
                key={d.day}
                className="relative flex h-full min-w-0 flex-1 items-end"
                onPointerEnter={() => setActive(i)}
                onPointerDown={() => setActive(i)}
                title={t('chart.dayTitle', { day: dayLabel(d.day), views: n(d.views), scans: n(d.scans) })}
              >
                {active === i ? <div aria-hidden className="absolute inset-0 rounded-sm bg-accent/60" /> : null}
                <div className={cn('relative w-full rounded-t-[3px]', SERIES.views)} style={{ height: `${percent(d.views, max)}%` }} />
                <div
                  className={cn('absolute inset-x-0 bottom-0 rounded-t-[3px]', SERIES.scans)}
                  style={{ height: `${percent(d.scans, max)}%` }}
                />
              </div>
            ))}
          </div>
        </div>
        <div />
        <div aria-hidden className="relative mt-1.5 h-4 text-[11px] text-muted-foreground">
          {days.map((d, i) =>
            labels.has(i) ? (
              <span
                key={d.day}
                className={cn(
                  'absolute top-0 whitespace-nowrap',
                  i === 0 ? 'left-0' : i === days.length - 1 ? 'right-0' : '-translate-x-1/2',
                )}
                style={i === 0 || i === days.length - 1 ? undefined : { left: `${((i + 0.5) / days.length) * 100}%` }}
              >
                {dayLabel(d.day)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <ChartTable caption={t('chart.dailyCaption')}>
        {() => (
          <>
            <thead>
              <tr>
                <th scope="col">{t('chart.day')}</th>
                <th scope="col" className="text-right">
                  {t('guests.views')}
                </th>
                <th scope="col" className="text-right">
                  {t('guests.scans')}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="font-normal">
                    {dayLabel(d.day, { weekday: 'short', month: 'short', day: 'numeric' })}
                  </th>
                  <td className="text-right">{n(d.views)}</td>
                  <td className="text-right">{n(d.scans)}</td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </ChartTable>
    </figure>
  );
}
