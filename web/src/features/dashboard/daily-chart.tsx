import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { ChartTable, LegendSwatch, SERIES } from './chart-parts.tsx';
import { dayLabel, labelledDays, niceMax, percent, totals, type GuestAnalytics } from './guest-analytics-data.ts';

const n = (v: number) => v.toLocaleString();

/**
 * Page views and QR scans per day as bars (scans drawn inside views: every scan opens a page).
 * Pointing at a day shows its figures above the chart; the table below is the text alternative.
 */
export function DailyChart({ days }: { days: GuestAnalytics['days'] }) {
  const [active, setActive] = useState<number | null>(null);
  if (days.length === 0) return null;
  const max = niceMax(Math.max(0, ...days.map((d) => Math.max(d.views, d.scans))));
  const ticks = [max, max / 2, 0];
  const shown = days[active ?? days.length - 1] ?? days[0];
  const sum = totals(days);
  const busiest = days.reduce((a, b) => (b.views > a.views ? b : a));
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const summary =
    `Bar chart of page views and QR scans per day, ${dayLabel(first)} to ${dayLabel(last)}: ${n(sum.views)} views and ${n(sum.scans)} scans in total` +
    (busiest.views > 0 ? `; busiest day ${dayLabel(busiest.day)} with ${n(busiest.views)} views.` : '.');
  const labels = new Set(labelledDays(days.length));

  return (
    <figure className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-3">
          <LegendSwatch className={SERIES.views}>Page views</LegendSwatch>
          <LegendSwatch className={SERIES.scans}>QR scans</LegendSwatch>
        </div>
        {shown ? (
          <p className="tabular-nums" data-testid="daily-readout">
            <span className="font-medium text-foreground">
              {active === null ? 'Today' : dayLabel(shown.day, { weekday: 'short', month: 'short', day: 'numeric' })}
            </span>
            {' · '}
            {n(shown.views)} {shown.views === 1 ? 'view' : 'views'} · {n(shown.scans)} {shown.scans === 1 ? 'scan' : 'scans'}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div aria-hidden className="relative h-40 text-right text-[11px] tabular-nums text-muted-foreground sm:h-48">
          {/* Invisible copy of the widest label sizes the axis column. */}
          <span className="invisible block h-0 overflow-hidden">{n(max)}</span>
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${100 - (t / max) * 100}%` }}>
              {n(t)}
            </span>
          ))}
        </div>
        <div role="img" aria-label={summary} className="relative h-40 sm:h-48">
          {ticks.map((t) => (
            <div
              key={t}
              aria-hidden
              className={cn('absolute inset-x-0 border-t', t === 0 ? 'border-border' : 'border-dashed border-border/70')}
              style={{ top: `${100 - (t / max) * 100}%` }}
            />
          ))}
          <div className="absolute inset-0 flex items-end gap-px sm:gap-[3px]" onPointerLeave={() => setActive(null)}>
            {days.map((d, i) => (
              <div
                key={d.day}
                className="relative flex h-full min-w-0 flex-1 items-end"
                onPointerEnter={() => setActive(i)}
                onPointerDown={() => setActive(i)}
                title={`${dayLabel(d.day)}: ${n(d.views)} views, ${n(d.scans)} scans`}
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
      <ChartTable caption="Page views and QR scans per day">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className="text-right">
              Page views
            </th>
            <th scope="col" className="text-right">
              QR scans
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
      </ChartTable>
    </figure>
  );
}
