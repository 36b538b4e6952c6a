import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { AUTH_EXPAND } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { SignInEmailField } from './sign-in-email-field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { zLoginForm } from './schemas.ts';
import { renameFields } from '../../lib/form-errors.ts';
import type { SignedInAs } from '../../../../shared/password-sign-in.ts';

type Values = z.input<typeof zLoginForm>;

/** Email + password sign-in (staff accounts, or a superuser, who lands in the console). `onEmail` shares the typed address with the other sign-in modes. */
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
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof zLoginForm>>({
    resolver: zodResolver(zLoginForm),
    defaultValues: { email, password: '' },
  });

  const submit = handleSubmit(async (v) => {
    try {
      // Staff first, then superusers (who continue to the console). Loaded on submit: the page's
      // first load stays within its budget (e2e/shell.test.ts).
      const { signInWithPassword } = await import('../../../../shared/password-sign-in.ts');
      await onSuccess(await signInWithPassword(pb, v.email, v.password, AUTH_EXPAND));
    } catch (err) {
      handleApiError(err, renameFields(setError, { identity: 'email' }), ['identity', 'password']);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <SignInEmailField
        registration={register('email', { onChange: (e: { target: { value: string } }) => onEmail(e.target.value) })}
        error={errors.email?.message}
      />
      <div className="grid gap-2">
        <FormField label={t('fields.password')} error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0 text-sm"
            onClick={() => {
              onEmail(getValues('email'));
              onForgot();
            }}
          >
            {t('login.forgot')}
          </Button>
        </div>
      </div>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
