import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CircleAlert } from 'lucide-react';
import { paths } from '../app/paths.ts';

/** A plan-limit message with the way out: a link to billing. */
export function PlanLimitNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-amber-600/30 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {message}{' '}
        <Link href={paths.settingsBilling()} className="font-medium underline underline-offset-4">
          {t('ui.viewPlansAndBilling')}
        </Link>
      </p>
    </div>
  );
}
