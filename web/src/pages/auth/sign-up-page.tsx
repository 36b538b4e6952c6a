import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function SignUpPage() {
  useTitle();
  return <PageHeader title="Create your account" />;
}
