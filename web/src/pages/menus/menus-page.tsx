import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function MenusPage() {
  useTitle('Menus');
  return <PageHeader title="Menus" />;
}
