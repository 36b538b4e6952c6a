import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/form-field.tsx';

/**
 * The email field every way of signing in starts with (password, code, reset link). It gets the
 * focus, and the panel keeps what was typed when switching between them (`register`'s onChange).
 */
export function SignInEmailField({ registration, error, hint }: { registration: UseFormRegisterReturn; error?: string; hint?: string }) {
  return (
    <FormField label="Email" error={error} hint={hint}>
      <Input type="email" autoComplete="email" inputMode="email" autoFocus placeholder="you@restaurant.com" {...registration} />
    </FormField>
  );
}
