import { useTranslation } from 'react-i18next';
import { Skeleton } from './ui/card.tsx';

/** Placeholder while a page or the session loads. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-6" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton className="h-8 w-48 max-w-full" />
      <Skeleton className="h-4 w-72 max-w-full" />
      <div className="grid gap-3 pt-4 sm:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    </div>
  );
}
