import type { ReactNode } from 'react';
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
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
        <p className="flex items-center gap-2 font-medium text-destructive">
          <AlertTriangle className="size-4" aria-hidden /> {errorMessage(error)}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading">
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
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2 pt-2 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-muted-foreground">
        Page {page} of {totalPages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
