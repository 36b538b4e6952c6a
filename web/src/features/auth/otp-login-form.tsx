import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '../../lib/toast.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { AUTH_EXPAND } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { SignInEmailField } from './sign-in-email-field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { zEmailForm, zOtpForm } from './schemas.ts';
import { renameFields } from '../../lib/form-errors.ts';
import { useAuthMethods } from './auth-methods.ts';

/** Step 1 of the code sign-in: ask for the address and send the code. */
function RequestCode({
  email,
  onEmail,
  onSent,
}: {
  email: string;
  onEmail: (email: string) => void;
  onSent: (otpId: string, email: string) => void;
}) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof zEmailForm>, unknown, z.output<typeof zEmailForm>>({
    resolver: zodResolver(zEmailForm),
    defaultValues: { email },
  });
  const submit = handleSubmit(async (v) => {
    try {
      const { otpId } = await pb.collection('users').requestOTP(v.email);
      onSent(otpId, v.email);
    } catch (err) {
      handleApiError(err, setError, ['email'], { fallbackField: 'email' });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <SignInEmailField
        registration={register('email', { onChange: (e: { target: { value: string } }) => onEmail(e.target.value) })}
        error={errors.email?.message}
        hint={t('otp.hint')}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('login.emailMeCode')}
      </Button>
    </form>
  );
}

/** Step 2: enter the code from the email. */
function EnterCode({
  otpId,
  email,
  onResend,
  onChangeEmail,
  onSuccess,
}: {
  otpId: string;
  email: string;
  onResend: () => Promise<void>;
  onChangeEmail: () => void;
  onSuccess: () => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const [resending, setResending] = useState(false);
  const duration = useAuthMethods().data?.otp.duration ?? 0;
  const minutes = duration >= 60 ? Math.round(duration / 60) : 0;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof zOtpForm>, unknown, z.output<typeof zOtpForm>>({
    resolver: zodResolver(zOtpForm),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async (v) => {
    try {
      await pb.collection('users').authWithOTP(otpId, v.code, { expand: AUTH_EXPAND });
      await onSuccess();
    } catch (err) {
      handleApiError(err, renameFields(setError, { password: 'code' }), ['password'], { fallbackField: 'code' });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="otp.sent"
          values={{ email }}
          components={{ b: <span className="break-words font-medium text-foreground" /> }}
        />
        {minutes ? ` ${t('otp.valid', { count: minutes })}` : null}
      </p>
      <FormField label={t('fields.code')} error={errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          placeholder="123456"
          className="text-center font-mono text-lg tracking-[0.5em]"
          {...register('code')}
        />
      </FormField>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('login.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" size="sm" className="h-auto px-0 text-sm" onClick={onChangeEmail}>
          {t('otp.differentEmail')}
        </Button>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0 text-sm"
          loading={resending}
          onClick={() => {
            setResending(true);
            void onResend().finally(() => setResending(false));
          }}
        >
          {t('otp.resend')}
        </Button>
      </div>
    </form>
  );
}

/** Sign-in with a one-time code sent by email (requestOTP → authWithOTP). */
export function OtpLoginForm({
  email,
  onEmail,
  onSuccess,
}: {
  email: string;
  onEmail: (email: string) => void;
  onSuccess: () => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<{ otpId: string; email: string } | null>(null);
  const resend = async () => {
    if (!sent) return;
    try {
      const { otpId } = await pb.collection('users').requestOTP(sent.email);
      setSent({ otpId, email: sent.email });
      toast.success(t('otp.resent'));
    } catch (err) {
      handleApiError(err);
    }
  };
  if (!sent) return <RequestCode email={email} onEmail={onEmail} onSent={(otpId, to) => setSent({ otpId, email: to })} />;
  return (
    <EnterCode
      key={sent.otpId}
      otpId={sent.otpId}
      email={sent.email}
      onResend={resend}
      onChangeEmail={() => setSent(null)}
      onSuccess={onSuccess}
    />
  );
}
