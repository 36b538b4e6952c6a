import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { renameFields } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';

// Messages are `common:validation.*` keys: FormField translates them.
const zSignIn = z.object({
  email: z.string().trim().min(1, 'validation.emailRequired').email('validation.emailInvalid'),
  password: z.string().min(1, 'validation.enterPassword'),
});
type Values = z.input<typeof zSignIn>;

/** Superusers sign in here when they open /_/ directly (PocketBase users expect it). */
export function ConsoleSignIn() {
  const { t } = useTranslation('console');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof zSignIn>>({ resolver: zodResolver(zSignIn), defaultValues: { email: '', password: '' } });
  const submit = handleSubmit(async (v) => {
    try {
      await pb.collection('_superusers').authWithPassword(v.email, v.password);
    } catch (err) {
      handleApiError(err, renameFields(setError, { identity: 'email' }), ['identity', 'password']);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('signIn.title')}</CardTitle>
        <CardDescription>{t('signIn.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label={t('signIn.email')} error={errors.email?.message}>
            <Input type="email" autoComplete="username" {...register('email')} />
          </FormField>
          <FormField label={t('signIn.password')} error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <Button type="submit" loading={isSubmitting} className="w-full">
            {t('signIn.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
