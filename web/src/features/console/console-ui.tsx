import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Inbox } from 'lucide-react';
import { errorMessage } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/card.tsx';

/** Loading, error and empty states of a console list or panel, in one place. */
export function DataState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('console');
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
        <p className="flex items-center gap-2 font-medium text-destructive">
          <AlertTriangle className="size-4" aria-hidden /> {errorMessage(error)}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('common:ui.retry')}
        </Button>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={t('common:shell.loading')}>
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (empty) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
        <Inbox className="size-4" aria-hidden /> {emptyText}
      </p>
    );
  }
  return <>{children}</>;
}

/** A label/value pair of a detail panel. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children || '—'}</dd>
    </div>
  );
}

/** Previous / next for the SDK's paged lists. */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('console');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('ui.pages')} className="flex items-center justify-between gap-2 pt-2 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('ui.previous')}
      </Button>
      <span className="text-muted-foreground">{t('ui.pageOf', { page, total: totalPages })}</span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('ui.next')}
      </Button>
    </nav>
  );
}
