import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSWRConfig } from 'swr';
import { toast } from '../../lib/toast.ts';
import { ChevronLeft, ChevronRight, Copy, FileUp, MoreHorizontal, Pencil, Plus, Search, Trash2, UtensilsCrossed } from 'lucide-react';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useLiveRecords } from '../../hooks/use-live-records.ts';
import { pb } from '../../lib/pb.ts';
import { keysStartingWith, swrKeys } from '../../lib/swr-keys.ts';
import { paths } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, Skeleton } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { CreateMenuDialog } from './create-menu-dialog.tsx';
import { duplicateMenu } from './duplicate-menu.ts';
import { useEntitlement } from '../../hooks/use-entitlement.ts';
import { reportError } from '../../lib/action-errors.ts';
import { useMenusPage, useVenues } from './menu-data.ts';
import type { Menu, Venue } from './types.ts';
import { FullText } from '../../components/ui/full-text.tsx';

function StatusBadge({ status }: { status: Menu['status'] }) {
  const { t } = useTranslation('menus');
  return status === 'published' ? (
    <Badge variant="success">{t('status.published')}</Badge>
  ) : (
    <Badge variant="outline">{t('status.draft')}</Badge>
  );
}

function VenueNames({ venues }: { venues: Venue[] | null }) {
  const { t } = useTranslation('menus');
  if (!venues) return <Skeleton className="h-4 w-24" />;
  if (!venues.length) return <span className="text-muted-foreground">{t('list.notShown')}</span>;
  return (
    <span className="flex min-w-0 flex-wrap gap-x-1">
      {venues.map((v, i) => (
        <span key={v.id} className="flex min-w-0">
          <Link href={paths.venue(v.id)} className="truncate hover:underline" title={v.name}>
            {v.name}
          </Link>
          {i < venues.length - 1 ? ',' : ''}
        </span>
      ))}
    </span>
  );
}

