import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function ConfirmEmailChangePage() {
  useTitle();
  return <PageHeader title="Confirm your new email" />;
}
