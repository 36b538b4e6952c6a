import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function DashboardPage() {
  useTitle('Dashboard');
  return <PageHeader title="Dashboard" />;
}
