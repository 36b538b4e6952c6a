import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'wouter';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CheckCircle2, KeyRound, Mail, XCircle } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { paths } from '../../app/paths.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { AuthCard, Notice } from '../../components/auth-card.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordMeter } from './password-meter.tsx';
import { zConfirmEmailChangeForm, zResetPasswordForm } from './schemas.ts';

const linkButton = buttonVariants({ className: 'w-full' });

/** The server's complaint about the link's token, if that is what failed. */
function tokenError(err: unknown): string | null {
  return (err as { response?: { data?: { token?: { message?: string } } } }).response?.data?.token?.message ?? null;
}

/** Shown when a link is missing its token or the server rejected it. */
export function BrokenLink({ title, message, action }: { title?: string; message: string; action: { label: string; href: string } }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={<XCircle />} tone="destructive" title={title ?? t('link.failed')} description={t('link.expire')}>
      <div className="grid gap-3">
        <Notice tone="error">{message}</Notice>
        <Link href={action.href} className={linkButton}>
          {action.label}
        </Link>
      </div>
    </AuthCard>
  );
}

/** /reset-password?token=…: choose a new password. Tokens rotate, so the local session is dropped. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<'form' | 'done' | { failed: string }>('form');
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof zResetPasswordForm>, unknown, z.output<typeof zResetPasswordForm>>({
    resolver: zodResolver(zResetPasswordForm),
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (v) => {
    try {
      await pb.collection('users').confirmPasswordReset(token, v.password, v.passwordConfirm);
      pb.authStore.clear();
      setState('done');
    } catch (err) {
      const bad = tokenError(err);
      if (bad) setState({ failed: bad });
      else handleApiError(err, setError, ['password', 'passwordConfirm'], { fallbackField: 'password' });
    }
  });

  if (state === 'done') {
    return (
      <AuthCard icon={<CheckCircle2 />} title={t('reset.doneTitle')} description={t('reset.doneDescription')}>
        <Link href={paths.login()} className={linkButton} autoFocus>
          {t('login.submit')}
        </Link>
      </AuthCard>
    );
  }
  if (typeof state === 'object') return <BrokenLink message={state.failed} action={{ label: t('link.requestNew'), href: paths.login() }} />;

  return (
    <AuthCard icon={<KeyRound />} title={t('reset.title')} description={t('reset.description')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField label={t('fields.newPassword')} error={errors.password?.message} hint={<PasswordMeter password={password} />}>
          <PasswordInput autoComplete="new-password" autoFocus {...register('password')} />
        </FormField>
        <FormField label={t('fields.confirmNewPassword')} error={errors.passwordConfirm?.message}>
          <PasswordInput autoComplete="new-password" {...register('passwordConfirm')} />
        </FormField>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

/** /confirm-email-change?token=…: the password proves it's the owner; all sessions end afterwards. */
export function ConfirmEmailChangeForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<'form' | 'done' | { failed: string }>('form');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof zConfirmEmailChangeForm>, unknown, z.output<typeof zConfirmEmailChangeForm>>({
    resolver: zodResolver(zConfirmEmailChangeForm),
    defaultValues: { password: '' },
  });

  const submit = handleSubmit(async (v) => {
    try {
      await pb.collection('users').confirmEmailChange(token, v.password);
      // The change rotates the account's tokens: the local session is no longer valid.
      pb.authStore.clear();
      setState('done');
    } catch (err) {
      const bad = tokenError(err);
      if (bad) setState({ failed: bad });
      else handleApiError(err, setError, ['password'], { fallbackField: 'password' });
    }
  });

  if (state === 'done') {
    return (
      <AuthCard icon={<CheckCircle2 />} title={t('emailChange.doneTitle')} description={t('emailChange.doneDescription')}>
        <Link href={paths.login()} className={linkButton} autoFocus>
          {t('login.submit')}
        </Link>
      </AuthCard>
    );
  }
  if (typeof state === 'object') return <BrokenLink message={state.failed} action={{ label: t('link.goToSignIn'), href: paths.login() }} />;

  return (
    <AuthCard icon={<Mail />} title={t('emailChange.title')} description={t('emailChange.description')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField label={t('fields.password')} error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" autoFocus {...register('password')} />
        </FormField>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          {t('emailChange.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
