import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function ItemsPage() {
  useTitle();
  return <PageHeader title="Items" />;
}
