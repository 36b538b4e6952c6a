import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { usePublicConfig } from '../hooks/use-public-config.ts';

/**
 * Where the new user is in the set-up sequence (verify, plan, venue), above the subscribe and
 * onboarding cards. Without billing there is no plan step.
 */
export function SetupSteps({ current }: { current: 'plan' | 'venue' }) {
  const { t } = useTranslation();
  const billing = usePublicConfig().billing;
  const steps = [
    { key: 'verify', label: t('setup.verify') },
    ...(billing === 'off' ? [] : [{ key: 'plan', label: t('setup.plan') }]),
    { key: 'venue', label: t('setup.venue') },
  ];
  const at = steps.findIndex((s) => s.key === current);
  return (
    <ol aria-label={t('setup.progress')} className="mb-5 flex items-center justify-center gap-2 text-xs text-muted-foreground">
      {steps.map((s, i) => (
        <li key={s.key} className="flex items-center gap-2" aria-current={i === at ? 'step' : undefined}>
          {i > 0 ? <span className="h-px w-4 bg-border sm:w-6" aria-hidden /> : null}
          <span
            className={cn(
              'flex size-5 shrink-0 items-center justify-center rounded-full border text-[10px] font-semibold',
              i < at && 'border-primary bg-primary text-primary-foreground',
              i === at && 'border-primary text-primary',
            )}
          >
            {i < at ? <Check className="size-3" aria-hidden /> : i + 1}
          </span>
          <span
            className={cn('whitespace-nowrap', i === at ? 'font-medium text-foreground' : 'sr-only sm:not-sr-only sm:whitespace-nowrap')}
          >
            {s.label}
            {i < at ? <span className="sr-only">{t('setup.done')}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
