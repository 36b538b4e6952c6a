import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { AUTH_EXPAND, refreshAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { AuthCard } from '../../components/auth-card.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordMeter } from './password-meter.tsx';
import { OAuthButtons } from './oauth-buttons.tsx';
import { zSignUpForm } from './schemas.ts';
import { continueAfterLogin, markVerificationSent } from '../../lib/auth-flow.ts';
import { acceptInvitation, roleWithArticle, type Invitation } from './invitation.ts';

type Values = z.input<typeof zSignUpForm>;

/**
 * Creates the account, signs in with the same credentials (so /verify knows who is waiting), and
 * goes to /verify. The server sends the verification email on create. With an `invitation` the
 * email is the invited one and cannot be changed, and there is no OAuth sign-up (its email could
 * differ); once signed in, the form accepts the invitation with its mailed `inviteToken`, which
 * joins the organization and confirms the address (sign-up alone never joins).
 */
export function SignUpForm({ invitation, inviteToken, notice }: { invitation?: Invitation; inviteToken?: string; notice?: ReactNode }) {
  const [, navigate] = useLocation();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof zSignUpForm>>({
    resolver: zodResolver(zSignUpForm),
    defaultValues: { name: '', email: invitation?.email ?? '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (v) => {
    const users = pb.collection('users');
    try {
      await users.create({ name: v.name, email: v.email, password: v.password, passwordConfirm: v.password });
    } catch (err) {
      handleApiError(err, setError, ['name', 'email', 'password']);
      return;
    }
    markVerificationSent(v.email);
    try {
      await users.authWithPassword(v.email, v.password, { expand: AUTH_EXPAND });
    } catch (err) {
      // The account exists; only the automatic sign-in failed, so send the user to log in.
      handleApiError(err);
      navigate(paths.login(), { replace: true });
      return;
    }
    if (invitation && inviteToken) {
      try {
        await acceptInvitation(inviteToken);
        await refreshAuth();
        navigate(paths.dashboard(), { replace: true });
        return;
      } catch (err) {
        handleApiError(err);
      }
    }
    navigate(paths.verify(), { replace: true });
  });

  const loginLink = (
    <>
      Already have an account?
      <Link href={paths.login()} className="font-medium text-primary underline-offset-4 hover:underline">
        Sign in
      </Link>
    </>
  );

  const title = invitation ? `Join ${invitation.organizationName}` : 'Create your account';
  const description = invitation ? (
    <>
      You’re invited to join <span className="font-medium text-foreground">{invitation.organizationName}</span> as{' '}
      {roleWithArticle(invitation.role)}. Create your account to accept.
    </>
  ) : (
    'Put your menu online in minutes.'
  );

  return (
    <AuthCard title={title} description={description} footer={loginLink}>
      {notice ? <div className="mb-5">{notice}</div> : null}
      {invitation ? null : <OAuthButtons verb="Sign up" onSuccess={() => continueAfterLogin(navigate, null)} />}
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField label="Your name" error={errors.name?.message}>
          <Input autoComplete="name" autoFocus placeholder="Alex Example" {...register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} hint={invitation ? 'The invitation is for this address.' : undefined}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@restaurant.com"
            readOnly={Boolean(invitation)}
            className={invitation ? 'bg-muted text-muted-foreground' : undefined}
            {...register('email')}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={<PasswordMeter password={password} />}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Create account
        </Button>
        <p className="text-center text-xs text-muted-foreground">We’ll send you an email to confirm your address.</p>
      </form>
    </AuthCard>
  );
}
