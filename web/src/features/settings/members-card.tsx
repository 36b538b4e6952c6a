import { useState } from 'react';
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
import { fetchMembers, type Member } from './members.ts';
import { ROLE_LABELS } from './settings-nav.tsx';
import { settingsKeys } from './use-membership.ts';

/** The first field message of a failed write (e.g. "An organization needs at least one owner."), else the message. */
function writeError(err: unknown): string {
  const data = (err as { response?: { data?: Record<string, { message?: string }> } }).response?.data ?? {};
  return Object.values(data).find((v) => v?.message)?.message ?? errorMessage(err);
}

function initials(m: Member): string {
  const source = m.name || m.email || 'M';
  return source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');
}

/** Everyone in the organization; owners and admins change roles and remove members (only owners touch owners). */
export function MembersCard({ organizationId, canManage, isOwner }: { organizationId: string; canManage: boolean; isOwner: boolean }) {
  const { record } = useAuth();
  const { mutate } = useSWRConfig();
  const members = useSWR(settingsKeys.members(organizationId), () => fetchMembers(organizationId));
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => Promise.all([members.mutate(), record ? mutate(settingsKeys.myRole(organizationId, record.id)) : null]);

  const changeRole = async (m: Member, role: MemberRole) => {
    setBusy(m.membershipId);
    try {
      await pb.collection('memberships').update(m.membershipId, { role });
      toast.success(`${m.name || m.email || 'Member'} is now ${ROLE_LABELS[role].toLowerCase()}.`);
      await refresh();
    } catch (err) {
      toast.error(writeError(err));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await pb.collection('memberships').delete(removing.membershipId);
      toast.success(`${removing.name || removing.email || 'Member'} was removed.`);
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
        <CardTitle>Members</CardTitle>
        <CardDescription>People who can work on this organization’s venues and menus.</CardDescription>
      </CardHeader>
      <CardContent>
        {members.error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(members.error)}
          </p>
        ) : !members.data ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading members">
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
          <ul className="grid grid-cols-1 divide-y" aria-label="Members">
            {members.data.map((m) => {
              const you = m.userId === record?.id;
              const display = m.name || m.email || 'Member';
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
                      {you ? <Badge variant="outline">You</Badge> : null}
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
                          aria-label={`Role of ${display}`}
                          value={m.role}
                          disabled={busy === m.membershipId}
                          className="h-9 w-32"
                          onChange={(e) => void changeRole(m, e.target.value as MemberRole)}
                        >
                          {MEMBER_ROLES.filter((r) => r !== 'owner' || isOwner).map((r) => (
                            <option key={r} value={r}>
                              {ROLE_LABELS[r]}
                            </option>
                          ))}
                        </Select>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-9 text-muted-foreground hover:text-destructive"
                          aria-label={`Remove ${display}`}
                          onClick={() => setRemoving(m)}
                        >
                          <Trash2 />
                        </Button>
                      </>
                    ) : (
                      <Badge variant={m.role === 'owner' ? 'default' : 'secondary'}>{ROLE_LABELS[m.role] ?? m.role}</Badge>
                    )}
                  </div>
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
          title={`Remove ${removing?.name || removing?.email || 'this member'}?`}
          description="They lose access to this organization’s venues and menus right away. You can invite them again later."
          confirmLabel="Remove member"
          onConfirm={remove}
        />
      </CardContent>
    </Card>
  );
}
