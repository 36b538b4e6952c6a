import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function TagsPage() {
  useTitle('Tags');
  return <PageHeader title="Tags" />;
}
