import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';

const zInstall = z
  .object({
    email: z.string().trim().min(1, 'Enter an email address.').email('Enter a valid email address.'),
    password: z.string().min(8, 'Use at least 8 characters.').max(71, 'Use at most 71 characters.'),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], message: "The passwords don't match." });
type Values = z.input<typeof zInstall>;

/** The one-time installer link (`/_/#/install/<token>`): creates the first superuser and signs it in. */
export default function InstallerPage({ token }: { token: string }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof zInstall>>({
    resolver: zodResolver(zInstall),
    defaultValues: { email: '', password: '', passwordConfirm: '' },
  });
  const [linkError, setLinkError] = useState('');
  const submit = handleSubmit(async (v) => {
    setLinkError('');
    try {
      const auth = await pb.send<{ token: string; record: RecordModel }>('/api/installer', { method: 'POST', body: { token, ...v } });
      // The link is spent: drop it from the address bar and the history before anything else.
      window.history.replaceState(null, '', '/_/');
      pb.authStore.save(auth.token, auth.record);
    } catch (err) {
      const spent = (err as { response?: { data?: { token?: { message?: string } } } }).response?.data?.token?.message;
      if (spent) setLinkError(`${spent} Restart the server for a new link, or sign in if a superuser exists.`);
      else handleApiError(err, setError, ['email', 'password', 'passwordConfirm']);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Create the first superuser</CardTitle>
        <CardDescription>
          This link works once, for an hour after the server printed it. The superuser runs this instance from the console.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {linkError ? (
            <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
              {linkError}
            </p>
          ) : null}
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="username" {...register('email')} />
          </FormField>
          <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
            <Input type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField label="Confirm password" error={errors.passwordConfirm?.message}>
            <Input type="password" autoComplete="new-password" {...register('passwordConfirm')} />
          </FormField>
          <Button type="submit" loading={isSubmitting} className="w-full">
            Create superuser
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
