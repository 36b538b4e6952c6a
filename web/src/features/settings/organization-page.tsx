import { useTranslation } from 'react-i18next';
import { useTitle } from '../../hooks/use-title.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/ui/card.tsx';
import { SettingsNav } from './settings-nav.tsx';
import { OrganizationCard } from './organization-card.tsx';
import { MembersCard } from './members-card.tsx';
import { InviteMemberCard } from './invite-member-card.tsx';
import { useMyRole } from './use-membership.ts';

export default function OrganizationPage() {
  const { t } = useTranslation('settings');
  useTitle(t('organizationTitle'));
  const { organization } = useAuth();
  const { role, canManage, isOwner } = useMyRole();
  return (
    <div className="max-w-4xl">
      <PageHeader title={t('title')} description={t('description')} />
      <SettingsNav />
      {!organization || role === undefined ? (
        <div className="grid gap-6" aria-busy="true" aria-label={t('loading')}>
          <Skeleton className="h-64" />
          <Skeleton className="h-48" />
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <OrganizationCard key={`${organization.id}-${String(organization.updated)}`} organization={organization} canManage={canManage} />
          <MembersCard organizationId={organization.id} canManage={canManage} isOwner={isOwner} />
          <InviteMemberCard organizationId={organization.id} canManage={canManage} isOwner={isOwner} />
        </div>
      )}
    </div>
  );
}