export default function MenusPage() {
  const { t } = useTranslation('menus');
  useTitle(t('list.title'));
  const { organization } = useAuth();
  const orgId = organization?.id;
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [searchText]);

  const { data, error, isLoading, mutate: mutatePage } = useMenusPage(orgId, page, search);
  const { data: venues, error: venuesError } = useVenues(orgId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Menu | null>(null);
  const [duplicating, setDuplicating] = useState<string | null>(null);

  useLiveRecords({
    collection: 'menus',
    topic: orgId ? '*' : null,
    when: (e) => e.record.organization === orgId,
    targets: [keysStartingWith('menus', orgId)],
  });
  useLiveRecords({
    collection: 'venues',
    topic: orgId ? '*' : null,
    when: (e) => e.record.organization === orgId,
    targets: orgId ? [swrKeys.venues(orgId)] : [],
  });

  // A page emptied by deletes falls back to the last page that has menus.
  useEffect(() => {
    if (data && page > 1 && data.items.length === 0 && data.totalPages < page) setPage(Math.max(1, data.totalPages));
  }, [data, page]);

  const refreshAll = () => mutate(keysStartingWith('menus', orgId));

  const schedules = useEntitlement('schedules');
  const onDuplicate = async (menu: Menu) => {
    setDuplicating(menu.id);
    try {
      const id = await duplicateMenu(menu, { withSchedule: schedules.status !== 'locked' });
      await refreshAll();
      toast.success(t('list.duplicated', { name: menu.name }), {
        action: { label: t('list.open'), onClick: () => navigate(paths.menu(id)) },
      });
    } catch (err) {
      reportError(err, navigate, t('list.duplicateFailed'));
    } finally {
      setDuplicating(null);
    }
  };

  const onDelete = async (menu: Menu) => {
    const previous = data;
    // Optimistic: the row disappears at once and comes back if the server refuses.
    await mutatePage((d) => (d ? { ...d, items: d.items.filter((m) => m.id !== menu.id), totalItems: d.totalItems - 1 } : d), {
      revalidate: false,
    });
    try {
      await pb.collection('menus').delete(menu.id);
      toast.success(t('list.deleted', { name: menu.name }));
      void refreshAll();
    } catch (err) {
      await mutatePage(previous, { revalidate: true });
      reportError(err, navigate, t('list.deleteFailed'));
      throw err;
    }
  };

  const menus = data?.items ?? [];
  const knownVenues = venues ?? (venuesError ? [] : null);
  const showingAt = (menuId: string) => (knownVenues ? knownVenues.filter((v) => v.menus.includes(menuId)) : null);
  const empty = !isLoading && !error && data && data.totalItems === 0 && !search;

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <Link className={buttonVariants({ variant: 'outline' })} href={paths.menuUpload()}>
              <FileUp aria-hidden /> {t('list.uploadPdf')}
            </Link>
            <Button onClick={() => setCreating(true)} disabled={!orgId}>
              <Plus aria-hidden /> {t('list.newMenu')}
            </Button>
          </>
        }
      />

      {empty ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <UtensilsCrossed className="size-6" aria-hidden />
          </span>
          <h2 className="text-lg font-semibold">{t('list.emptyTitle')}</h2>
          <p className="max-w-sm text-sm text-muted-foreground">{t('list.emptyBody')}</p>
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {t('list.createFirst')}
            </Button>
            <Link className={buttonVariants({ variant: 'outline' })} href={paths.menuUpload()}>
              <FileUp aria-hidden /> {t('list.importPdf')}
            </Link>
          </div>
        </Card>
      ) : (
        <div className="grid gap-4">
          <div className="relative max-w-sm">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder={t('list.search')}
              aria-label={t('list.search')}
              className="pl-9"
            />
          </div>
          <Card className="overflow-hidden">
            <div
              className="hidden grid-cols-[minmax(0,2fr)_7rem_minmax(0,1.4fr)_8rem_2.5rem] gap-4 border-b bg-muted/40 px-4 py-2.5 text-xs font-medium uppercase tracking-wide text-muted-foreground md:grid"
              aria-hidden
            >
              <span>{t('list.columnName')}</span>
              <span>{t('list.columnStatus')}</span>
              <span>{t('list.columnShownAt')}</span>
              <span>{t('list.columnEdited')}</span>
              <span />
            </div>
            {error ? (
              <div className="flex flex-col items-center gap-3 p-8 text-center text-sm">
                <p className="text-destructive">{t('list.loadFailed')}</p>
                <Button variant="outline" size="sm" onClick={() => void mutatePage()}>
                  {t('common:ui.retry')}
                </Button>
              </div>
            ) : isLoading && !data ? (
              <ul aria-busy="true" aria-label={t('list.loading')} className="divide-y">
                {[0, 1, 2].map((i) => (
                  <li key={i} className="flex items-center gap-4 px-4 py-4">
                    <Skeleton className="h-4 w-1/3" />
                    <Skeleton className="h-4 w-16" />
                    <Skeleton className="ml-auto h-4 w-20" />
                  </li>
                ))}
              </ul>
            ) : menus.length === 0 ? (
              <p className="p-8 text-center text-sm text-muted-foreground">{t('list.noMatch', { search })}</p>
            ) : (
              <ul className="divide-y" aria-label={t('list.title')}>
                {menus.map((menu) => (
                  <li
                    key={menu.id}
                    className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-3 transition-colors hover:bg-muted/30 md:grid-cols-[minmax(0,2fr)_7rem_minmax(0,1.4fr)_8rem_2.5rem] md:gap-4"
                  >
                    <div className="min-w-0">
                      <Link
                        href={paths.menu(menu.id)}
                        className="flex min-w-0 font-medium hover:underline focus-visible:underline focus-visible:outline-none"
                      >
                        <FullText text={menu.name || t('untitledMenu')} />
                      </Link>
                      {menu.description ? <p className="truncate text-sm text-muted-foreground">{menu.description}</p> : null}
                    </div>
                    <div className="hidden md:block">
                      <StatusBadge status={menu.status} />
                    </div>
                    <div className="hidden min-w-0 text-sm md:block">
                      <VenueNames venues={showingAt(menu.id)} />
                    </div>
                    <time
                      className="hidden text-sm text-muted-foreground md:block"
                      dateTime={menu.updated.replace(' ', 'T')}
                      title={formatDate(menu.updated, { dateStyle: 'medium', timeStyle: 'short' })}
                    >
                      {formatRelative(menu.updated)}
                    </time>
                    <div className="flex justify-end">
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-9"
                            aria-label={t('list.actionsFor', { name: menu.name })}
                            loading={duplicating === menu.id}
                          >
                            {duplicating === menu.id ? null : <MoreHorizontal aria-hidden />}
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent>
                          <DropdownMenuItem onSelect={() => navigate(paths.menu(menu.id))}>
                            <Pencil /> {t('common:ui.edit')}
                          </DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => void onDuplicate(menu)}>
                            <Copy /> {t('list.duplicate')}
                          </DropdownMenuItem>
                          <DropdownMenuSeparator />
                          <DropdownMenuItem destructive onSelect={() => setDeleting(menu)}>
                            <Trash2 /> {t('common:ui.delete')}
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </div>
                    <div className="col-span-2 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground md:hidden">
                      <StatusBadge status={menu.status} />
                      <VenueNames venues={showingAt(menu.id)} />
                      <span aria-hidden>·</span>
                      <time dateTime={menu.updated.replace(' ', 'T')}>{t('list.edited', { when: formatRelative(menu.updated) })}</time>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {data && data.totalPages > 1 ? (
            <nav aria-label={t('list.pages')} className="flex items-center justify-between gap-2 text-sm">
              <span className="text-muted-foreground">
                {t('list.pageOf', { page: data.page, pages: data.totalPages, count: data.totalItems })}
              </span>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  <ChevronLeft aria-hidden /> {t('list.previous')}
                </Button>
                <Button variant="outline" size="sm" disabled={page >= data.totalPages} onClick={() => setPage((p) => p + 1)}>
                  {t('list.next')} <ChevronRight aria-hidden />
                </Button>
              </div>
            </nav>
          ) : null}
        </div>
      )}

      {orgId ? (
        <CreateMenuDialog
          open={creating}
          onOpenChange={setCreating}
          organizationId={orgId}
          onCreated={(menu) => {
            setCreating(false);
            void refreshAll();
            toast.success(t('list.created', { name: menu.name }));
            navigate(paths.menu(menu.id));
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('list.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('list.deleteDescription')}
        confirmLabel={t('list.deleteConfirm')}
        destructive
        onConfirm={() => (deleting ? onDelete(deleting) : undefined)}
      />
    </>
  );
}
