import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function LoginPage() {
  useTitle();
  return <PageHeader title="Sign in" />;
}
