import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { RecordModel } from 'pocketbase';
import { handleApiError } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { AuthCard, Notice } from '../../components/auth-card.tsx';
import { acceptInvitation, isInvitee, type Invitation } from './invitation.ts';

function DashboardLink() {
  const { t } = useTranslation('auth');
  return (
    <Link href={paths.dashboard()} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
      {t('invite.toDashboard')}
    </Link>
  );
}

/**
 * An invitation link opened while signed in. The invited account joins with one click; anyone
 * else is told whose invitation it is and may sign out to create that account (the sign-up form
 * then shows in place of this card).
 */
export function SignedInInvitation({ token, invitation, account }: { token: string; invitation: Invitation | null; account: RecordModel }) {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const { logout } = useAuth();
  const [accepting, setAccepting] = useState(false);
  const email = String(account.email ?? '');

  if (!invitation) {
    return (
      <AuthCard title={t('invite.linkTitle')} description={t('invite.alreadySignedIn')}>
        <div className="grid gap-4">
          <Notice tone="error">{t('invite.used')}</Notice>
          <DashboardLink />
        </div>
      </AuthCard>
    );
  }

  const description = (
    <Trans
      t={t}
      i18nKey="invite.description"
      values={{ organization: invitation.organizationName, role: t(`roles.${invitation.role}`) }}
      components={{ b: <span className="font-medium text-foreground" /> }}
    />
  );
  const title = t('signUp.joinTitle', { organization: invitation.organizationName });

  if (isInvitee(email, invitation)) {
    const accept = async () => {
      setAccepting(true);
      try {
        const joined = await acceptInvitation(token);
        await refreshAuth();
        toast.success(t('invite.joined', { organization: joined.organizationName }));
        navigate(paths.dashboard(), { replace: true });
      } catch (err) {
        handleApiError(err);
        setAccepting(false);
      }
    };
    return (
      <AuthCard title={title} description={description}>
        <div className="grid gap-3">
          <Button type="button" className="w-full" loading={accepting} onClick={() => void accept()}>
            {t('invite.accept')}
          </Button>
          <DashboardLink />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} description={description}>
      <div className="grid gap-4">
        <Notice>
          <Trans
            t={t}
            i18nKey="invite.otherAccount"
            values={{ email, invited: invitation.email }}
            components={{ b: <span className="font-medium break-words" /> }}
          />
        </Notice>
        <div className="grid gap-3">
          <Button type="button" className="w-full" onClick={logout}>
            {t('invite.signOutContinue')}
          </Button>
          <DashboardLink />
        </div>
      </div>
    </AuthCard>
  );
}
