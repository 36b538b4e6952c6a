import { useTitle } from '../../hooks/use-title.ts';
import { SubscribePanel } from '../../components/auth/subscribe-panel.tsx';

export default function SubscribePage() {
  useTitle();
  return <SubscribePanel />;
}
