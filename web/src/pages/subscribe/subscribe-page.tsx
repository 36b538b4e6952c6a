import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function SubscribePage() {
  useTitle();
  return <PageHeader title="Choose your plan" />;
}
