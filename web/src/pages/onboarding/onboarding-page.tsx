import { useTitle } from '../../hooks/use-title.ts';
import { PageHeader } from '../../components/page-header.tsx';

export default function OnboardingPage() {
  useTitle();
  return <PageHeader title="Set up your venue" />;
}
