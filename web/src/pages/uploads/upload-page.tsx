import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function UploadPage() {
  useTitle('Menu Upload');
  return <PageHeader title="Menu Upload" />;
}
