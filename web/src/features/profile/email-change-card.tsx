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
      setError('newEmail', { message: 'This is already your email address' });
      return;
    }
    try {
      await pb.collection('users').requestEmailChange(newEmail);
      toast.success(`Check your new inbox: we sent a confirmation link to ${newEmail}.`);
      reset();
    } catch (err) {
      handleApiError(err, setError, ['newEmail']);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription>
          You sign in with <span className="font-medium text-foreground">{String(record?.email ?? '')}</span>. The change takes effect once
          you confirm the new address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="New email" error={errors.newEmail?.message}>
            <Input {...register('newEmail')} type="email" autoComplete="email" placeholder="you@example.com" />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" loading={isSubmitting} className="w-full sm:w-auto">
              Send confirmation link
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
