import useSWR from 'swr';
import { Trans, useTranslation } from 'react-i18next';
import type { RecordModel } from 'pocketbase';
import { toast } from '../../lib/toast.ts';
import { describeError } from '../../lib/action-errors.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataState } from './console-ui.tsx';
import { deleteUser, deletionAccount } from './users-data.ts';

/** Deleting a user, with the account of what goes computed first (memberships, organizations, venues, menus). */
export function UserDeleteDialog({ user, onClose, onDeleted }: { user: RecordModel; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('console');
  const { data, error, isLoading, mutate } = useSWR(['console-user-deletion', user.id], () => deletionAccount(user.id));
  const remove = async () => {
    if (!data) throw new Error('not ready');
    try {
      await deleteUser(user.id, data);
    } catch (err) {
      toast.error(describeError(err));
      throw err;
    }
    toast.success(t('users.deleted', { email: String(user.email) }));
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
      title={t('users.deleteTitle', { email: String(user.email) })}
      destructive
      confirmText={data ? t('users.deleteWord') : undefined}
      confirmLabel={t('users.deleteConfirm')}
      onConfirm={remove}
    >
      <DataState loading={isLoading} error={error} empty={false} emptyText="" onRetry={() => void mutate()}>
        {data ? (
          <div className="grid gap-2 text-sm" aria-label={t('users.whatGoes')}>
            <p>{t('users.cannotUndo')}</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t('users.accountAndSessions')}</li>
              <li>{t('users.memberships', { count: data.memberships.length })}</li>
              {gone.map((o) => (
                <li key={o.org.id}>
                  <Trans
                    t={t}
                    i18nKey="users.organizationGoes"
                    values={{
                      name: String(o.org.name),
                      venues: t('users.venues', { count: o.venues }),
                      menus: t('users.menus', { count: o.menus }),
                    }}
                    components={{ b: <strong /> }}
                  />
                </li>
              ))}
            </ul>
            {ownerless.length ? (
              <p
                role="note"
                className="rounded-md border border-amber-500/40 bg-amber-50 p-2 text-amber-900 dark:bg-amber-400/10 dark:text-amber-200"
              >
                {t('users.newOwner', { names: ownerless.map((o) => String(o.org.name)).join(', ') })}
              </p>
            ) : null}
          </div>
        ) : null}
      </DataState>
    </ConfirmDialog>
  );
}
