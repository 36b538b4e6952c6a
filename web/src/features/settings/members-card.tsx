import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { toast } from '../../lib/toast.ts';
import { Trash2 } from 'lucide-react';
import { MEMBER_ROLES, type MemberRole } from '../../../../shared/constants.ts';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Select } from '../../components/ui/input.tsx';
import { PlanFeatureNotice } from '../../components/plan-feature-notice.tsx';
import { useEntitlement } from '../../hooks/use-entitlement.ts';
import { featureRefusalOf, roleNeedsTeamRoles } from '../../../../shared/plan-features.ts';
import { fetchMembers, fetchVenueNames, type Member } from './members.ts';
import { VenuePicker } from './venue-picker.tsx';
import { translateMessage } from '../../lib/i18n/messages.ts';
import { t as translate } from '../../lib/i18n/i18n.ts';
import { settingsKeys } from './use-membership.ts';

/** The server's English refusals of a membership change, translated here (the server keeps its English contract). */
const SERVER_MESSAGES = new Map([
  ['An organization needs at least one owner.', 'settings:members.lastOwner'],
  ['An organization needs at least one owner. Appoint another owner first.', 'settings:members.lastOwnerAppoint'],
]);

/** The first field message of a failed write (e.g. "An organization needs at least one owner."), else the message. */
function writeError(err: unknown): string {
  const response = (err as { response?: { message?: string; data?: Record<string, { message?: string }> } }).response;
  const message = Object.values(response?.data ?? {}).find((v) => v?.message)?.message ?? response?.message;
  const key = message ? SERVER_MESSAGES.get(message) : undefined;
  if (key) return translate(key);
  return message && message !== response?.message ? translateMessage(message) : errorMessage(err);
}

function initials(m: Member): string {
  const source = m.name || m.email || '?';
  return source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');
}

