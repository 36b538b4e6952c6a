import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { KeyRound, Mail } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { AuthCard, OrDivider } from '../../components/auth-card.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { useAuthMethods } from './auth-methods.ts';
import { continueAfterLogin } from '../../lib/auth-flow.ts';

// The code and reset forms load when chosen: most sign-ins use the password, and the page's first
// load has a budget (e2e/shell.test.ts).
const OtpLoginForm = lazy(() => import('./otp-login-form.tsx').then((m) => ({ default: m.OtpLoginForm })));
const ForgotPasswordForm = lazy(() => import('./forgot-password-form.tsx').then((m) => ({ default: m.ForgotPasswordForm })));

type Mode = 'password' | 'otp' | 'forgot';

const TITLES: Record<Mode, { title: string; description: string }> = {
  password: { title: 'Sign in', description: 'Welcome back. Sign in to manage your menus.' },
  otp: { title: 'Sign in with a code', description: 'We’ll email you a one-time code.' },
  forgot: { title: 'Reset your password', description: 'Enter the email address of your account.' },
};

function FormPlaceholder() {
  return <div className="h-40 animate-pulse rounded-md bg-muted" aria-busy="true" aria-label="Loading" />;
}

/** The login page: password, email code or OAuth2; then on to `redirect` (same-origin only). */
export function LoginPanel() {
  const [, navigate] = useLocation();
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  const [mode, setMode] = useState<Mode>('password');
  // The address carries over between the password, code and reset forms.
  const [email, setEmail] = useState('');
  const otpEnabled = useAuthMethods().data?.otp.enabled ?? true;
  const done = () => continueAfterLogin(navigate, redirect);
  const afterPassword = async (as: 'user' | 'superuser') => {
    if (as === 'superuser') navigate(paths.console(), { replace: true });
    else await done();
  };
  const { title, description } = TITLES[mode];

  const signUpLink = (
    <>
      New here?
      <Link href={paths.signUp()} className="font-medium text-primary underline-offset-4 hover:underline">
        Create an account
      </Link>
    </>
  );

  return (
    <AuthCard title={title} description={description} footer={signUpLink}>
      {mode === 'password' ? (
        <>
          <OAuthButtons onSuccess={done} />
          <PasswordLoginForm email={email} onEmail={setEmail} onForgot={() => setMode('forgot')} onSuccess={afterPassword} />
          {otpEnabled ? (
            <>
              <OrDivider />
              <Button type="button" variant="outline" className="w-full" onClick={() => setMode('otp')}>
                <Mail aria-hidden /> Email me a code
              </Button>
            </>
          ) : null}
        </>
      ) : mode === 'otp' ? (
        <Suspense fallback={<FormPlaceholder />}>
          <OtpLoginForm email={email} onEmail={setEmail} onSuccess={done} />
          <OrDivider />
          <Button type="button" variant="ghost" className="w-full" onClick={() => setMode('password')}>
            <KeyRound aria-hidden /> Sign in with password
          </Button>
        </Suspense>
      ) : (
        <Suspense fallback={<FormPlaceholder />}>
          <ForgotPasswordForm email={email} onEmail={setEmail} onBack={() => setMode('password')} />
        </Suspense>
      )}
    </AuthCard>
  );
}
