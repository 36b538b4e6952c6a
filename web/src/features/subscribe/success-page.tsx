import { useTitle } from '../../hooks/use-title.ts';
import { SubscriptionWait } from './subscription-wait.tsx';

export default function SuccessPage() {
  useTitle();
  return <SubscriptionWait />;
}
