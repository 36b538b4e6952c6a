import { Trans, useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { zEmailChangeForm } from '../../lib/account-schemas.ts';

/** Requests an email change: the new address gets a confirmation link. */
export function EmailChangeCard() {
  const { t } = useTranslation('profile');
  const { record } = useAuth();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(zEmailChangeForm),
    defaultValues: { newEmail: '' },
  });
  const onSubmit = handleSubmit(async ({ newEmail }) => {
    if (newEmail.toLowerCase() === String(record?.email ?? '').toLowerCase()) {
      setError('newEmail', { message: t('email.same') });
      return;
    }
    try {
      await pb.collection('users').requestEmailChange(newEmail);
      toast.success(t('email.sent', { email: newEmail }));
      reset();
    } catch (err) {
      handleApiError(err, setError, ['newEmail']);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('email.title')}</CardTitle>
        <CardDescription>
          <Trans
            t={t}
            i18nKey="email.description"
            values={{ email: String(record?.email ?? '') }}
            components={{ b: <span className="font-medium text-foreground" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label={t('email.newEmail')} error={errors.newEmail?.message}>
            <Input {...register('newEmail')} type="email" autoComplete="email" placeholder={t('email.placeholder')} />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" loading={isSubmitting} className="w-full sm:w-auto">
              {t('email.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
