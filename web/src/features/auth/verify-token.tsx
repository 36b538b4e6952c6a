import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import { CheckCircle2, LoaderCircle, LogIn, XCircle } from 'lucide-react';
import { getTokenPayload } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { AuthCard, Notice } from '../../components/auth-card.tsx';
import { ResendVerification } from './resend-verification.tsx';

type State =
  | { kind: 'pending' }
  | { kind: 'verified' }
  /** The link is fine, but only the account's own session may use it (401 signed out, 403 another account). */
  | { kind: 'sign-in'; otherAccount: boolean }
  | { kind: 'failed'; message: string };

// One request per token, even when React runs the effect twice (StrictMode) or the page remounts.
const confirmations = new Map<string, Promise<void>>();
function confirmOnce(token: string): Promise<void> {
  let p = confirmations.get(token);
  if (!p) {
    p = pb
      .collection('users')
      .confirmVerification(token)
      .then(() => undefined);
    confirmations.set(token, p);
    p.catch(() => confirmations.delete(token));
  }
  return p;
}

function failureText(err: unknown): string {
  const token = (err as { response?: { data?: { token?: { message?: string } } } }).response?.data?.token?.message;
  return token ?? errorMessage(err);
}

/**
 * /verify?token=…: confirms the address while signed in to that account, then continues into the
 * app (the guards pick subscribe, onboarding or the dashboard). Signed out, or signed in to
 * another account, the page asks for that account's sign-in first and comes back here: a link
 * alone must not verify an account that someone else registered with this address.
 */
export function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const { record } = useAuth();
  const [state, setState] = useState<State>({ kind: 'pending' });

  useEffect(() => {
    let active = true;
    confirmOnce(token).then(
      async () => {
        if (pb.authStore.isValid) {
          await refreshAuth();
          if (!active) return;
          if (pb.authStore.record?.verified) {
            toast.success(t('verify.welcome'));
            navigate(paths.dashboard(), { replace: true });
            return;
          }
        }
        if (active) setState({ kind: 'verified' });
      },
      (err: unknown) => {
        if (!active) return;
        const status = (err as { status?: number }).status;
        if (status === 401 || status === 403) setState({ kind: 'sign-in', otherAccount: status === 403 });
        else setState({ kind: 'failed', message: failureText(err) });
      },
    );
    return () => {
      active = false;
    };
  }, [token, navigate, t]);

  if (state.kind === 'pending') {
    return <AuthCard icon={<LoaderCircle className="animate-spin" />} title={t('verify.verifying')} description={t('verify.moment')} />;
  }
  if (state.kind === 'verified') {
    return (
      <AuthCard icon={<CheckCircle2 />} title={t('verify.doneTitle')} description={t('verify.doneDescription')}>
        <Link href={paths.login()} className={buttonVariants({ className: 'w-full' })} autoFocus>
          {t('login.submit')}
        </Link>
      </AuthCard>
    );
  }
  if (state.kind === 'sign-in') return <SignInToVerify token={token} otherAccount={state.otherAccount} />;
  const canResend = record && !record.verified;
  return (
    <AuthCard icon={<XCircle />} tone="destructive" title={t('verify.failedTitle')} description={t('verify.failedDescription')}>
      <div className="grid gap-3">
        <Notice tone="error">{state.message}</Notice>
        {canResend ? (
          <ResendVerification email={String(record.email)} className="w-full" />
        ) : record ? (
          <Link href={paths.dashboard()} className={buttonVariants({ className: 'w-full' })}>
            {t('verify.continue')}
          </Link>
        ) : (
          <Link href={paths.login()} className={buttonVariants({ className: 'w-full' })}>
            {t('verify.signInForNew')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}

/** The address a verification link is for (read from the token; the server checks it). */
function tokenEmail(token: string): string {
  const email = getTokenPayload(token).email;
  return typeof email === 'string' ? email : '';
}

function SignInToVerify({ token, otherAccount }: { token: string; otherAccount: boolean }) {
  const { t } = useTranslation('auth');
  const { record, logout } = useAuth();
  const email = tokenEmail(token);
  const back = paths.login(paths.verify(token));
  return (
    <AuthCard
      icon={<LogIn />}
      title={t('verify.signInTitle')}
      description={email ? t('verify.linkFor', { email }) : t('verify.linkForUnknown')}
    >
      <div className="grid gap-3">
        {otherAccount && record ? <Notice>{t('verify.signedInAs', { email: String(record.email) })}</Notice> : null}
        {otherAccount ? (
          <Link href={back} onClick={logout} className={buttonVariants({ className: 'w-full' })} autoFocus>
            {t('verify.signOutContinue')}
          </Link>
        ) : (
          <Link href={back} className={buttonVariants({ className: 'w-full' })} autoFocus>
            {t('login.submit')}
          </Link>
        )}
        <p className="text-sm text-muted-foreground">{t('verify.takeOver')}</p>
      </div>
    </AuthCard>
  );
}
