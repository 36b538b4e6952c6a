import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import type { BillingInterval } from './plan-format.ts';

const OPTIONS: { value: BillingInterval; label: string }[] = [
  { value: 'month', label: 'interval.month' },
  { value: 'year', label: 'interval.year' },
];

/** Monthly / yearly as a segmented radio group (arrow keys move the choice, as radios do). */
export function IntervalSwitch({
  value,
  onChange,
  savings,
}: {
  value: BillingInterval;
  onChange: (v: BillingInterval) => void;
  savings: number;
}) {
  const { t } = useTranslation('subscribe');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
    e.preventDefault();
    const next = value === 'month' ? 'year' : 'month';
    onChange(next);
    refs.current[OPTIONS.findIndex((o) => o.value === next)]?.focus();
  };
  return (
    <div role="radiogroup" aria-label={t('interval.label')} onKeyDown={onKey} className="inline-flex rounded-full border bg-muted p-1">
      {OPTIONS.map((o, i) => {
        const on = o.value === value;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={on}
            tabIndex={on ? 0 : -1}
            onClick={() => onChange(o.value)}
            className={cn(
              'inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              on ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {t(o.label)}
            {o.value === 'year' && savings > 0 ? (
              <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary">
                {t('interval.saveUpTo', { percent: formatNumber(savings / 100, { style: 'percent' }) })}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
