import { useTitle } from '../../hooks/use-title.ts';
import { SubscriptionWait } from '../../components/auth/subscription-wait.tsx';

export default function SuccessPage() {
  useTitle();
  return <SubscriptionWait />;
}
