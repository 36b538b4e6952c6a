import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Plus, RefreshCw, Search, Store, X } from 'lucide-react';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { CreateVenueDialog } from './create-venue-dialog.tsx';
import { VenueCard, VenueCardSkeleton } from './venue-card.tsx';
import { useVenueList } from './use-venues.ts';
import { useMyRole } from '../../hooks/use-my-role.ts';

/** Waits until typing pauses before searching. */
function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export default function VenuesPage() {
  const { t } = useTranslation('venues');
  useTitle(t('title'));
  const { organization } = useAuth();
  // Floor staff see the venues they serve (the records API lists only those) and create none.
  const staff = useMyRole().role === 'staff';
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim());
  useEffect(() => setPage(1), [query]);
  const { data, error, isLoading, isValidating, mutate } = useVenueList(organization?.id, page, query);

  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> {t('new')}
    </Button>
  );
  const noVenuesAtAll = data && data.totalItems === 0 && !query;
  const actions = noVenuesAtAll || staff ? undefined : newButton;

  return (
    <>
      <PageHeader title={t('title')} description={staff ? t('staff.description') : t('description')} actions={actions} />

      {!noVenuesAtAll ? (
        <div className="mb-4 flex items-center gap-3">
          <div className="relative w-full sm:max-w-xs">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('searchPlaceholder')}
              aria-label={t('search')}
              className="pl-9"
            />
          </div>
          {isValidating && data ? (
            <span className="text-xs text-muted-foreground" aria-live="polite">
              {t('updating')}
            </span>
          ) : null}
        </div>
      ) : null}

      {error && !data ? (
        <Card role="alert" className="flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{t('loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
          </div>
          <Button variant="outline" onClick={() => void mutate()}>
            <RefreshCw aria-hidden /> {t('common:ui.retry')}
          </Button>
        </Card>
      ) : isLoading || !data ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <VenueCardSkeleton />
            </li>
          ))}
        </ul>
      ) : noVenuesAtAll ? (
        <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Store className="size-7" aria-hidden />
          </span>
          <div className="grid max-w-sm gap-1">
            <h2 className="text-lg font-semibold">{staff ? t('staff.emptyTitle') : t('empty.title')}</h2>
            <p className="text-sm text-muted-foreground">{staff ? t('staff.emptyText') : t('empty.text')}</p>
          </div>
          {staff ? null : (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {t('empty.action')}
            </Button>
          )}
        </Card>
      ) : data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <p className="font-medium">{t('noMatch', { query })}</p>
          <Button variant="outline" size="sm" onClick={() => setSearch('')}>
            <X aria-hidden /> {t('clearSearch')}
          </Button>
        </Card>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('title')}>
            {data.items.map((v) => (
              <li key={v.id}>
                <VenueCard venue={v} />
              </li>
            ))}
          </ul>
          {data.totalPages > 1 ? (
            <nav aria-label={t('pagination')} className="mt-6 flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
                <ChevronLeft aria-hidden /> {t('previous')}
              </Button>
              <span className="text-sm text-muted-foreground">
                {t('page', { page: data.page, pages: data.totalPages, count: data.totalItems })}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage((p) => Math.min(data.totalPages, p + 1))}
                disabled={page >= data.totalPages}
              >
                {t('next')} <ChevronRight aria-hidden />
              </Button>
            </nav>
          ) : null}
        </>
      )}

      {organization ? <CreateVenueDialog open={creating} onOpenChange={setCreating} organizationId={organization.id} /> : null}
    </>
  );
}
