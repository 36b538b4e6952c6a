import { useState } from 'react';
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
  useTitle('Users · Console');
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
      <PageHeader
        title="Users"
        description={data ? `${data.totalItems} ${data.totalItems === 1 ? 'account' : 'accounts'}` : 'Staff accounts.'}
      />
      <label className="relative mb-4 block">
        <span className="sr-only">Search users</span>
        <Search className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          placeholder="Search by email, name or id"
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
        emptyText={search ? 'No user matches.' : 'No user yet.'}
        onRetry={() => void mutate()}
      >
        <ul className="divide-y rounded-lg border bg-card" aria-label="Users">
          {data?.items.map((u) => (
            <li key={u.id} className="flex items-center gap-3 p-4">
              <div className="grid min-w-0 flex-1 gap-1">
                <span className="truncate font-medium">{String(u.email)}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  {u.disabled ? <Badge variant="destructive">Disabled</Badge> : null}
                  {u.verified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Unverified</Badge>}
                  {u.name ? <span className="truncate">{String(u.name)}</span> : null}
                  <span>joined {formatDate(u.created)}</span>
                </span>
              </div>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label={`Actions for ${String(u.email)}`}>
                    <MoreHorizontal />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {u.verified ? null : (
                    <DropdownMenuItem
                      onSelect={() =>
                        void act(`${String(u.email)} is verified.`, () => pb.collection('users').update(u.id, { verified: true }))
                      }
                    >
                      <BadgeCheck /> Mark verified
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem
                    onSelect={() =>
                      void act(`Password reset sent to ${String(u.email)}.`, () =>
                        pb.collection('users').requestPasswordReset(String(u.email)),
                      )
                    }
                  >
                    <KeyRound /> Send password reset
                  </DropdownMenuItem>
                  {u.disabled ? (
                    <DropdownMenuItem
                      onSelect={() =>
                        void act(`${String(u.email)} can sign in again.`, () => pb.collection('users').update(u.id, { disabled: false }))
                      }
                    >
                      <CircleCheck /> Enable
                    </DropdownMenuItem>
                  ) : (
                    <DropdownMenuItem
                      onSelect={() =>
                        void act(`${String(u.email)} is disabled and signed out.`, () =>
                          pb.collection('users').update(u.id, { disabled: true }),
                        )
                      }
                    >
                      <Ban /> Disable
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem className="text-destructive" onSelect={() => setDeleting(u)}>
                    <Trash2 /> Delete…
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
