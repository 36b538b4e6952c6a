import { LanguageCard } from './language-card.tsx';
import { useTranslation } from 'react-i18next';
import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ProfileDetailsCard } from './profile-details-card.tsx';
import { EmailChangeCard } from './email-change-card.tsx';
import { PasswordChangeCard } from './password-change-card.tsx';
import { ThemeCard } from './theme-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  useTitle(t('title'));
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid grid-cols-1 gap-6">
        <ProfileDetailsCard />
        <EmailChangeCard />
        <PasswordChangeCard />
        <LanguageCard />
        <ThemeCard />
        <SessionsCard />
        <DeleteAccountCard />
      </div>
    </div>
  );
}
