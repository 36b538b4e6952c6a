import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Skeleton } from '../../components/ui/card.tsx';
import { Notice } from '../../components/auth-card.tsx';
import { fetchInvitation, type Invitation } from './invitation.ts';
import { SignUpForm } from './sign-up-form.tsx';
import { SignedInInvitation } from './signed-in-invitation.tsx';
import { useAuth } from '../../hooks/use-auth.ts';

type Lookup = { state: 'loading' } | { state: 'found'; invitation: Invitation } | { state: 'invalid' };

/** The invitation behind a link (no SWR: the sign-in pages load without it). */
function useInvitation(token: string): Lookup {
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLookup({ state: 'loading' });
    fetchInvitation(token).then(
      (invitation) => {
        if (live) setLookup({ state: 'found', invitation });
      },
      () => {
        if (live) setLookup({ state: 'invalid' });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);
  return lookup;
}

/**
 * Sign-up from an invitation email (`/sign-up?invite=<token>`): the form names the organization,
 * keeps the invited address and accepts the invitation once the account exists. A link
 * that no longer works still lets the person create an account of their own. Someone already
 * signed in gets SignedInInvitation instead (accept it, or sign out to create the invited account).
 */
export function InvitedSignUp({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const lookup = useInvitation(token);
  const { record } = useAuth();
  if (lookup.state === 'loading') {
    return (
      <div className="grid gap-4 rounded-lg border bg-card p-6 shadow-md" aria-busy="true" aria-label={t('invite.loading')}>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (record) return <SignedInInvitation token={token} invitation={lookup.state === 'found' ? lookup.invitation : null} account={record} />;
  if (lookup.state === 'invalid') {
    return <SignUpForm notice={<Notice tone="error">{t('invite.invalid')}</Notice>} />;
  }
  return <SignUpForm invitation={lookup.invitation} inviteToken={token} />;
}
