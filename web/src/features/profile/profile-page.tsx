import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ProfileDetailsCard } from './profile-details-card.tsx';
import { EmailChangeCard } from './email-change-card.tsx';
import { PasswordChangeCard } from './password-change-card.tsx';
import { ThemeCard } from './theme-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';

export default function ProfilePage() {
  useTitle('Profile');
  return (
    <div className="max-w-3xl">
      <PageHeader title="Profile" description="Your personal details, sign-in and preferences." />
      <div className="grid grid-cols-1 gap-6">
        <ProfileDetailsCard />
        <EmailChangeCard />
        <PasswordChangeCard />
        <ThemeCard />
        <SessionsCard />
        <DeleteAccountCard />
      </div>
    </div>
  );
}
