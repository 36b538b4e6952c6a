import { useTranslation } from 'react-i18next';
import { Check, Minus } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { EVERY_PLAN, planColumn } from '../../../shared/plan-features.ts';

/**
 * A plan's column of the pricing table, rendered from the map of shared/plan-features.ts (the
 * only list of what plans sell): its limits, then every entitlement, included or not.
 */
export function PlanFeatureList({
  plan,
  label,
  className,
}: {
  plan: { limits?: Record<string, unknown> | null; entitlements?: unknown };
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={cn('grid content-start gap-2 text-sm', className)} aria-label={label}>
      {planColumn(plan).map((line) => {
        const included = line.kind === 'limit' || line.included;
        const text =
          line.kind === 'limit'
            ? line.count === null
              ? t(`planFeatures.unlimited.${line.key}`)
              : t(`planFeatures.count.${line.key}`, { count: line.count })
            : t(`planFeatures.names.${line.key}`);
        return (
          <li key={line.key} className={cn('flex gap-2', !included && 'text-muted-foreground')}>
            {included ? (
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            ) : (
              <Minus className="mt-0.5 size-4 shrink-0" aria-hidden />
            )}
            <span>
              {included ? text : <s className="no-underline">{text}</s>}
              {included ? null : <span className="sr-only"> ({t('planFeatures.notIncludedShort')})</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** What every plan includes alike, said once under the plans (nothing to enforce, so no plan lists it). */
export function EveryPlanNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      {t('planFeatures.everyPlan', { features: EVERY_PLAN.map((k) => t(`planFeatures.base.${k}`)).join(', ') })}
    </p>
  );
}
