import { Trans, useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { refreshAuth, useAuth, useAuthReady } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { AuthCard } from '../../components/auth-card.tsx';
import { ResendVerification } from './resend-verification.tsx';

/** The signed-in user verified (maybe on another device): refresh and let the guards route on. */
function useContinueWhenVerified(userId: string | undefined, verified: boolean) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!userId || verified) return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void pb
      .collection('users')
      .subscribe(userId, (e) => {
        if (!e.record.verified) return;
        void refreshAuth().then(() => navigate(paths.dashboard(), { replace: true }));
      })
      .then((u) => {
        if (cancelled) void u();
        else unsubscribe = u;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [userId, verified, navigate]);
}

/** /verify without a token: "check your inbox" with resend, or a way in for everyone else. */
export function VerifyPending() {
  const { t } = useTranslation('auth');
  const { record, logout } = useAuth();
  const ready = useAuthReady();
  const [, navigate] = useLocation();
  const [checking, setChecking] = useState(false);
  const email = String(record?.email ?? '');
  useContinueWhenVerified(record?.id, Boolean(record?.verified));

  if (ready && record?.verified) {
    return (
      <AuthCard icon={<CheckCircle2 />} title={t('verify.verifiedTitle')} description={t('verify.verifiedDescription')}>
        <Button className="w-full" autoFocus onClick={() => navigate(paths.dashboard())}>
          {t('verify.continue')}
        </Button>
      </AuthCard>
    );
  }

  if (!record) {
    return (
      <AuthCard icon={<MailCheck />} title={t('verify.checkInbox')} description={t('verify.signedOutDescription')}>
        <Link href={paths.login()} className={buttonVariants({ className: 'w-full' })}>
          {t('login.submit')}
        </Link>
      </AuthCard>
    );
  }

  const checkAgain = async () => {
    setChecking(true);
    await refreshAuth();
    setChecking(false);
    if (pb.authStore.record?.verified) navigate(paths.dashboard(), { replace: true });
    else toast.info(t('verify.notYet'));
  };

  return (
    <AuthCard
      icon={<MailCheck />}
      title={t('verify.checkInbox')}
      description={
        <Trans
          t={t}
          i18nKey="verify.sentTo"
          values={{ email }}
          components={{ b: <span className="break-words font-medium text-foreground" /> }}
        />
      }
      footer={
        <>
          {t('verify.wrongAccount')}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => {
              logout();
              navigate(paths.login());
            }}
          >
            {t('verify.signOut')}
          </button>
        </>
      }
    >
      <div className="grid gap-3">
        <Button className="w-full" loading={checking} onClick={() => void checkAgain()}>
          {t('verify.iVerified')}
        </Button>
        <ResendVerification email={email} className="w-full" />
        <p className="text-center text-xs text-muted-foreground">{t('verify.spamHint')}</p>
      </div>
    </AuthCard>
  );
}
