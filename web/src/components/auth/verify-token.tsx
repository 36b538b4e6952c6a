import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { toast } from '../../lib/toast.ts';
import { CheckCircle2, LoaderCircle, XCircle } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { refreshAuth, useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { buttonVariants } from '../ui/button.tsx';
import { AuthCard, Notice } from './auth-card.tsx';
import { ResendVerification } from './resend-verification.tsx';

type State = { kind: 'pending' } | { kind: 'verified' } | { kind: 'failed'; message: string };

// One request per token, even when React runs the effect twice (StrictMode) or the page remounts.
const confirmations = new Map<string, Promise<void>>();
function confirmOnce(token: string): Promise<void> {
  let p = confirmations.get(token);
  if (!p) {
    p = pb.collection('users').confirmVerification(token).then(() => undefined);
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
 * /verify?token=…: confirms the address. A signed-in user continues straight into the app (the
 * guards pick subscribe, onboarding or the dashboard); anyone else is asked to sign in.
 */
export function VerifyToken({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const { record } = useAuth();
  const [state, setState] = useState<State>({ kind: 'pending' });

  useEffect(() => {
    let active = true;
    confirmOnce(token).then(async () => {
      if (pb.authStore.isValid) {
        await refreshAuth();
        if (!active) return;
        if (pb.authStore.record?.verified) {
          toast.success('Email verified. Welcome aboard!');
          navigate(paths.dashboard(), { replace: true });
          return;
        }
      }
      if (active) setState({ kind: 'verified' });
    }, (err: unknown) => {
      if (active) setState({ kind: 'failed', message: failureText(err) });
    });
    return () => { active = false; };
  }, [token, navigate]);

  if (state.kind === 'pending') {
    return (
      <AuthCard icon={<LoaderCircle className="animate-spin" />} title="Verifying your email…" description="This only takes a moment." />
    );
  }
  if (state.kind === 'verified') {
    return (
      <AuthCard icon={<CheckCircle2 />} title="Email verified" description="Thanks for confirming your address. Sign in to continue.">
        <Link href={paths.login()} className={buttonVariants({ className: 'w-full' })} autoFocus>Sign in</Link>
      </AuthCard>
    );
  }
  const canResend = record && !record.verified;
  return (
    <AuthCard icon={<XCircle />} tone="destructive" title="This link didn’t work" description="Verification links expire after a while and work only once.">
      <div className="grid gap-3">
        <Notice tone="error">{state.message}</Notice>
        {canResend ? <ResendVerification email={String(record.email)} className="w-full" />
          : record ? <Link href={paths.dashboard()} className={buttonVariants({ className: 'w-full' })}>Continue</Link>
            : <Link href={paths.login()} className={buttonVariants({ className: 'w-full' })}>Sign in to get a new link</Link>}
      </div>
    </AuthCard>
  );
}
