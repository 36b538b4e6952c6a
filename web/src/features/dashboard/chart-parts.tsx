import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { percent } from './guest-analytics-data.ts';

/** The two series' colours, shared by every guest chart: views light, scans solid (scans ⊆ views). */
export const SERIES = {
  views: 'bg-primary/25 dark:bg-primary/35',
  scans: 'bg-primary',
} as const;

export function LegendSwatch({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className={cn('size-2.5 shrink-0 rounded-[3px]', className)} />
      {children}
    </span>
  );
}

/**
 * The text alternative of a chart: a collapsed, scrollable data table. Its rows are made only once
 * opened: closed, a month's table and the heatmap's 168 cells would be hundreds of elements (and as
 * many formatted dates and numbers) that the dashboard's first screen builds and lays out for nothing.
 */
export function ChartTable({ caption, children }: { caption: string; children: () => ReactNode }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  return (
    // min-w-0: the opened table scrolls in its box instead of widening the chart above it.
    <details className="group min-w-0 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="w-fit cursor-pointer select-none rounded text-xs text-muted-foreground hover:text-foreground">
        {t('chart.showTable')}
      </summary>
      {open ? (
        <div className="mt-2 max-h-64 overflow-auto rounded-md border">
          <table className="w-full text-left text-xs tabular-nums [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1.5 [&_th]:font-medium [&_thead_th]:sticky [&_thead_th]:top-0 [&_thead_th]:bg-muted [&_tr+tr]:border-t">
            <caption className="sr-only">{caption}</caption>
            {children()}
          </table>
        </div>
      ) : null}
    </details>
  );
}

export interface BarRow {
  key: string;
  name: ReactNode;
  /** The row's figures in words, shown at the right ("12 views · 3 scans"). */
  figures: string;
  /** The long bar (views, or the only series). */
  value: number;
  /** An optional second series drawn inside the first (scans). */
  inner?: number;
}

/** A ranked list with a proportional bar under each name; readable as plain text. */
export function BarList({ rows, label, single = false }: { rows: BarRow[]; label: string; single?: boolean }) {
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <ol aria-label={label} className="grid gap-3">
      {rows.map((row) => (
        <li key={row.key} className="grid gap-1.5">
          <div className="flex min-w-0 items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium">{row.name}</span>
            <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{row.figures}</span>
          </div>
          <div aria-hidden className="relative h-2 overflow-hidden rounded-full bg-muted">
            <div
              className={cn('absolute inset-y-0 left-0 rounded-full', single ? SERIES.scans : SERIES.views)}
              style={{ width: `${percent(row.value, max)}%` }}
            />
            {row.inner !== undefined ? (
              <div
                className={cn('absolute inset-y-0 left-0 rounded-full', SERIES.scans)}
                style={{ width: `${percent(row.inner, max)}%` }}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
