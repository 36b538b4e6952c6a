import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Mail, UserRoundCog } from 'lucide-react';
import type { Member } from '../../../../shared/api.ts';
import { isLapsed } from '../../../../shared/subscription.ts';
import { pb } from '../../lib/pb.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import { AccountActions } from './account-actions.tsx';

/** Owners first, then admins: the members who can choose a plan or pay (names and emails members may read). */
function useManagers(organizationId: string | undefined) {
  return useSWR(organizationId ? ['subscribe:managers', organizationId] : null, async () => {
    const members = await pb.send<Member[]>(`/api/organizations/${encodeURIComponent(organizationId ?? '')}/members`, { method: 'GET' });
    return members.filter((m) => m.role === 'owner' || m.role === 'admin');
  });
}

/**
 * An editor of an organization without a running plan: only owners and admins can choose or pay,
 * so the screen names them (with a mail link) and offers to check again, switch organization or sign out.
 */
export function AskOwnerScreen({ billing }: { billing: 'trial' | 'stripe' }) {
  const { t } = useTranslation('subscribe');
  const { organization } = useAuth();
  const managers = useManagers(organization?.id);
  const name = String(organization?.name ?? '');
  const lapsed = isLapsed(organization?.subscriptionStatus as string | undefined);
  const owner = managers.data?.[0];
  const title = lapsed ? t('askOwner.renewTitle') : t('askOwner.chooseTitle');
  const description = lapsed
    ? t(billing === 'trial' ? 'askOwner.trialEnded' : 'askOwner.subscriptionEnded', { name })
    : t('askOwner.noPlan', { name });
  return (
    <div className="mx-auto w-full max-w-md">
      <AuthCard icon={<UserRoundCog />} title={title} description={description}>
        <div className="grid gap-4">
          {managers.isLoading ? (
            <Skeleton className="h-16 w-full" />
          ) : owner ? (
            <div className="grid gap-1 rounded-md border bg-muted/50 px-4 py-3 text-sm">
              <span className="text-muted-foreground">{owner.role === 'owner' ? t('askOwner.askOwner') : t('askOwner.askAdmin')}</span>
              <span className="font-medium break-words">{owner.name || owner.email}</span>
              {owner.name && owner.email ? <span className="break-all text-muted-foreground">{owner.email}</span> : null}
            </div>
          ) : null}
          {owner?.email ? (
            <a
              className={buttonVariants({ className: 'w-full' })}
              href={`mailto:${owner.email}?subject=${encodeURIComponent(t(lapsed ? 'askOwner.subjectRenew' : 'askOwner.subjectChoose', { name }))}`}
            >
              <Mail aria-hidden /> {owner.name ? t('askOwner.email', { name: owner.name }) : t('askOwner.emailOwner')}
            </a>
          ) : null}
          <Button variant="outline" className="w-full" onClick={() => void refreshAuth()}>
            {t('checkAgain')}
          </Button>
          <AccountActions />
        </div>
      </AuthCard>
    </div>
  );
}
