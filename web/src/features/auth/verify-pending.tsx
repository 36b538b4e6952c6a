import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
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
  const { ready, record, logout } = useAuth();
  const [, navigate] = useLocation();
  const [checking, setChecking] = useState(false);
  const email = String(record?.email ?? '');
  useContinueWhenVerified(record?.id, Boolean(record?.verified));

  if (ready && record?.verified) {
    return (
      <AuthCard icon={<CheckCircle2 />} title="Your email is verified" description="You’re all set. Continue to your account.">
        <Button className="w-full" autoFocus onClick={() => navigate(paths.dashboard())}>
          Continue
        </Button>
      </AuthCard>
    );
  }

  if (!record) {
    return (
      <AuthCard
        icon={<MailCheck />}
        title="Check your inbox"
        description="We sent you a link to verify your email address. Open it to activate your account, or sign in to get a new one."
      >
        <Link href={paths.login()} className={buttonVariants({ className: 'w-full' })}>
          Sign in
        </Link>
      </AuthCard>
    );
  }

  const checkAgain = async () => {
    setChecking(true);
    await refreshAuth();
    setChecking(false);
    if (pb.authStore.record?.verified) navigate(paths.dashboard(), { replace: true });
    else toast.info('Your email isn’t verified yet. Open the link in the email we sent you.');
  };

  return (
    <AuthCard
      icon={<MailCheck />}
      title="Check your inbox"
      description={
        <>
          We sent a verification link to <span className="break-words font-medium text-foreground">{email}</span>. Open it to activate your
          account.
        </>
      }
      footer={
        <>
          Wrong account?
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => {
              logout();
              navigate(paths.login());
            }}
          >
            Sign out
          </button>
        </>
      }
    >
      <div className="grid gap-3">
        <Button className="w-full" loading={checking} onClick={() => void checkAgain()}>
          I’ve verified my email
        </Button>
        <ResendVerification email={email} className="w-full" />
        <p className="text-center text-xs text-muted-foreground">Can’t find it? Check your spam folder, or resend the email.</p>
      </div>
    </AuthCard>
  );
}
