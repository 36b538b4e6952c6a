import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '../app/paths.ts';
import type { Entitlement } from '../../../shared/plan-features.ts';

/**
 * Why a feature is not available here and the way to it: "Scheduled menus are part of the Pro
 * plan. View plans and billing" (the plan the server named, or the cheapest one offering it).
 * `children`: what it means for data kept from a bigger plan.
 */
export function PlanFeatureNotice({ feature, planName, children }: { feature: Entitlement; planName: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const name = t(`planFeatures.names.${feature}`);
  return (
    <div
      role="status"
      data-testid={`plan-feature-${feature}`}
      className="flex gap-3 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm text-foreground"
    >
      <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p>
          {planName ? t('planFeatures.required', { feature: name, plan: planName }) : t('planFeatures.notIncluded', { feature: name })}{' '}
          <Link href={paths.settingsBilling()} className="font-medium underline underline-offset-4">
            {t('ui.viewPlansAndBilling')}
          </Link>
        </p>
        {children ? <p className="text-muted-foreground">{children}</p> : null}
      </div>
    </div>
  );
}
