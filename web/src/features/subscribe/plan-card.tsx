import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatMoney } from '../../../../shared/money.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { yearlySavingsPercent, type BillingInterval, type Plan } from './plan-format.ts';
import { PlanFeatureList } from '../../components/plan-feature-list.tsx';

/** A plan's price as pricing tables show it, in the app's language: whole amounts without decimals ("€9", "9 €"). */
const formatPrice = (minor: number, currency: string) => formatMoney(minor, currency, activeLanguage(), { trimWhole: true });

/** "17 %" in German, "17%" in English. */
const formatPercent = (percent: number) => formatNumber(percent / 100, { style: 'percent' });

export interface PlanAction {
  label: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  variant?: 'default' | 'outline';
}

/** One column of the pricing table; the free trial is mentioned only to organizations that never had one. */
export function PlanCard({
  plan,
  interval,
  current,
  featured,
  action,
  trialEligible = true,
}: {
  plan: Plan;
  interval: BillingInterval;
  current: boolean;
  featured: boolean;
  action: PlanAction;
  trialEligible?: boolean;
}) {
  const { t } = useTranslation('subscribe');
  const yearly = interval === 'year';
  const price = yearly ? plan.priceYearly : plan.priceMonthly;
  const savings = yearlySavingsPercent(plan);
  const headingId = `plan-${plan.code}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6',
        (current || featured) && 'border-primary shadow-md ring-1 ring-primary',
      )}
    >
      {current || featured ? (
        <span className="absolute -top-3 left-5 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
          {current ? t('card.current') : t('card.popular')}
        </span>
      ) : null}
      <h2 id={headingId} className="text-lg font-semibold">
        {plan.name}
      </h2>
      {plan.description ? <p className="mt-1 text-sm md:min-h-10 text-muted-foreground">{plan.description}</p> : null}
      <div className="mt-4 flex flex-wrap items-baseline gap-x-1">
        <span className="text-3xl font-bold tracking-tight">{formatPrice(price, plan.currency)}</span>
        <span className="text-sm text-muted-foreground">{t(`card.per.${interval}`)}</span>
      </div>
      <p className="mt-1 h-5 text-sm text-muted-foreground">
        {yearly ? (
          <>
            {t('card.monthlyEquivalent', { price: formatPrice(Math.round(plan.priceYearly / 12), plan.currency) })}
            {savings > 0 ? (
              <>
                , <span className="font-medium text-primary">{t('card.save', { percent: formatPercent(savings) })}</span>
              </>
            ) : null}
          </>
        ) : (
          <>{t('card.orYearly', { price: formatPrice(plan.priceYearly, plan.currency) })}</>
        )}
      </p>
      {plan.trialDays > 0 && trialEligible ? (
        <p className="mt-3 text-sm font-medium">{t('card.trial', { count: plan.trialDays })}</p>
      ) : null}
      <Button
        className="mt-4 w-full"
        variant={action.variant ?? 'default'}
        loading={action.loading}
        disabled={action.disabled}
        onClick={action.onClick}
        aria-describedby={headingId}
      >
        {action.label}
      </Button>
      <PlanFeatureList plan={plan} label={t('card.features', { plan: plan.name })} className="mt-5" />
    </section>
  );
}
