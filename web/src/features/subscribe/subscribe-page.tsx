import { useTitle } from '../../hooks/use-title.ts';
import { SubscribePanel } from './subscribe-panel.tsx';

export default function SubscribePage() {
  useTitle();
  return <SubscribePanel />;
}
