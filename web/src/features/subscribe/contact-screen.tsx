import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LifeBuoy, TimerOff } from 'lucide-react';
import { useAuth } from '../../hooks/use-auth.ts';
import { paths } from '../../app/paths.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { AccountActions } from './account-actions.tsx';

/**
 * Trial billing, the organization's trial (or plan) has ended: this instance takes no payments
 * online, so the fix is to reach the people who run it, through the Help page (which stays open
 * in every state). Nothing is deleted meanwhile.
 */
export function ContactScreen() {
  const { t } = useTranslation('subscribe');
  const { organization } = useAuth();
  const trialEnded = organization?.subscriptionStatus === 'past_due' && Boolean(organization?.trialEndsAt);
  return (
    <div className="mx-auto w-full max-w-md">
      <AuthCard
        icon={<TimerOff />}
        title={trialEnded ? t('common:lapse.trialEnded') : t('contact.planEnded')}
        description={organization?.name ? t('contact.description', { name: String(organization.name) }) : t('contact.descriptionUnnamed')}
      >
        <div className="grid gap-2">
          <Link href={paths.help()} className={buttonVariants({ className: 'w-full' })} autoFocus>
            <LifeBuoy aria-hidden /> {t('common:lapse.contactUs')}
          </Link>
          <AccountActions />
        </div>
      </AuthCard>
    </div>
  );
}
