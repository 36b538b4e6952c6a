import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import useSWR from 'swr';
import type { RecordModel } from 'pocketbase';
import { LogOut, User } from 'lucide-react';
import { toast } from '../lib/toast.ts';
import { pb } from '../lib/pb.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { refreshAuth, useAuth } from '../hooks/use-auth.ts';
import { paths } from './paths.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import type { DeferredMenuProps } from '../components/ui/deferred-menu.tsx';

/**
 * The signed-in layout's menus (organization switcher, account menu): their own chunk, loaded
 * when first wanted (components/ui/deferred-menu.tsx), so a phone's first load does without Radix Menu.
 */

/** Switches the current organization among the user's memberships. */
export function OrganizationMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const { t } = useTranslation();
  const { record, organization } = useAuth();
  const { data } = useSWR(record ? ['memberships', record.id] : null, () =>
    pb
      .collection('memberships')
      .getFullList({ filter: pb.filter('user = {:id}', { id: record?.id }), expand: 'organization', sort: 'created' }),
  );
  const switchTo = async (org: RecordModel) => {
    if (!record || org.id === organization?.id) return;
    try {
      await pb.collection('users').update(record.id, { currentOrganization: org.id });
      await refreshAuth();
      toast.success(t('shell.switchedTo', { name: String(org.name) }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>{t('shell.organizations')}</DropdownMenuLabel>
        {(data ?? []).map((m) => {
          const org = (m.expand as { organization?: RecordModel } | undefined)?.organization;
          if (!org) return null;
          return (
            <DropdownMenuItem key={org.id} onSelect={() => void switchTo(org)}>
              {String(org.name)}
              {org.id === organization?.id ? <span className="ml-auto text-xs">✓</span> : null}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The account menu: profile and sign-out. */
export function UserMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const { t } = useTranslation();
  const { record, logout } = useAuth();
  const [, navigate] = useLocation();
  const name = String(record?.name || record?.email || t('shell.account'));
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(paths.profile())}>
          <User /> {t('shell.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            logout();
            navigate(paths.login());
          }}
        >
          <LogOut /> {t('shell.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
