import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { Trans, useTranslation } from 'react-i18next';
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
import { acceptInvitation, type Invitation } from './invitation.ts';

type Values = z.input<typeof zSignUpForm>;

/**
 * Creates the account, signs in with the same credentials (so /verify knows who is waiting), and
 * goes to /verify. The server sends the verification email on create. With an `invitation` the
 * email is the invited one and cannot be changed, and there is no OAuth sign-up (its email could
 * differ); once signed in, the form accepts the invitation with its mailed `inviteToken`, which
 * joins the organization and confirms the address (sign-up alone never joins).
 */
export function SignUpForm({ invitation, inviteToken, notice }: { invitation?: Invitation; inviteToken?: string; notice?: ReactNode }) {
  const { t } = useTranslation('auth');
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
      // The language the visitor sees the app in becomes the account's: its emails (verification first) follow it.
      await users.create({ name: v.name, email: v.email, password: v.password, passwordConfirm: v.password, language: activeLanguage() });
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
      {t('signUp.haveAccount')}
      <Link href={paths.login()} className="font-medium text-primary underline-offset-4 hover:underline">
        {t('login.submit')}
      </Link>
    </>
  );

  const title = invitation ? t('signUp.joinTitle', { organization: invitation.organizationName }) : t('signUp.title');
  const description = invitation ? (
    <Trans
      t={t}
      i18nKey="signUp.invited"
      values={{ organization: invitation.organizationName, role: t(`roles.${invitation.role}`) }}
      components={{ b: <span className="font-medium text-foreground" /> }}
    />
  ) : (
    t('signUp.description')
  );

  return (
    <AuthCard title={title} description={description} footer={loginLink}>
      {notice ? <div className="mb-5">{notice}</div> : null}
      {invitation ? null : <OAuthButtons signUp onSuccess={() => continueAfterLogin(navigate, null)} />}
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField label={t('fields.name')} error={errors.name?.message}>
          <Input autoComplete="name" autoFocus placeholder={t('fields.namePlaceholder')} {...register('name')} />
        </FormField>
        <FormField label={t('fields.email')} error={errors.email?.message} hint={invitation ? t('signUp.invitedAddress') : undefined}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
            readOnly={Boolean(invitation)}
            className={invitation ? 'bg-muted text-muted-foreground' : undefined}
            {...register('email')}
          />
        </FormField>
        <FormField label={t('fields.password')} error={errors.password?.message} hint={<PasswordMeter password={password} />}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          {t('signUp.submit')}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{t('signUp.confirmNote')}</p>
      </form>
    </AuthCard>
  );
}
