import { useTranslation } from 'react-i18next';
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

const TITLES = {
  password: { title: 'login.title', description: 'login.description' },
  otp: { title: 'login.otpTitle', description: 'login.otpDescription' },
  forgot: { title: 'login.forgotTitle', description: 'login.forgotDescription' },
} as const satisfies Record<Mode, { title: string; description: string }>;

function FormPlaceholder() {
  const { t } = useTranslation('auth');
  return <div className="h-40 animate-pulse rounded-md bg-muted" aria-busy="true" aria-label={t('loadingForm')} />;
}

/** The login page: password, email code or OAuth2; then on to `redirect` (same-origin only). */
export function LoginPanel() {
  const { t } = useTranslation('auth');
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
      {t('login.newHere')}
      <Link href={paths.signUp()} className="font-medium text-primary underline-offset-4 hover:underline">
        {t('login.createAccount')}
      </Link>
    </>
  );

  return (
    <AuthCard title={t(title)} description={t(description)} footer={signUpLink}>
      {mode === 'password' ? (
        <>
          <OAuthButtons onSuccess={done} />
          <PasswordLoginForm email={email} onEmail={setEmail} onForgot={() => setMode('forgot')} onSuccess={afterPassword} />
          {otpEnabled ? (
            <>
              <OrDivider />
              <Button type="button" variant="outline" className="w-full" onClick={() => setMode('otp')}>
                <Mail aria-hidden /> {t('login.emailMeCode')}
              </Button>
            </>
          ) : null}
        </>
      ) : mode === 'otp' ? (
        <Suspense fallback={<FormPlaceholder />}>
          <OtpLoginForm email={email} onEmail={setEmail} onSuccess={done} />
          <OrDivider />
          <Button type="button" variant="ghost" className="w-full" onClick={() => setMode('password')}>
            <KeyRound aria-hidden /> {t('login.withPassword')}
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
