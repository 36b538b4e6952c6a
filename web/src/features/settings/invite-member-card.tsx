import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import useSWR from 'swr';
import { toast } from '../../lib/toast.ts';
import { Mail, UserPlus, X } from 'lucide-react';
import { MEMBER_ROLES } from '../../../../shared/constants.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { zInviteForm } from '../../../../shared/schemas/organizations.ts';
import { formatDate } from '../../lib/format.ts';
import { fetchInvitations, inviteMember, revokeInvitation, type PendingInvitation } from './members.ts';
import { ROLE_HINTS, ROLE_LABELS } from './settings-nav.tsx';
import { settingsKeys } from './use-membership.ts';

/** Invites by email (everyone joins by accepting the emailed link) and lists the invitations still open. */
export function InviteMemberCard({ organizationId, canManage, isOwner }: { organizationId: string; canManage: boolean; isOwner: boolean }) {
  const invitations = useSWR(settingsKeys.invitations(organizationId), () => fetchInvitations(organizationId));
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(zInviteForm),
    defaultValues: { email: '', role: 'editor' as const },
  });
  const role = watch('role');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await inviteMember(organizationId, values);
      if (result.emailSent) toast.success(`Invitation sent to ${values.email}.`);
      else toast.warning(`Invitation saved, but the email to ${values.email} could not be sent. Try again later.`);
      reset({ email: '', role: values.role });
      await invitations.mutate();
    } catch (err) {
      handleApiError(err, setError, ['email', 'role']);
    }
  });

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeInvitation(organizationId, revoking.id);
      toast.success(`Invitation for ${revoking.email} withdrawn.`);
      await invitations.mutate();
    } catch (err) {
      handleApiError(err);
      throw err;
    }
  };

  const pending = invitations.data ?? [];
  if (!canManage && pending.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{canManage ? 'Invite a member' : 'Open invitations'}</CardTitle>
        <CardDescription>
          {canManage
            ? 'We email them a link to join. They become a member once they accept it.'
            : 'People invited to join who have not accepted yet.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        {canManage ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
            <FormField label="Email" error={errors.email?.message}>
              <Input {...register('email')} type="email" autoComplete="off" placeholder="colleague@example.com" />
            </FormField>
            <FormField label="Role" error={errors.role?.message}>
              <Select {...register('role')}>
                {MEMBER_ROLES.filter((r) => r !== 'owner' || isOwner).map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </Select>
            </FormField>
            <Button type="submit" loading={isSubmitting} className="sm:mt-[22px]">
              <UserPlus aria-hidden /> Send invite
            </Button>
            <p className="text-sm text-muted-foreground sm:col-span-3">
              {ROLE_LABELS[role]}: {ROLE_HINTS[role]}.
            </p>
          </form>
        ) : null}
        {pending.length ? (
          <div className="grid grid-cols-1 gap-2">
            {canManage ? <h3 className="text-sm font-medium">Open invitations</h3> : null}
            <ul className="grid grid-cols-1 divide-y rounded-md border" aria-label="Open invitations">
              {pending.map((inv) => (
                <li key={inv.id} className="flex items-center gap-3 px-3 py-2">
                  <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm">{inv.email}</p>
                    <p className="text-xs text-muted-foreground">Expires {formatDate(inv.expires)}</p>
                  </div>
                  <Badge variant="secondary">{ROLE_LABELS[inv.role]}</Badge>
                  {canManage ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 text-muted-foreground hover:text-destructive"
                      aria-label={`Withdraw invitation for ${inv.email}`}
                      onClick={() => setRevoking(inv)}
                    >
                      <X />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <ConfirmDialog
          open={Boolean(revoking)}
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          destructive
          title="Withdraw invitation?"
          description={`The link sent to ${revoking?.email ?? ''} stops working.`}
          confirmLabel="Withdraw"
          onConfirm={revoke}
        />
      </CardContent>
    </Card>
  );
}
