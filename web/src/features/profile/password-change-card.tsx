import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { AUTH_EXPAND, useAuth } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { zPasswordChangeForm } from '../../lib/account-schemas.ts';

/**
 * Changes the password. The server rotates the token key (every session ends), so this device
 * signs in again with the new password and stays signed in.
 */
export function PasswordChangeCard() {
  const { t } = useTranslation('profile');
  const { record } = useAuth();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(zPasswordChangeForm),
    defaultValues: { oldPassword: '', password: '', passwordConfirm: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (!record) return;
    const email = String(record.email);
    try {
      await pb.collection('users').update(record.id, values);
    } catch (err) {
      handleApiError(err, setError, ['oldPassword', 'password', 'passwordConfirm']);
      return;
    }
    try {
      await pb.collection('users').authWithPassword(email, values.password, { expand: AUTH_EXPAND });
      toast.success(t('password.changed'));
    } catch {
      pb.authStore.clear();
      toast.success(t('password.signInAgain'));
    }
    reset();
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {/* Lets password managers pair the new password with the account. */}
          <input type="email" name="username" autoComplete="username" value={String(record?.email ?? '')} readOnly hidden />
          <FormField label={t('password.current')} error={errors.oldPassword?.message}>
            <Input {...register('oldPassword')} type="password" autoComplete="current-password" />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <FormField label={t('password.new')} error={errors.password?.message} hint={t('password.newHint')}>
              <Input {...register('password')} type="password" autoComplete="new-password" />
            </FormField>
            <FormField label={t('password.confirm')} error={errors.passwordConfirm?.message}>
              <Input {...register('passwordConfirm')} type="password" autoComplete="new-password" />
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" loading={isSubmitting} className="w-full sm:w-auto">
              {t('password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
