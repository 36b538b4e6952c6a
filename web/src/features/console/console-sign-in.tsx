import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { pb } from '../../lib/pb.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { renameFields } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';

const zSignIn = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').email('Enter a valid email address.'),
  password: z.string().min(1, 'Enter your password.'),
});
type Values = z.input<typeof zSignIn>;

/** Superusers sign in here when they open /_/ directly (PocketBase users expect it). */
export function ConsoleSignIn() {
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
        <CardTitle>Superuser sign in</CardTitle>
        <CardDescription>The console of the people who run this instance.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="username" {...register('email')} />
          </FormField>
          <FormField label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <Button type="submit" loading={isSubmitting} className="w-full">
            Sign in
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
