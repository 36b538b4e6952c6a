import { useTranslation } from 'react-i18next';
import { Building2 } from 'lucide-react';
import { AuthCard } from '../../components/auth-card.tsx';
import { AccountActions } from './account-actions.tsx';

/** The account belongs to no organization (it left or was removed): an invitation is the way back in. */
export function NoOrganizationScreen() {
  const { t } = useTranslation('subscribe');
  return (
    <div className="mx-auto w-full max-w-md">
      <AuthCard icon={<Building2 />} title={t('noOrganization.title')} description={t('noOrganization.description')}>
        <AccountActions />
      </AuthCard>
    </div>
  );
}
