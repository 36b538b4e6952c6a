import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function VerifyPage() {
  useTitle();
  return <PageHeader title="Verify your email" />;
}
