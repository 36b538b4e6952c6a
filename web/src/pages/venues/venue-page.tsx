import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function VenuePage() {
  useTitle('Edit Venue');
  return <PageHeader title="Edit Venue" />;
}
