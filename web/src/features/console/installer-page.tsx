import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';

// Messages are `common:validation.*` keys: FormField translates them.
const zInstall = z
  .object({
    email: z.string().trim().min(1, 'validation.emailRequired').email('validation.emailInvalid'),
    password: z.string().min(8, 'validation.passwordTooShort').max(71, 'validation.passwordTooLong'),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], message: 'validation.passwordsDoNotMatch' });
type Values = z.input<typeof zInstall>;

/** The one-time installer link (`/_/#/install/<token>`): creates the first superuser and signs it in. */
export default function InstallerPage({ token }: { token: string }) {
  const { t } = useTranslation('console');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof zInstall>>({
    resolver: zodResolver(zInstall),
    defaultValues: { email: '', password: '', passwordConfirm: '' },
  });
  const [linkSpent, setLinkSpent] = useState(false);
  const submit = handleSubmit(async (v) => {
    setLinkSpent(false);
    try {
      const auth = await pb.send<{ token: string; record: RecordModel }>('/api/installer', { method: 'POST', body: { token, ...v } });
      // The link is spent: drop it from the address bar and the history before anything else.
      window.history.replaceState(null, '', '/_/');
      pb.authStore.save(auth.token, auth.record);
    } catch (err) {
      // The server's one token error means the link is spent or expired: said in the page's language.
      const spent = (err as { response?: { data?: { token?: { message?: string } } } }).response?.data?.token?.message;
      if (spent) setLinkSpent(true);
      else handleApiError(err, setError, ['email', 'password', 'passwordConfirm']);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('installer.title')}</CardTitle>
        <CardDescription>{t('installer.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {linkSpent ? (
            <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
              {t('installer.linkInvalid')}
            </p>
          ) : null}
          <FormField label={t('installer.email')} error={errors.email?.message}>
            <Input type="email" autoComplete="username" {...register('email')} />
          </FormField>
          <FormField label={t('installer.password')} error={errors.password?.message} hint={t('installer.passwordHint')}>
            <Input type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField label={t('installer.confirm')} error={errors.passwordConfirm?.message}>
            <Input type="password" autoComplete="new-password" {...register('passwordConfirm')} />
          </FormField>
          <Button type="submit" loading={isSubmitting} className="w-full">
            {t('installer.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
