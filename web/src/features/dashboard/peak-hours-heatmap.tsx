import { Fragment, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';
import { ChartTable } from './chart-parts.tsx';
import { busiestSlots, heatLevel, heatmapRows, hourRange, weekdayName as weekdayNameIn } from './guest-analytics-data.ts';

const LEVELS = ['bg-muted', 'bg-primary/20 dark:bg-primary/30', 'bg-primary/45 dark:bg-primary/50', 'bg-primary/70', 'bg-primary'] as const;
const HOUR_TICKS = [0, 6, 12, 18];
/** A cell's classes before its level's (joined directly: no class of a level overrides these). */
const CELL = 'aspect-square min-h-2 rounded-[2px] ';

/** Page views by weekday (rows, Monday first) and local hour (columns), darker = busier. */
export function PeakHoursHeatmap({ heatmap }: { heatmap: number[][] }) {
  const { t } = useTranslation('dashboard');
  const weekdayName = (weekday: number, style: 'short' | 'long' = 'short') => weekdayNameIn(weekday, activeLanguage(), style);
  const rows = heatmapRows(heatmap);
  const max = Math.max(0, ...rows.flatMap((r) => r.values));
  const top = busiestSlots(heatmap, 3);
  const cellTitle = (e: PointerEvent<HTMLSpanElement>) => {
    const cell = e.currentTarget;
    const { weekday, hour, views } = cell.dataset;
    if (cell.title) return;
    cell.title = t('chart.cellTitle', { day: weekdayName(Number(weekday)), hours: hourRange(Number(hour)), count: Number(views) });
  };
  const summary = top.length
    ? t('chart.busiest', {
        slots: top
          .map((s) => t('chart.slot', { day: weekdayName(s.weekday, 'long'), hours: hourRange(s.hour), views: formatNumber(s.views) }))
          .join(', '),
      })
    : t('chart.noViews');

  return (
    <figure className="grid gap-3">
      <div
        role="img"
        aria-label={t('chart.heatmap', { summary })}
        className="grid grid-cols-[auto_repeat(24,minmax(0,1fr))] gap-[2px] sm:gap-[3px]"
      >
        {rows.map((row) => (
          <Fragment key={row.weekday}>
            <span aria-hidden className="self-center pr-1.5 text-[11px] leading-none text-muted-foreground">
              {weekdayName(row.weekday)}
            </span>
            {row.values.map((v, hour) => (
              // Each cell's tooltip is written when the pointer first reaches it (cellTitle): 168
              // translated titles made the dashboard's first render a long task on a phone.
              <span
                key={hour}
                aria-hidden
                data-weekday={row.weekday}
                data-hour={hour}
                data-views={v}
                onPointerEnter={cellTitle}
                className={CELL + LEVELS[heatLevel(v, max)]}
              />
            ))}
          </Fragment>
        ))}
        <span aria-hidden />
        {HOUR_TICKS.map((h) => (
          <span key={h} aria-hidden className="col-span-6 pt-1 text-[11px] leading-none tabular-nums text-muted-foreground">
            {String(h).padStart(2, '0')}:00
          </span>
        ))}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-muted-foreground">
        <span>{summary}</span>
        <span className="inline-flex items-center gap-1" aria-hidden>
          {t('chart.fewer')}
          {LEVELS.map((c) => (
            <span key={c} className={cn('size-2.5 rounded-[2px]', c)} />
          ))}
          {t('chart.more')}
        </span>
      </figcaption>
      <ChartTable caption={t('chart.heatmapCaption')}>
        {() => (
          <>
            <thead>
              <tr>
                <th scope="col">{t('chart.day')}</th>
                {Array.from({ length: 24 }, (_, h) => (
                  <th key={h} scope="col" className="text-right">
                    {String(h).padStart(2, '0')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.weekday}>
                  <th scope="row" className="font-normal">
                    {weekdayName(row.weekday)}
                  </th>
                  {row.values.map((v, h) => (
                    <td key={h} className="text-right">
                      {v}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </>
        )}
      </ChartTable>
    </figure>
  );
}
