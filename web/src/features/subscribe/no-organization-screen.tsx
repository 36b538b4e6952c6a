import { Building2 } from 'lucide-react';
import { AuthCard } from '../../components/auth-card.tsx';
import { AccountActions } from './account-actions.tsx';

/** The account belongs to no organization (it left or was removed): an invitation is the way back in. */
export function NoOrganizationScreen() {
  return (
    <div className="mx-auto w-full max-w-md">
      <AuthCard
        icon={<Building2 />}
        title="You're not part of an organization"
        description="Ask an owner of your organization to invite you again, then open the link in their email."
      >
        <AccountActions />
      </AuthCard>
    </div>
  );
}
