import type { HourlyStats } from 'pocketbase';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../lib/format.ts';

/** Requests per hour as bars (an SVG that scales to any width; the numbers are in its title and caption). */
export function LogsChart({ stats }: { stats: HourlyStats[] }) {
  const { t } = useTranslation('console');
  if (stats.length === 0) return <p className="text-sm text-muted-foreground">{t('logs.noRequests')}</p>;
  const max = Math.max(...stats.map((s) => s.total), 1);
  const total = stats.reduce((sum, s) => sum + s.total, 0);
  const w = 100 / stats.length;
  return (
    <figure className="grid gap-2">
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="h-32 w-full text-primary"
        role="img"
        aria-label={t('logs.chart', {
          requests: t('logs.requests', { count: total }),
          hours: t('logs.hours', { count: stats.length }),
        })}
      >
        {stats.map((s, i) => {
          const h = (s.total / max) * 38;
          return (
            <rect key={s.date} x={i * w + w * 0.1} y={40 - h} width={w * 0.8} height={h} className="fill-current">
              <title>{`${formatDate(s.date, { dateStyle: 'short', timeStyle: 'short' })}: ${formatNumber(s.total)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{formatDate(stats[0]?.date, { dateStyle: 'short', timeStyle: 'short' })}</span>
        <span>{t('logs.requests', { count: total })}</span>
        <span>{formatDate(stats[stats.length - 1]?.date, { dateStyle: 'short', timeStyle: 'short' })}</span>
      </figcaption>
    </figure>
  );
}
