import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordModel } from 'pocketbase';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EveryPlanNote, PlanFeatureList } from '../../components/plan-feature-list.tsx';
import { formatMoney } from '../../../../shared/money.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';

export type Interval = 'month' | 'year';

/** The available plans with a monthly/yearly switch; the current one is marked, others can be chosen. */
export function PlanPicker({
  plans,
  currentPlanId,
  currentInterval,
  onChoose,
}: {
  plans: RecordModel[];
  currentPlanId: string;
  currentInterval: Interval;
  onChoose: (plan: RecordModel, interval: Interval) => Promise<void>;
}) {
  const { t } = useTranslation('settings');
  const [interval, setInterval] = useState<Interval>(currentInterval);
  const [pending, setPending] = useState<string | null>(null);
  const currentPlan = plans.find((p) => p.id === currentPlanId);
  const currentPosition = currentPlan ? Number(currentPlan.position ?? 0) : null;
  const choose = async (plan: RecordModel) => {
    setPending(plan.id);
    try {
      await onChoose(plan, interval);
    } finally {
      setPending(null);
    }
  };
  return (
    <div className="grid gap-4">
      <div role="radiogroup" aria-label={t('billing.interval')} className="inline-flex w-fit rounded-lg border bg-muted p-1">
        {(['month', 'year'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={interval === value}
            onClick={() => setInterval(value)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              interval === value && 'bg-background text-foreground shadow-sm',
            )}
          >
            {t(`billing.intervals.${value}`)}
          </button>
        ))}
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const current = plan.id === currentPlanId && interval === currentInterval;
          const downgrade = currentPosition !== null && Number(plan.position ?? 0) < currentPosition;
          const price = interval === 'month' ? plan.priceMonthly : plan.priceYearly;
          return (
            <li
              key={plan.id}
              className={cn('flex flex-col gap-4 rounded-lg border p-5', plan.id === currentPlanId && 'border-primary ring-1 ring-primary')}
            >
              <div className="grid gap-1">
                <p className="flex items-center justify-between gap-2 font-semibold">
                  {String(plan.name)}
                  {plan.id === currentPlanId ? <Badge variant="default">{t('picker.current')}</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">{String(plan.description ?? '')}</p>
              </div>
              <p>
                <span className="text-2xl font-semibold tabular-nums">
                  {formatMoney(Number(price ?? 0), plan.currency, activeLanguage(), { trimWhole: true })}
                </span>
                <span className="text-sm text-muted-foreground"> {t(`picker.per.${interval}`)}</span>
              </p>
              <PlanFeatureList
                plan={plan as { limits?: Record<string, unknown>; entitlements?: unknown }}
                label={t('picker.features', { plan: String(plan.name) })}
                className="flex-1"
              />
              <Button
                variant={current || downgrade ? 'outline' : 'default'}
                disabled={current || (pending !== null && pending !== plan.id)}
                loading={pending === plan.id}
                onClick={() => void choose(plan)}
                aria-label={
                  current
                    ? t('picker.isCurrent', { plan: String(plan.name) })
                    : t(`picker.switchLabel.${interval}`, { plan: String(plan.name) })
                }
              >
                {current ? t('picker.currentPlan') : t('picker.switch', { plan: String(plan.name) })}
              </Button>
            </li>
          );
        })}
      </ul>
      <EveryPlanNote />
    </div>
  );
}
