import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import useSWR from 'swr';
import { toast } from '../../lib/toast.ts';
import { Mail, UserPlus, X } from 'lucide-react';
import { MEMBER_ROLES } from '../../../../shared/constants.ts';
import { handleApiError } from '../../lib/api-errors.ts';
import { PlanFeatureNotice } from '../../components/plan-feature-notice.tsx';
import { useEntitlement } from '../../hooks/use-entitlement.ts';
import { featureRefusalOf, roleNeedsTeamRoles } from '../../../../shared/plan-features.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { zInviteForm } from '../../../../shared/schemas/organizations.ts';
import { formatDate } from '../../lib/format.ts';
import { fetchInvitations, inviteMember, revokeInvitation, type PendingInvitation } from './members.ts';
import { settingsKeys } from './use-membership.ts';
import { VenuePicker } from './venue-picker.tsx';

/** Invites by email (everyone joins by accepting the emailed link) and lists the invitations still open. */
export function InviteMemberCard({ organizationId, canManage, isOwner }: { organizationId: string; canManage: boolean; isOwner: boolean }) {
  const { t } = useTranslation('settings');
  const invitations = useSWR(settingsKeys.invitations(organizationId), () => fetchInvitations(organizationId));
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(zInviteForm),
    defaultValues: { email: '', role: 'editor' as const, venues: [] as string[] },
  });
  const role = watch('role');
  const venues = watch('venues') ?? [];
  // The editor role (menus only) is the plan feature "Team roles": without it, the option is off and the card says why.
  const teamRoles = useEntitlement('teamRoles');
  const [refusedPlan, setRefusedPlan] = useState<string | null>(null);
  const rolesLocked = teamRoles.status === 'locked' ? teamRoles.planName : refusedPlan;
  useEffect(() => {
    if (rolesLocked !== null && roleNeedsTeamRoles(role)) setValue('role', 'admin');
  }, [rolesLocked, role, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Only staff are assigned venues (everyone else reaches them all).
      const result = await inviteMember(organizationId, { ...values, venues: values.role === 'staff' ? (values.venues ?? []) : [] });
      if (result.emailSent) toast.success(t('invite.sent', { email: values.email }));
      else toast.warning(t('invite.notSent', { email: values.email }));
      reset({ email: '', role: values.role, venues: values.venues ?? [] });
      await invitations.mutate();
    } catch (err) {
      const refusal = featureRefusalOf((err as { response?: { data?: unknown } }).response?.data);
      if (refusal?.feature === 'teamRoles') setRefusedPlan(refusal.planName);
      else handleApiError(err, setError, ['email', 'role', 'venues']);
    }
  });

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeInvitation(organizationId, revoking.id);
      toast.success(t('invite.withdrawn', { email: revoking.email }));
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
        <CardTitle>{canManage ? t('invite.title') : t('invite.open')}</CardTitle>
        <CardDescription>{canManage ? t('invite.description') : t('invite.openDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        {canManage ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
            <FormField label={t('invite.email')} error={errors.email?.message}>
              <Input {...register('email')} type="email" autoComplete="off" placeholder={t('invite.emailPlaceholder')} />
            </FormField>
            <FormField label={t('invite.role')} error={errors.role?.message}>
              <Select {...register('role')}>
                {MEMBER_ROLES.filter((r) => r !== 'owner' || isOwner).map((r) => (
                  <option key={r} value={r} disabled={rolesLocked !== null && roleNeedsTeamRoles(r)}>
                    {t(`roles.${r}`)}
                  </option>
                ))}
              </Select>
            </FormField>
            <Button type="submit" loading={isSubmitting} className="max-sm:order-last sm:mt-[22px]">
              <UserPlus aria-hidden /> {t('invite.submit')}
            </Button>
            <p className="text-sm text-muted-foreground sm:col-span-3">
              {t('invite.roleHint', { role: t(`roles.${role}`), hint: t(`roleHints.${role}`) })}
            </p>
            {role === 'staff' ? (
              <div className="min-w-0 sm:col-span-3">
                <VenuePicker
                  organizationId={organizationId}
                  label={t('staff.venues')}
                  value={venues}
                  onChange={(next) => setValue('venues', next, { shouldDirty: true })}
                  error={errors.venues?.message}
                />
              </div>
            ) : null}
            {rolesLocked !== null ? (
              <div className="sm:col-span-3">
                <PlanFeatureNotice feature="teamRoles" planName={rolesLocked}>
                  {t('common:planFeatures.editorRole')}
                </PlanFeatureNotice>
              </div>
            ) : null}
          </form>
        ) : null}
        {pending.length ? (
          <div className="grid grid-cols-1 gap-2">
            {canManage ? <h3 className="text-sm font-medium">{t('invite.open')}</h3> : null}
            <ul className="grid grid-cols-1 divide-y rounded-md border" aria-label={t('invite.open')}>
              {pending.map((inv) => (
                <li key={inv.id} className="flex items-center gap-3 px-3 py-2">
                  <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm">{inv.email}</p>
                    <p className="text-xs text-muted-foreground">{t('invite.expires', { date: formatDate(inv.expires) })}</p>
                  </div>
                  <Badge variant="secondary">{t(`roles.${inv.role}`)}</Badge>
                  {inv.role === 'staff' ? (
                    <span className="shrink-0 text-xs text-muted-foreground">{t('staff.venueCount', { count: inv.venues.length })}</span>
                  ) : null}
                  {canManage ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 text-muted-foreground hover:text-destructive"
                      aria-label={t('invite.withdrawLabel', { email: inv.email })}
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
          title={t('invite.withdrawTitle')}
          description={t('invite.withdrawDescription', { email: revoking?.email ?? '' })}
          confirmLabel={t('invite.withdraw')}
          onConfirm={revoke}
        />
      </CardContent>
    </Card>
  );
}
