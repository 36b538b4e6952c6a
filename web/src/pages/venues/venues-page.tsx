import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function VenuesPage() {
  useTitle('Venues');
  return <PageHeader title="Venues" />;
}
