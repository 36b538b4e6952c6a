import { useTranslation } from 'react-i18next';
import type { InputHTMLAttributes, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/form-field.tsx';

/**
 * The email field every way of signing in starts with (password, code, reset link). It gets the
 * focus, and the panel keeps what was typed when switching between them (`register`'s onChange).
 */
export function SignInEmailField({
  registration,
  error,
  hint,
}: {
  /** react-hook-form's `register('email')`, or plain input props (the password sign-in does without the library). */
  registration: UseFormRegisterReturn | (InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> });
  error?: string;
  hint?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormField label={t('fields.email')} error={error} hint={hint}>
      <Input type="email" autoComplete="email" inputMode="email" autoFocus placeholder={t('fields.emailPlaceholder')} {...registration} />
    </FormField>
  );
}
