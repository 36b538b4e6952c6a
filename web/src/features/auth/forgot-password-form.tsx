import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MailCheck } from 'lucide-react';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { SignInEmailField } from './sign-in-email-field.tsx';
import { Notice } from '../../components/auth-card.tsx';
import { zEmailForm } from './schemas.ts';

/**
 * Asks for a password-reset email. The confirmation is the same whether or not the account exists,
 * so the form can't be used to probe for addresses.
 */
export function ForgotPasswordForm({ email, onEmail, onBack }: { email: string; onEmail: (email: string) => void; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
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
      await pb.collection('users').requestPasswordReset(v.email);
      setSentTo(v.email);
    } catch (err) {
      handleApiError(err, setError, ['email'], { fallbackField: 'email' });
    }
  });

  if (sentTo) {
    return (
      <div className="grid gap-4">
        <Notice tone="success">
          <span className="flex gap-3">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>
              <Trans
                t={t}
                i18nKey="forgot.sent"
                values={{ email: sentTo }}
                components={{ b: <span className="break-words font-medium" /> }}
              />
            </span>
          </span>
        </Notice>
        <Button type="button" variant="outline" className="w-full" onClick={onBack} autoFocus>
          {t('forgot.back')}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <SignInEmailField
        registration={register('email', { onChange: (e: { target: { value: string } }) => onEmail(e.target.value) })}
        error={errors.email?.message}
        hint={t('forgot.hint')}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('forgot.submit')}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        {t('forgot.back')}
      </Button>
    </form>
  );
}
