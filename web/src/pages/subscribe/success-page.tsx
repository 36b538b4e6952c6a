import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function SuccessPage() {
  useTitle();
  return <PageHeader title="You are all set" />;
}
