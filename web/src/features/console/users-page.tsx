import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { BadgeCheck, Ban, CircleCheck, KeyRound, MoreHorizontal, Search, Trash2 } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { DataState, Pager } from './console-ui.tsx';
import { loadUsers } from './users-data.ts';
import { UserDeleteDialog } from './user-delete-dialog.tsx';

/** Staff accounts: search, verify, send a password reset, disable (no sign-in, sessions end), delete. */
export default function UsersPage() {
  const { t } = useTranslation('console');
  useTitle(t('titled', { title: t('nav.users') }));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<RecordModel | null>(null);
  const { data, error, isLoading, mutate } = useSWR(['console-users', page, search], () => loadUsers(page, search), {
    keepPreviousData: true,
  });

  const act = async (label: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
      toast.success(label);
      await mutate();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <>
      <PageHeader title={t('nav.users')} description={data ? t('users.accounts', { count: data.totalItems }) : t('users.description')} />
      <label className="relative mb-4 block">
        <span className="sr-only">{t('users.search')}</span>
        <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          placeholder={t('users.searchPlaceholder')}
          className="pl-9"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </label>
      <DataState
        loading={isLoading && !data}
        error={error}
        empty={data?.items.length === 0}
        emptyText={search ? t('users.noMatch') : t('users.none')}
        onRetry={() => void mutate()}
      >
        <ul className="divide-y rounded-lg border bg-card" aria-label={t('nav.users')}>
          {data?.items.map((u) => (
            <li key={u.id} className="flex items-center gap-3 p-4">
              <div className="grid min-w-0 flex-1 gap-1">
                <span className="truncate font-medium">{String(u.email)}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  {u.disabled ? <Badge variant="destructive">{t('users.disabled')}</Badge> : null}
                  {u.verified ? (
                    <Badge variant="success">{t('users.verified')}</Badge>
                  ) : (
                    <Badge variant="warning">{t('users.unverified')}</Badge>
                  )}
                  {u.name ? <span className="truncate">{String(u.name)}</span> : null}
                  <span>{t('users.joined', { date: formatDate(u.created) })}</span>
                </span>
              </div>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label={t('users.actionsFor', { email: String(u.email) })}>
                    <MoreHorizontal />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {u.verified ? null : (
                    <DropdownMenuItem
                      onSelect={() =>
                        void act(t('users.isVerified', { email: String(u.email) }), () =>
                          pb.collection('users').update(u.id, { verified: true }),
                        )
                      }
                    >
                      <BadgeCheck /> {t('users.markVerified')}
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem
                    onSelect={() =>
                      void act(t('users.resetSent', { email: String(u.email) }), () =>
                        pb.collection('users').requestPasswordReset(String(u.email)),
                      )
                    }
                  >
                    <KeyRound /> {t('users.sendReset')}
                  </DropdownMenuItem>
                  {u.disabled ? (
                    <DropdownMenuItem
                      onSelect={() =>
                        void act(t('users.enabled', { email: String(u.email) }), () =>
                          pb.collection('users').update(u.id, { disabled: false }),
                        )
                      }
                    >
                      <CircleCheck /> {t('users.enable')}
                    </DropdownMenuItem>
                  ) : (
                    <DropdownMenuItem
                      onSelect={() =>
                        void act(t('users.isDisabled', { email: String(u.email) }), () =>
                          pb.collection('users').update(u.id, { disabled: true }),
                        )
                      }
                    >
                      <Ban /> {t('users.disable')}
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem className="text-destructive" onSelect={() => setDeleting(u)}>
                    <Trash2 /> {t('users.delete')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          ))}
        </ul>
        {data ? <Pager page={data.page} totalPages={data.totalPages} onPage={setPage} /> : null}
      </DataState>
      {deleting ? <UserDeleteDialog user={deleting} onClose={() => setDeleting(null)} onDeleted={() => void mutate()} /> : null}
    </>
  );
}
