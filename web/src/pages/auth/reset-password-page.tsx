import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function ResetPasswordPage() {
  useTitle();
  return <PageHeader title="Choose a new password" />;
}
