import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { RecordModel } from 'pocketbase';
import { handleApiError } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { AuthCard, Notice } from '../../components/auth-card.tsx';
import { acceptInvitation, isInvitee, roleWithArticle, type Invitation } from './invitation.ts';

const dashboardLink = (
  <Link href={paths.dashboard()} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
    Go to the dashboard
  </Link>
);

/**
 * An invitation link opened while signed in. The invited account joins with one click; anyone
 * else is told whose invitation it is and may sign out to create that account (the sign-up form
 * then shows in place of this card).
 */
export function SignedInInvitation({ token, invitation, account }: { token: string; invitation: Invitation | null; account: RecordModel }) {
  const [, navigate] = useLocation();
  const { logout } = useAuth();
  const [accepting, setAccepting] = useState(false);
  const email = String(account.email ?? '');

  if (!invitation) {
    return (
      <AuthCard title="Invitation link" description="You’re already signed in.">
        <div className="grid gap-4">
          <Notice tone="error">
            This invitation link is invalid, has expired or was already used. If you still need access, ask the person who invited you to
            send a new one.
          </Notice>
          {dashboardLink}
        </div>
      </AuthCard>
    );
  }

  const org = <span className="font-medium text-foreground">{invitation.organizationName}</span>;
  const description = (
    <>
      You’re invited to join {org} as {roleWithArticle(invitation.role)}.
    </>
  );

  if (isInvitee(email, invitation)) {
    const accept = async () => {
      setAccepting(true);
      try {
        const joined = await acceptInvitation(token);
        await refreshAuth();
        toast.success(`You joined ${joined.organizationName}.`);
        navigate(paths.dashboard(), { replace: true });
      } catch (err) {
        handleApiError(err);
        setAccepting(false);
      }
    };
    return (
      <AuthCard title={`Join ${invitation.organizationName}`} description={description}>
        <div className="grid gap-3">
          <Button type="button" className="w-full" loading={accepting} onClick={() => void accept()}>
            Accept invitation
          </Button>
          {dashboardLink}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={`Join ${invitation.organizationName}`} description={description}>
      <div className="grid gap-4">
        <Notice>
          You’re signed in as <span className="font-medium break-words">{email}</span>, but this invitation is for{' '}
          <span className="font-medium break-words">{invitation.email}</span>. Sign out to create the invited account.
        </Notice>
        <div className="grid gap-3">
          <Button type="button" className="w-full" onClick={logout}>
            Sign out and continue
          </Button>
          {dashboardLink}
        </div>
      </div>
    </AuthCard>
  );
}
