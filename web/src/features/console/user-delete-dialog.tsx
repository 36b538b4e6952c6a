import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { toast } from '../../lib/toast.ts';
import { describeError } from '../../lib/action-errors.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataState } from './console-ui.tsx';
import { deleteUser, deletionAccount } from './users-data.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Deleting a user, with the account of what goes computed first (memberships, organizations, venues, menus). */
export function UserDeleteDialog({ user, onClose, onDeleted }: { user: RecordModel; onClose: () => void; onDeleted: () => void }) {
  const { data, error, isLoading, mutate } = useSWR(['console-user-deletion', user.id], () => deletionAccount(user.id));
  const remove = async () => {
    if (!data) throw new Error('not ready');
    try {
      await deleteUser(user.id, data);
    } catch (err) {
      toast.error(describeError(err));
      throw err;
    }
    toast.success(`${String(user.email)} was deleted.`);
    onDeleted();
  };
  const gone = data?.soleOwned.filter((o) => o.otherMembers === 0) ?? [];
  const ownerless = data?.soleOwned.filter((o) => o.otherMembers > 0) ?? [];
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete ${String(user.email)}?`}
      destructive
      confirmText={data ? 'DELETE' : undefined}
      confirmLabel="Delete user"
      onConfirm={remove}
    >
      <DataState loading={isLoading} error={error} empty={false} emptyText="" onRetry={() => void mutate()}>
        {data ? (
          <div className="grid gap-2 text-sm" aria-label="What is deleted">
            <p>This cannot be undone. What goes:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>the account and its sessions</li>
              <li>{plural(data.memberships.length, 'membership')}</li>
              {gone.map((o) => (
                <li key={o.org.id}>
                  the organization <strong>{String(o.org.name)}</strong> (only member), with {plural(o.venues, 'venue')} and{' '}
                  {plural(o.menus, 'menu')}
                </li>
              ))}
            </ul>
            {ownerless.length ? (
              <p
                role="note"
                className="rounded-md border border-amber-500/40 bg-amber-50 p-2 text-amber-900 dark:bg-amber-400/10 dark:text-amber-200"
              >
                Another member becomes the owner (an admin first, else the longest-standing member):{' '}
                {ownerless.map((o) => String(o.org.name)).join(', ')}.
              </p>
            ) : null}
          </div>
        ) : null}
      </DataState>
    </ConfirmDialog>
  );
}
