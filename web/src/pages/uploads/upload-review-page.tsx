import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function UploadReviewPage() {
  useTitle();
  return <PageHeader title="Review upload" />;
}