/** Everyone in the organization; owners and admins change roles and remove members (only owners touch owners). */
export function MembersCard({ organizationId, canManage, isOwner }: { organizationId: string; canManage: boolean; isOwner: boolean }) {
  const { t } = useTranslation('settings');
  const { record } = useAuth();
  const { mutate } = useSWRConfig();
  const nameOf = (m: Member) => m.name || m.email || t('members.member');
  const members = useSWR(settingsKeys.members(organizationId), () => fetchMembers(organizationId));
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The editor role is the plan feature "Team roles": without it, the option is off (members who have it keep it).
  const teamRoles = useEntitlement('teamRoles');
  const [refusedPlan, setRefusedPlan] = useState<string | null>(null);
  const rolesLocked = teamRoles.status === 'locked' ? teamRoles.planName : refusedPlan;
  const venueNames = useSWR(settingsKeys.venueNames(organizationId), () => fetchVenueNames(organizationId));
  const nameOfVenue = (id: string) => venueNames.data?.find((v) => v.id === id)?.name;

  const changeVenues = async (m: Member, venues: string[]) => {
    setBusy(m.membershipId);
    try {
      await pb.collection('memberships').update(m.membershipId, { venues });
      toast.success(t('staff.venuesChanged', { name: nameOf(m) }));
      await members.mutate();
    } catch (err) {
      toast.error(writeError(err));
    } finally {
      setBusy(null);
    }
  };

  const refresh = () => Promise.all([members.mutate(), record ? mutate(settingsKeys.myRole(organizationId, record.id)) : null]);

  const changeRole = async (m: Member, role: MemberRole) => {
    setBusy(m.membershipId);
    try {
      await pb.collection('memberships').update(m.membershipId, { role });
      toast.success(t(`members.roleChanged.${role}`, { name: nameOf(m) }));
      await refresh();
    } catch (err) {
      const refusal = featureRefusalOf((err as { response?: { data?: unknown } }).response?.data);
      if (refusal?.feature === 'teamRoles') setRefusedPlan(refusal.planName);
      else toast.error(writeError(err));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await pb.collection('memberships').delete(removing.membershipId);
      toast.success(t('members.removed', { name: nameOf(removing) }));
      await refresh();
    } catch (err) {
      toast.error(writeError(err));
      throw err;
    }
  };

  const manageable = (m: Member) => canManage && m.userId !== record?.id && (isOwner || m.role !== 'owner');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('members.title')}</CardTitle>
        <CardDescription>{t('members.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {refusedPlan !== null ? (
          <PlanFeatureNotice feature="teamRoles" planName={refusedPlan}>
            {t('common:planFeatures.editorRole')}
          </PlanFeatureNotice>
        ) : null}
        {members.error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(members.error)}
          </p>
        ) : !members.data ? (
          <div className="grid gap-3" aria-busy="true" aria-label={t('members.loading')}>
            {[0, 1].map((i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-56" />
                </div>
              </div>
            ))}
          </div>
        ) : (
          <ul className="grid grid-cols-1 divide-y" aria-label={t('members.title')}>
            {members.data.map((m) => {
              const you = m.userId === record?.id;
              const display = nameOf(m);
              return (
                <li
                  key={m.membershipId}
                  className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0"
                >
                  <span
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground"
                    aria-hidden
                  >
                    {initials(m)}
                  </span>
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 text-sm font-medium">
                      <span className="truncate">{display}</span>
                      {you ? <Badge variant="outline">{t('members.you')}</Badge> : null}
                    </p>
                    {m.email && m.name ? <p className="truncate text-xs text-muted-foreground">{m.email}</p> : null}
                  </div>
                  <div
                    className={
                      manageable(m) ? 'col-span-2 col-start-2 flex items-center gap-2 sm:col-span-1 sm:col-start-auto' : 'flex items-center'
                    }
                  >
                    {manageable(m) ? (
                      <>
                        <Select
                          aria-label={t('members.roleOf', { name: display })}
                          value={m.role}
                          disabled={busy === m.membershipId}
                          className="h-9 w-44"
                          onChange={(e) => void changeRole(m, e.target.value as MemberRole)}
                        >
                          {MEMBER_ROLES.filter((r) => r !== 'owner' || isOwner).map((r) => (
                            <option key={r} value={r} disabled={rolesLocked !== null && roleNeedsTeamRoles(r) && r !== m.role}>
                              {t(`roles.${r}`)}
                            </option>
                          ))}
                        </Select>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-9 text-muted-foreground hover:text-destructive"
                          aria-label={t('members.remove', { name: display })}
                          onClick={() => setRemoving(m)}
                        >
                          <Trash2 />
                        </Button>
                      </>
                    ) : (
                      <Badge variant={m.role === 'owner' ? 'default' : 'secondary'}>{t(`roles.${m.role}`, { defaultValue: m.role })}</Badge>
                    )}
                  </div>
                  {m.role === 'staff' ? (
                    <div className="col-span-2 col-start-2 min-w-0 sm:col-span-2">
                      {manageable(m) ? (
                        <VenuePicker
                          organizationId={organizationId}
                          label={t('staff.venuesOf', { name: display })}
                          value={m.venues}
                          disabled={busy === m.membershipId}
                          onChange={(next) => void changeVenues(m, next)}
                        />
                      ) : (
                        <p className="text-xs text-muted-foreground">
                          {m.venues.length
                            ? t('staff.serves', { venues: m.venues.map((v) => nameOfVenue(v) ?? '…').join(', ') })
                            : t('staff.servesNone')}
                        </p>
                      )}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <ConfirmDialog
          open={Boolean(removing)}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          destructive
          title={
            removing?.name || removing?.email
              ? t('members.removeTitle', { name: removing.name || removing.email })
              : t('members.removeTitleUnnamed')
          }
          description={t('members.removeDescription')}
          confirmLabel={t('members.removeConfirm')}
          onConfirm={remove}
        />
      </CardContent>
    </Card>
  );
}
