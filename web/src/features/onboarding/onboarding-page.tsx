import { useTitle } from '../../hooks/use-title.ts';
import { OnboardingForm } from './onboarding-form.tsx';
import { SetupSteps } from '../../components/setup-steps.tsx';

export default function OnboardingPage() {
  useTitle();
  return (
    <>
      <SetupSteps current="venue" />
      <OnboardingForm />
    </>
  );
}
