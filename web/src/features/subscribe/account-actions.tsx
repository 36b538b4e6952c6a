import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { ArrowLeftRight, LogOut } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';

/** The user's other organizations (those they could switch to), oldest membership first. */
function useOtherOrganizations(userId: string | undefined, currentId: string | undefined) {
  return useSWR(userId ? ['subscribe:organizations', userId] : null, async () => {
    const memberships = await pb
      .collection('memberships')
      .getFullList({ filter: pb.filter('user = {:id}', { id: userId }), expand: 'organization', sort: 'created' });
    return memberships
      .map((m) => (m.expand as { organization?: RecordModel } | undefined)?.organization)
      .filter((o): o is RecordModel => Boolean(o) && o?.id !== currentId);
  });
}

/**
 * The ways out of a screen the user cannot fix themselves: switch to another of their
 * organizations (when they have one), or sign out.
 */
export function AccountActions() {
  const { t } = useTranslation('subscribe');
  const { record, organization, logout } = useAuth();
  const others = useOtherOrganizations(record?.id, organization?.id);
  const [switching, setSwitching] = useState<string | null>(null);

  const switchTo = async (org: RecordModel) => {
    if (!record) return;
    setSwitching(org.id);
    try {
      await pb.collection('users').update(record.id, { currentOrganization: org.id });
      // The guards then send the user wherever that organization's state leads.
      await refreshAuth();
      toast.success(t('common:shell.switchedTo', { name: String(org.name) }));
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSwitching(null);
    }
  };

  return (
    <div className="grid gap-2">
      {(others.data ?? []).map((org) => (
        <Button
          key={org.id}
          variant="outline"
          className="w-full"
          loading={switching === org.id}
          disabled={switching !== null}
          onClick={() => void switchTo(org)}
        >
          {switching === org.id ? null : <ArrowLeftRight aria-hidden />}
          <span className="truncate">{t('actions.switchTo', { name: String(org.name) })}</span>
        </Button>
      ))}
      <Button variant="ghost" className="w-full" onClick={logout}>
        <LogOut aria-hidden /> {t('common:shell.signOut')}
      </Button>
    </div>
  );
}
