import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormSetError } from 'react-hook-form';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { AUTH_EXPAND } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { SignInEmailField } from './sign-in-email-field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { loginErrors, type LoginValues } from './login-rules.ts';
import type { SignedInAs } from '../../../../shared/password-sign-in.ts';

type Errors = Partial<Record<keyof LoginValues, string>>;

/**
 * Email + password sign-in (staff accounts, or a superuser, who lands in the console). `onEmail`
 * shares the typed address with the other sign-in modes. Plain React state rather than
 * react-hook-form and zod: this is `/login`'s first load, which has a 150 KB budget
 * (e2e/shell.test.ts); the rules are login-rules.ts.
 */
export function PasswordLoginForm({
  email,
  onEmail,
  onForgot,
  onSuccess,
}: {
  email: string;
  onEmail: (email: string) => void;
  onForgot: () => void;
  onSuccess: (as: SignedInAs) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<LoginValues>({ email, password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginValues) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // An error stays until the field is edited.
    setErrors((errs) => (errs[field] ? { ...errs, [field]: undefined } : errs));
    if (field === 'email') onEmail(value);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = loginErrors(values);
    setErrors(found);
    if (found.email) emailInput.current?.focus();
    else if (found.password) passwordInput.current?.focus();
    if (found.email || found.password) return;
    setSubmitting(true);
    try {
      // Staff first, then superusers (who continue to the console). Loaded on submit, like the
      // rest of what only a submit needs.
      const { signInWithPassword } = await import('../../../../shared/password-sign-in.ts');
      await onSuccess(await signInWithPassword(pb, values.email.trim(), values.password, AUTH_EXPAND));
    } catch (err) {
      // The server calls the email field `identity`.
      const placed: Errors = {};
      const setError = ((field: string, error: { message?: string }) => {
        placed[field === 'identity' ? 'email' : (field as keyof LoginValues)] = error.message;
      }) as UseFormSetError<LoginValues>;
      // A wrong password names no field: its refusal stays by the password.
      handleApiError(err, setError, ['identity', 'password'], { fallbackField: 'password' });
      setErrors(placed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <SignInEmailField
        registration={{ ref: emailInput, name: 'email', value: values.email, onChange: change('email') }}
        error={errors.email}
      />
      <div className="grid gap-2">
        <FormField label={t('fields.password')} error={errors.password}>
          <PasswordInput
            ref={passwordInput}
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
          />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <Button type="button" variant="link" size="sm" className="h-auto px-0 text-sm" onClick={onForgot}>
            {t('login.forgot')}
          </Button>
        </div>
      </div>
      <Button type="submit" className="w-full" loading={submitting}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
