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
  const { organization } = useAuth();
  const name = String(organization?.name ?? 'your organization');
  const trialEnded = organization?.subscriptionStatus === 'past_due' && Boolean(organization?.trialEndsAt);
  return (
    <div className="mx-auto w-full max-w-md">
      <AuthCard
        icon={<TimerOff />}
        title={trialEnded ? 'Your free trial has ended' : 'Your plan has ended'}
        description={`${name} and its menus are kept. Plans can't be paid online on this server: contact us and we'll continue your plan.`}
      >
        <div className="grid gap-2">
          <Link href={paths.help()} className={buttonVariants({ className: 'w-full' })} autoFocus>
            <LifeBuoy aria-hidden /> Contact us
          </Link>
          <AccountActions />
        </div>
      </AuthCard>
    </div>
  );
}
